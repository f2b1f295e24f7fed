import { Link } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { textLinkClass } from "~/components/legal-page";
import { pageMeta } from "~/lib/seo";
import { safeRedirectPath } from "~/schemas/auth";
import { requireAnonymous } from "~/server/accounts/session.server";
import { servicesContext } from "~/server/platform/context";
import { readForm } from "~/server/platform/form-action.server";
import type { Route } from "./+types/join";
import { answerSignUp } from "./auth-answers.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(context.get(servicesContext), request);
  return { redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  return answerSignUp(services, request, await readForm(services, request), "join");
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Join Paddock",
    "Create a free Paddock account to enter skill-based equestrian prize competitions and keep track of your tickets.",
  );

export default function JoinPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      wide
      title="Join Paddock"
      intro={
        <>
          Already have an account?{" "}
          <Link to="/signin" className={textLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm variant="join" reply={actionData} redirectTo={loaderData.redirectTo} />
    </AuthCard>
  );
}
