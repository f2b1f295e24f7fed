import { data, Outlet } from "react-router";
import type { Route } from "./+types/site-layout";
import { PromoBanner } from "~/components/promo-banner";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import { servicesContext } from "~/server/context";
import { getUser } from "~/server/session.server";
import { readToast } from "~/server/toast.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [user, { toast, headers }] = await Promise.all([getUser(services, request), readToast(services, request)]);
  return data({ user: user ? { name: user.name, email: user.email } : null, toast }, { headers });
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <a href="#main" className="sr-only-focusable fixed left-2 top-2 z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground">
        Skip to content
      </a>
      <PromoBanner />
      <SiteHeader user={loaderData.user} />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <Toaster toast={loaderData.toast} />
    </>
  );
}
