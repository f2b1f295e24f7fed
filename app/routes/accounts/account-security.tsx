import { AccountSection, AccountShell } from "~/components/account/account-shell";
import { ChangePasswordForm, SessionsList, TwoFactorSettings } from "~/components/account/security-forms";
import { SIGNED_OUT_TOASTS } from "~/content/account";
import { pageMeta } from "~/lib/seo";
import { securityCheck } from "~/schemas/auth";
import { getTwoFactorState, listSessions } from "~/server/accounts/account.server";
import { enrolmentToRetry, securityStep } from "~/server/accounts/security.server";
import { guardedUser } from "~/server/accounts/session.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/account-security";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = guardedUser(context);
  const [sessions, twoFactor] = await Promise.all([listSessions(services, user), getTwoFactorState(services, user)]);
  return { sessions, twoFactor };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, securityCheck.schema);
  // Which of the page's forms posted: its reply shows on that form only.
  const intent = typeof submission.payload.intent === "string" ? submission.payload.intent : "";
  if (submission.status !== "success")
    return refused(submission, securityCheck, { intent, enrolment: enrolmentToRetry(submission.payload) });
  const user = guardedUser(context);
  const outcome = await securityStep(services, request, user, submission.value);
  if (!outcome.ok) return formReply(submission, outcome, { intent, enrolment: outcome.enrolment });
  switch (outcome.kind) {
    case "done": {
      const toast = { type: "success", title: outcome.title, description: outcome.description } as const;
      return redirectWithToast(services, "/account/security", toast, { headers: outcome.cookies });
    }
    case "signed-out":
      return redirectWithToast(services, "/", SIGNED_OUT_TOASTS["this-device"], { headers: outcome.cookies });
    case "show": {
      const { enrolment, backupCodes } = outcome;
      return formReply(submission, { cookies: outcome.cookies }, { intent, enrolment, backupCodes });
    }
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Security", "Change your Paddock password, set up two-factor sign-in and see where you are signed in.");

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
