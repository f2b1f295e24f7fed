import { AuthCard } from "~/components/auth/auth-card";
import { AuthTabs } from "~/components/auth/auth-tabs";
import { SignInForm } from "~/components/auth/sign-in-form";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { pageMeta } from "~/lib/seo";
import { safeRedirectPath } from "~/schemas/auth";
import { requireAnonymous } from "~/server/accounts/session.server";
import { servicesContext } from "~/server/platform/context";
import { readForm } from "~/server/platform/form-action.server";
import type { Route } from "./+types/auth";
import { answerSignIn, answerSignUp } from "./auth-answers.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(context.get(servicesContext), request);
  const params = new URL(request.url).searchParams;
  return {
    tab: params.get("tab") === "signup" ? ("signup" as const) : ("signin" as const),
    redirectTo: safeRedirectPath(params.get("redirectTo")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(services, request);
  return form.get("intent") === "signup"
    ? answerSignUp(services, request, form, "auth")
    : answerSignIn(services, request, form);
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Sign in or join", "Sign in to your Paddock account, or create one to enter equestrian prize competitions.");

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  // After a failed sign-up the Sign Up tab stays open; after a successful one, Sign In opens with the notice.
  const tab = actionData?.intent ?? loaderData.tab;
  const active = tab === "signup" ? "signup" : "signin";
  return (
    <AuthCard
      title={active === "signup" ? "Create your account" : "Welcome to Paddock"}
      intro="Sign in to enter competitions and see your tickets, or create a free account."
    >
      <AuthTabs active={active} redirectTo={loaderData.redirectTo}>
        {active === "signup" ? (
          <SignUpForm
            variant="auth"
            reply={actionData?.intent === "signup" ? actionData : undefined}
            redirectTo={loaderData.redirectTo}
          />
        ) : (
          <SignInForm
            reply={actionData?.intent === "signin" ? actionData : undefined}
            redirectTo={loaderData.redirectTo}
          />
        )}
      </AuthTabs>
    </AuthCard>
  );
}
