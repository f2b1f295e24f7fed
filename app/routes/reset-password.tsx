import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthCard } from "~/components/auth/auth-card";
import { FormAlert } from "~/components/auth/form-alert";
import { PasswordField } from "~/components/auth/password-field";
import { textLinkClass } from "~/components/legal-page";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { AUTH_MESSAGES } from "~/content/account";
import { ResetPasswordSchema } from "~/schemas/auth";
import { fieldErrors } from "~/schemas/form";
import { callAuth } from "~/server/auth.server";
import { formResult } from "~/server/auth-flows.server";
import { servicesContext } from "~/server/context";
import { redirectWithToast } from "~/server/toast.server";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  return { token: params.has("error") || !token ? null : token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData();
  const parsed = ResetPasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return formResult({ errors: fieldErrors(parsed.error), values: {} }, 400);
  const result = await callAuth(services.auth, services.env, request, "/reset-password", {
    body: { token: parsed.data.token, newPassword: parsed.data.password },
  });
  if (result.ok) {
    // better-auth ends every session of the account (revokeSessionsOnPasswordReset).
    return redirectWithToast(services, "/signin", { type: "success", title: AUTH_MESSAGES.resetDoneTitle, description: AUTH_MESSAGES.resetDone });
  }
  if (result.status === 429) return formResult({ notice: { type: "error", title: AUTH_MESSAGES.tooManyTitle, description: AUTH_MESSAGES.tooMany }, errors: {}, values: {} }, 429);
  if (result.code === "PASSWORD_TOO_COMMON" || result.code.startsWith("PASSWORD_TOO")) {
    return formResult({ errors: { password: result.message }, values: {} }, 400);
  }
  return formResult({ notice: { type: "error", title: "Link not valid", description: AUTH_MESSAGES.resetLinkInvalid }, errors: {}, values: {} }, 400);
}

export const meta: Route.MetaFunction = () => pageMeta("Choose a new password", "Set a new password for your Paddock account.");

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
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
      <Form method="post" noValidate className="space-y-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <FormAlert notice={actionData?.notice} />
        <PasswordField label="New password" name="password" autoComplete="new-password" hint="At least 8 characters, and not a common password." error={actionData?.errors.password} />
        <PasswordField label="Confirm new password" name="confirmPassword" autoComplete="new-password" error={actionData?.errors.confirmPassword} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving…" : "Set new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
