import { data, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { Toaster, ToastWithoutScript } from "~/components/toaster";
import { visibleTabs } from "~/content/admin-tabs";
import { adminBreadcrumbs } from "~/domain/admin-breadcrumbs";
import { crumbNames } from "~/server/admin/console.server";
import { guardedStaff, staffGuard } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { readToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/admin-layout";

// The whole staff area: sign-in, a staff role and two-factor are checked once per request here, before any child
// loader or action; each child then checks its own permission with requirePermission(context, ...).
export const middleware: Route.MiddlewareFunction[] = [staffGuard];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = guardedStaff(context);
  const services = context.get(servicesContext);
  const { pathname } = new URL(request.url);
  // The dashboard is the current area on /admin only; the others on their pages below them too.
  const areas = visibleTabs(staff.permissions).map(({ label, path }) => ({ label, to: path, end: path === "/admin" }));
  const [names, { toast, headers }] = await Promise.all([
    // A failed name look-up leaves the record named by its id rather than breaking the page.
    crumbNames(services, pathname).catch(() => ({})),
    readToast(services, request),
  ]);
  return data(
    { areas, crumbs: adminBreadcrumbs(pathname, names), staffName: staff.user.name || staff.user.email, toast },
    { headers },
  );
}

// The breadcrumbs follow the page, so every move within the console reads them again.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminShell areas={loaderData.areas} crumbs={loaderData.crumbs} staffName={loaderData.staffName}>
        <ToastWithoutScript toast={loaderData.toast} />
        <Outlet />
      </AdminShell>
      <Toaster toast={loaderData.toast} />
    </>
  );
}
