import type { Route } from "./+types/account-security";
import { AccountSection, AccountShell } from "~/components/account/account-shell";
import { ChangePasswordForm, SessionsList, TwoFactorSettings } from "~/components/account/security-forms";
import { pageMeta } from "~/lib/seo";
import { getTwoFactorState, listSessions } from "~/server/account.server";
import { servicesContext } from "~/server/context";
import { securityAction } from "~/server/security.server";
import { requireUser } from "~/server/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const [sessions, twoFactor] = await Promise.all([listSessions(services, user), getTwoFactorState(services, user)]);
  return { sessions, twoFactor };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  return securityAction(services, request, user, await request.formData());
}

export const meta: Route.MetaFunction = () => pageMeta("Security", "Change your Paddock password, set up two-factor sign-in and see where you are signed in.");

export default function AccountSecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountShell title="Security" intro="Your password, two-factor sign-in and the devices you are signed in on.">
      <div className="space-y-6">
        <AccountSection id="password-title" title="Password">
          <ChangePasswordForm state={actionData} />
        </AccountSection>
        <AccountSection id="two-factor-title" title="Two-factor authentication">
          <TwoFactorSettings status={loaderData.twoFactor} state={actionData} />
        </AccountSection>
        <AccountSection id="sessions-title" title="Where you are signed in">
          <SessionsList sessions={loaderData.sessions} state={actionData} />
        </AccountSection>
      </div>
    </AccountShell>
  );
}
