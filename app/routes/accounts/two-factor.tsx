import { Link, redirect } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { CheckboxField } from "~/components/auth/checkbox-field";
import { ReplyForm, useBusy } from "~/components/auth/reply-form";
import { TextField } from "~/components/auth/text-field";
import { useFormReply } from "~/components/form-feedback";
import { textLinkClass } from "~/components/legal-page";
import { SubmitButton } from "~/components/ui/button";
import { WELCOME_TOAST } from "~/content/account";
import { pageMeta } from "~/lib/seo";
import { safeRedirectPath, twoFactorCheck } from "~/schemas/auth";
import { errorNotice } from "~/schemas/form";
import { hasTwoFactorChallenge, verifyTwoFactor } from "~/server/accounts/auth-flows.server";
import { requireAnonymous } from "~/server/accounts/session.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/two-factor";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(context.get(servicesContext), request);
  // Only reachable between a correct password and the second factor.
  if (!hasTwoFactorChallenge(request)) throw redirect("/signin");
  return { redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, twoFactorCheck.schema);
  if (submission.status !== "success") return refused(submission, twoFactorCheck);
  await requireAnonymous(services, request);
  const outcome = await verifyTwoFactor(services, request, submission.value);
  if (outcome.ok) {
    const to = safeRedirectPath(submission.value.redirectTo);
    return redirectWithToast(services, to, WELCOME_TOAST, { headers: outcome.cookies });
  }
  if ("restart" in outcome) {
    const toast = errorNotice("Please sign in again", "Your sign-in timed out or had too many wrong codes.");
    throw await redirectWithToast(services, "/signin", toast, { headers: outcome.cookies });
  }
  return formReply(submission, outcome);
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Two-factor sign-in", "Enter the code from your authenticator app to finish signing in to Paddock.");

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useBusy();
  const form = useFormReply(actionData);
  return (
    <AuthCard
      title="Two-factor sign-in"
      intro={
        "Open your authenticator app and enter the 6-digit code for Paddock. " +
        "Lost your phone? Enter one of your backup codes instead."
      }
      footer={
        <Link to="/signin" className={textLinkClass}>
          Start again
        </Link>
      }
    >
      <ReplyForm form={form} hidden={{ redirectTo: loaderData.redirectTo }}>
        <TextField
          label="Code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          maxLength={16}
          error={form.error("code")}
        />
        <CheckboxField name="trustDevice" label="Trust this device for 30 days" />
        <SubmitButton busy={busy} label="Verify and sign in" busyLabel="Checking…" className="w-full" />
      </ReplyForm>
    </AuthCard>
  );
}
