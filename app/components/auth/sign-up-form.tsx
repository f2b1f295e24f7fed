import { Link } from "react-router";
import { useFormReply } from "~/components/form-feedback";
import { textLinkClass } from "~/components/legal-page";
import { SubmitButton } from "~/components/ui/button";
import type { FormReply } from "~/schemas/form";
import { EmailField, MarketingConsentField, NameFields, NewPasswordFields, PhoneField } from "./account-fields";
import { CheckboxField } from "./checkbox-field";
import { ReplyForm, useBusy } from "./reply-form";

const PASSWORD_HINT = "At least 8 characters. Avoid common passwords; a few unrelated words work well.";

/**
 * /join asks for a phone number and the terms; the Sign Up tab on /auth asks for neither (spec section 2).
 * The spec's /join ticks marketing in advance; a pre-ticked box is not consent under UK GDPR and PECR, so
 * it starts unticked everywhere.
 */
export function SignUpForm({
  reply,
  redirectTo,
  variant,
  action,
}: {
  reply?: FormReply;
  redirectTo: string;
  variant: "join" | "auth";
  action?: string;
}) {
  const busy = useBusy("signup");
  const form = useFormReply(reply);
  const { error, value } = form;
  return (
    <ReplyForm form={form} action={action} hidden={{ intent: "signup", redirectTo }}>
      <NameFields value={value} error={error} />
      <EmailField defaultValue={value("email")} error={error("email")} />
      {variant === "join" ? <PhoneField defaultValue={value("phone")} error={error("phone")} /> : null}
      <NewPasswordFields label="Password" hint={PASSWORD_HINT} error={error} />
      {variant === "join" ? (
        <CheckboxField
          name="agreeTerms"
          defaultChecked={value("agreeTerms") === "on"}
          error={error("agreeTerms")}
          label={
            <>
              I am 18 or over and agree to the{" "}
              <Link to="/terms" className={textLinkClass}>
                terms and conditions
              </Link>{" "}
              and the{" "}
              <Link to="/privacy" className={textLinkClass}>
                privacy policy
              </Link>
              .
            </>
          }
        />
      ) : null}
      <MarketingConsentField defaultChecked={value("marketingConsent") === "on"} />
      <SubmitButton busy={busy} label="Create account" busyLabel="Creating account…" className="w-full" />
    </ReplyForm>
  );
}
