import { Link } from "react-router";
import { NewPasswordFields } from "~/components/auth/account-fields";
import { AuthCard } from "~/components/auth/auth-card";
import { FormAlert } from "~/components/auth/form-alert";
import { ReplyForm, useBusy } from "~/components/auth/reply-form";
import { useFormReply } from "~/components/form-feedback";
import { textLinkClass } from "~/components/legal-page";
import { SubmitButton } from "~/components/ui/button";
import { AUTH_MESSAGES } from "~/content/account";
import { pageMeta } from "~/lib/seo";
import { resetPasswordCheck } from "~/schemas/auth";
import { successNotice } from "~/schemas/form";
import { resetPassword } from "~/server/accounts/auth-flows.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/reset-password";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  return { token: params.has("error") || !token ? null : token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, resetPasswordCheck.schema);
  if (submission.status !== "success") return refused(submission, resetPasswordCheck);
  const outcome = await resetPassword(services, request, submission.value);
  if (!outcome.ok) return formReply(submission, outcome);
  return redirectWithToast(services, "/signin", successNotice(AUTH_MESSAGES.resetDoneTitle, AUTH_MESSAGES.resetDone));
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Choose a new password", "Set a new password for your Paddock account.");

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useBusy();
  const form = useFormReply(actionData);
  if (!loaderData.token) {
    return (
      <AuthCard title="Choose a new password">
        <FormAlert notice={{ type: "error", title: "Link not valid", description: AUTH_MESSAGES.resetLinkInvalid }} />
        <p className="mt-6">
          <Link to="/forgot-password" className={textLinkClass}>
            Ask for a new reset link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" intro="Your new password signs you out on every device.">
      <ReplyForm form={form} hidden={{ token: loaderData.token }}>
        <NewPasswordFields hint="At least 8 characters, and not a common password." error={form.error} />
        <SubmitButton busy={busy} label="Set new password" busyLabel="Saving…" className="w-full" />
      </ReplyForm>
    </AuthCard>
  );
}
