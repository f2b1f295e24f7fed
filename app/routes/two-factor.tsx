import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/two-factor";
import { AuthCard } from "~/components/auth/auth-card";
import { CheckboxField } from "~/components/auth/checkbox-field";
import { FormAlert } from "~/components/auth/form-alert";
import { TextField } from "~/components/auth/text-field";
import { textLinkClass } from "~/components/legal-page";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { safeRedirectPath } from "~/schemas/auth";
import { hasTwoFactorChallenge, twoFactorChallengeAction } from "~/server/auth-flows.server";
import { servicesContext } from "~/server/context";
import { requireAnonymous } from "~/server/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(context.get(servicesContext), request);
  // Only reachable between a correct password and the second factor.
  if (!hasTwoFactorChallenge(request)) throw redirect("/signin");
  return { redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await requireAnonymous(services, request);
  return twoFactorChallengeAction(services, request, await request.formData());
}

export const meta: Route.MetaFunction = () => pageMeta("Two-factor sign-in", "Enter the code from your authenticator app to finish signing in to Paddock.");

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <AuthCard title="Two-factor sign-in" intro="Open your authenticator app and enter the 6-digit code for Paddock. Lost your phone? Enter one of your backup codes instead.">
      <Form method="post" noValidate className="space-y-5">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormAlert notice={actionData?.notice} />
        <TextField label="Code" name="code" autoComplete="one-time-code" inputMode="text" maxLength={16} error={actionData?.errors.code} />
        <CheckboxField name="trustDevice" label="Trust this device for 30 days" />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Checking…" : "Verify and sign in"}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/signin" className={textLinkClass}>
          Start again
        </Link>
      </p>
    </AuthCard>
  );
}
