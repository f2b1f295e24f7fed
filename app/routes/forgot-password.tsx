import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AuthCard } from "~/components/auth/auth-card";
import { FormAlert } from "~/components/auth/form-alert";
import { TextField } from "~/components/auth/text-field";
import { textLinkClass } from "~/components/legal-page";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { EmailOnlySchema } from "~/schemas/auth";
import { fieldErrors } from "~/schemas/form";
import { formResult, keptValues, requestResetAction } from "~/server/auth-flows.server";
import { servicesContext } from "~/server/context";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData();
  const parsed = EmailOnlySchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return formResult({ errors: fieldErrors(parsed.error), values: keptValues(form) }, 400);
  const outcome = await requestResetAction(services, request, parsed.data.email);
  return formResult({ notice: outcome.notice, errors: {}, values: outcome.ok ? {} : keptValues(form) }, outcome.status);
}

export const meta: Route.MetaFunction = () => pageMeta("Reset your password", "Ask for a link to set a new password for your Paddock account.");

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <AuthCard title="Reset your password" intro="Enter the email address you use for Paddock and we will send you a link to set a new password.">
      <Form method="post" noValidate className="space-y-5">
        <FormAlert notice={actionData?.notice} />
        <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={actionData?.values.email} error={actionData?.errors.email} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Sending…" : "Send reset link"}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        Remembered it?{" "}
        <Link to="/signin" className={textLinkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
