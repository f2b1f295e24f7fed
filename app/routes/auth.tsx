import type { Route } from "./+types/auth";
import { AuthCard } from "~/components/auth/auth-card";
import { AuthTabs } from "~/components/auth/auth-tabs";
import { SignInForm } from "~/components/auth/sign-in-form";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { pageMeta } from "~/lib/seo";
import { safeRedirectPath } from "~/schemas/auth";
import { signInAction, signUpAction } from "~/server/auth-flows.server";
import { servicesContext } from "~/server/context";
import { requireAnonymous } from "~/server/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(context.get(servicesContext), request);
  const params = new URL(request.url).searchParams;
  return { tab: params.get("tab") === "signup" ? ("signup" as const) : ("signin" as const), redirectTo: safeRedirectPath(params.get("redirectTo")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await requireAnonymous(services, request);
  const form = await request.formData();
  return form.get("intent") === "signup" ? signUpAction(services, request, form, "auth") : signInAction(services, request, form);
}

export const meta: Route.MetaFunction = () => pageMeta("Sign in or join", "Sign in to your Paddock account, or create one to enter equestrian prize competitions.");

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  // After a failed sign-up the Sign Up tab stays open; after a successful one, Sign In opens with the notice.
  const tab = actionData?.intent ?? loaderData.tab;
  const active = tab === "signup" ? "signup" : "signin";
  return (
    <AuthCard title={active === "signup" ? "Create your account" : "Welcome to Paddock"} intro="Sign in to enter competitions and see your tickets, or create a free account.">
      <AuthTabs active={active} redirectTo={loaderData.redirectTo}>
        {active === "signup" ? (
          <SignUpForm variant="auth" state={actionData?.intent === "signup" ? actionData : undefined} redirectTo={loaderData.redirectTo} />
        ) : (
          <SignInForm state={actionData?.intent === "signin" ? actionData : undefined} redirectTo={loaderData.redirectTo} />
        )}
      </AuthTabs>
    </AuthCard>
  );
}
