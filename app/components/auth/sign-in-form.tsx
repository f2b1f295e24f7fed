import { Form, Link, useNavigation } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { Button } from "~/components/ui/button";
import type { FormNotice } from "~/schemas/form";
import { FormAlert } from "./form-alert";
import { PasswordField } from "./password-field";
import { TextField } from "./text-field";

export type AuthFormState = { notice?: FormNotice; errors: Partial<Record<string, string>>; values: Record<string, string> };

/** Email and password. Posts to the page it is on, with intent=signin. */
export function SignInForm({ state, redirectTo, action }: { state?: AuthFormState; redirectTo: string; action?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "signin";
  const errors = state?.errors ?? {};
  return (
    <Form method="post" action={action} noValidate className="space-y-5">
      <input type="hidden" name="intent" value="signin" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormAlert notice={state?.notice} />
      <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={state?.values.email} error={errors.email} />
      <PasswordField label="Password" name="password" autoComplete="current-password" error={errors.password} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing in…" : "Sign In"}
      </Button>
      <p className="text-sm">
        <Link to="/forgot-password" className={textLinkClass}>
          Forgotten your password?
        </Link>
      </p>
    </Form>
  );
}
