import { Link } from "react-router";
import { EmailField } from "~/components/auth/account-fields";
import { AuthCard } from "~/components/auth/auth-card";
import { ReplyForm, useBusy } from "~/components/auth/reply-form";
import { useFormReply } from "~/components/form-feedback";
import { textLinkClass } from "~/components/legal-page";
import { SubmitButton } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { emailOnlyCheck } from "~/schemas/auth";
import { requestPasswordReset } from "~/server/accounts/auth-flows.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import type { Route } from "./+types/forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, emailOnlyCheck.schema);
  if (submission.status !== "success") return refused(submission, emailOnlyCheck);
  const outcome = await requestPasswordReset(services, request, submission.value.email);
  return formReply(submission, { ...outcome, resetForm: outcome.ok });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Reset your password", "Ask for a link to set a new password for your Paddock account.");

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const busy = useBusy();
  const form = useFormReply(actionData);
  return (
    <AuthCard
      title="Reset your password"
      intro="Enter the email address you use for Paddock and we will send you a link to set a new password."
      footer={
        <>
          Remembered it?{" "}
          <Link to="/signin" className={textLinkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      <ReplyForm form={form}>
        <EmailField defaultValue={form.value("email")} error={form.error("email")} />
        <SubmitButton busy={busy} label="Send reset link" busyLabel="Sending…" className="w-full" />
      </ReplyForm>
    </AuthCard>
  );
}
