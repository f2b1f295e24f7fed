import { Link } from "react-router";
import { useFormReply } from "~/components/form-feedback";
import { textLinkClass } from "~/components/legal-page";
import { SubmitButton } from "~/components/ui/button";
import type { FormReply } from "~/schemas/form";
import { EmailField } from "./account-fields";
import { PasswordField } from "./password-field";
import { ReplyForm, useBusy } from "./reply-form";

/** Email and password. Posts to the page it is on, with intent=signin. */
export function SignInForm({ reply, redirectTo, action }: { reply?: FormReply; redirectTo: string; action?: string }) {
  const busy = useBusy("signin");
  const form = useFormReply(reply);
  return (
    <ReplyForm form={form} action={action} hidden={{ intent: "signin", redirectTo }}>
      <EmailField defaultValue={form.value("email")} error={form.error("email")} />
      <PasswordField label="Password" name="password" autoComplete="current-password" error={form.error("password")} />
      <SubmitButton busy={busy} label="Sign In" busyLabel="Signing in…" className="w-full" />
      <p className="text-sm">
        <Link to="/forgot-password" className={textLinkClass}>
          Forgotten your password?
        </Link>
      </p>
    </ReplyForm>
  );
}
