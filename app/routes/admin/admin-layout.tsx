import { Outlet } from "react-router";
import { TabNav } from "~/components/tab-nav";
import { visibleTabs } from "~/content/admin-tabs";
import { guardedStaff, staffGuard } from "~/server/admin/staff.server";
import type { Route } from "./+types/admin-layout";

// The whole staff area: sign-in, a staff role and two-factor are checked once per request here, before any child
// loader or action; each child then checks its own permission with requirePermission(context, ...).
export const middleware: Route.MiddlewareFunction[] = [staffGuard];

export async function loader({ context }: Route.LoaderArgs) {
  // The dashboard tab is active on /admin only; the others on their pages below them too.
  const tabs = visibleTabs(guardedStaff(context).permissions).map(({ label, path }) => ({
    label,
    to: path,
    end: path === "/admin",
  }));
  return { tabs };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <TabNav label="Admin" links={loaderData.tabs} />
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}
