import { Link, redirect } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { FormAlert } from "~/components/auth/form-alert";
import { ResendVerification } from "~/components/auth/resend-verification";
import { SignInForm } from "~/components/auth/sign-in-form";
import { textLinkClass } from "~/components/legal-page";
import { pageMeta } from "~/lib/seo";
import { safeRedirectPath } from "~/schemas/auth";
import { successNotice } from "~/schemas/form";
import { verificationLinkNotice } from "~/server/accounts/auth-flows.server";
import { getUser } from "~/server/accounts/session.server";
import { servicesContext } from "~/server/platform/context";
import { readForm } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/signin";
import { answerResend, answerSignIn } from "./auth-answers.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const user = await getUser(services, request);
  if (user) {
    // The confirmation link signs the person in and lands here.
    if (url.searchParams.has("verified")) {
      throw await redirectWithToast(
        services,
        "/",
        successNotice("Email confirmed", "Thank you. Your email address is confirmed and you are signed in."),
      );
    }
    throw redirect(redirectTo);
  }
  return { redirectTo, linkNotice: verificationLinkNotice(url) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(services, request);
  if (form.get("intent") === "resend") return answerResend(services, request, form);
  return answerSignIn(services, request, form);
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Sign in",
    "Sign in to your Paddock account to enter competitions, see your tickets and manage your details.",
  );

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const resend = actionData?.intent === "resend" ? actionData : undefined;
  const signIn = actionData?.intent === "signin" ? actionData : undefined;
  return (
    <AuthCard
      title="Sign in"
      intro={
        <>
          New to Paddock?{" "}
          <Link to="/join" className={textLinkClass}>
            Join now
          </Link>
        </>
      }
    >
      {loaderData.linkNotice ? (
        <div className="mb-5">
          <FormAlert notice={loaderData.linkNotice} />
        </div>
      ) : null}
      <SignInForm reply={signIn} redirectTo={loaderData.redirectTo} />
      <ResendVerification reply={resend} />
    </AuthCard>
  );
}
