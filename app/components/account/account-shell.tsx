import { LogOut } from "lucide-react";
import { Form } from "react-router";
import { TabNav } from "~/components/tab-nav";
import { buttonClass } from "~/components/ui/button";

const LINKS = [
  { to: "/account", label: "Profile and orders" },
  { to: "/account/security", label: "Security" },
  { to: "/account/notifications", label: "Notifications" },
  { to: "/account/privacy", label: "Privacy and data" },
  { to: "/account/limits", label: "Spending limits" },
  { to: "/account/eligibility", label: "Eligibility" },
  { to: "/account/complaints", label: "Complaints" },
];

/** Signs this browser out (a POST: signing out changes state). */
export function SignOutButton() {
  return (
    <Form method="post" action="/signout">
      <button type="submit" className={buttonClass("outline", "sm")}>
        <LogOut aria-hidden="true" className="h-4 w-4" /> Sign out
      </button>
    </Form>
  );
}

/** Every account page: its h1, the account sub-navigation, a sign-out button, then the page. */
export function AccountShell({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          {intro ? <p className="mt-2 text-muted-foreground [overflow-wrap:anywhere]">{intro}</p> : null}
        </div>
        <SignOutButton />
      </div>
      <TabNav label="Account" links={LINKS} className="mt-6" />
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** A titled card section inside an account page. */
export function AccountSection({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-card p-6 text-card-foreground">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}
