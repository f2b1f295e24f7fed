import { data, Outlet } from "react-router";
import { PromoBanner } from "~/components/promo-banner";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster, ToastWithoutScript } from "~/components/toaster";
import { isStaff } from "~/domain/permissions";
import { unreadCount } from "~/server/accounts/notifications.server";
import { getUser } from "~/server/accounts/session.server";
import { rolesOf } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { readToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/site-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [user, { toast, headers }] = await Promise.all([getUser(services, request), readToast(services, request)]);
  // Staff see an Admin link; a failed role check just leaves it out (the /admin guard decides entry anyway).
  const [staff, unread] = user
    ? await Promise.all([
        rolesOf(services, user.id)
          .then(isStaff)
          .catch(() => false),
        // The bell's count; a failed read shows none rather than breaking the page (the stream corrects it).
        unreadCount(services.db, user.id, services.now()).catch(() => 0),
      ])
    : [false, 0];
  return data(
    { user: user ? { name: user.name, email: user.email, isStaff: staff, unread } : null, toast },
    { headers },
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <a
        href="#main"
        className="sr-only-focusable fixed left-2 top-2 z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground"
      >
        Skip to content
      </a>
      <PromoBanner />
      <SiteHeader user={loaderData.user} />
      <main id="main" tabIndex={-1} className="outline-none">
        <ToastWithoutScript toast={loaderData.toast} />
        <Outlet />
      </main>
      <SiteFooter />
      <Toaster toast={loaderData.toast} />
    </>
  );
}
