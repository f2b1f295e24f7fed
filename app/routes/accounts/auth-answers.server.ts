import { redirect } from "react-router";
import { AUTH_MESSAGES, WELCOME_TOAST } from "~/content/account";
import { emailOnlyCheck, safeRedirectPath, signInCheck, signUpChecks } from "~/schemas/auth";
import { parseSubmission, successNotice } from "~/schemas/form";
import { resendVerification, type SignUpVariant, signIn, signUp } from "~/server/accounts/auth-flows.server";
import { requireAnonymous } from "~/server/accounts/session.server";
import { formReply, refused } from "~/server/platform/form-action.server";
import type { Services } from "~/server/platform/services.server";
import { redirectWithToast } from "~/server/platform/toast.server";

// The sign-in, sign-up and resend forms, shared by /signin, /join and /auth: each page reads its body once and
// hands it here. `intent` in a reply says which form on the page it belongs to.

/** Signed in: on to the same-site page asked for, or to the two-factor step first. */
export async function answerSignIn(services: Services, request: Request, form: FormData) {
  const submission = parseSubmission(form, signInCheck.schema);
  if (submission.status !== "success") return refused(submission, signInCheck, { intent: "signin" });
  await requireAnonymous(services, request);
  const outcome = await signIn(services, request, submission.value);
  if (!outcome.ok) return formReply(submission, outcome, { intent: "signin" });
  const redirectTo = safeRedirectPath(submission.value.redirectTo);
  if (outcome.twoFactor)
    return redirect(`/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers: outcome.cookies });
  return redirectWithToast(services, redirectTo, WELCOME_TOAST, { headers: outcome.cookies });
}

/** /join goes home with a toast; the /auth tab opens Sign In with the spec's notice. */
export async function answerSignUp(services: Services, request: Request, form: FormData, variant: SignUpVariant) {
  const check = signUpChecks[variant];
  const submission = parseSubmission(form, check.schema);
  if (submission.status !== "success") return refused(submission, check, { intent: "signup" });
  await requireAnonymous(services, request);
  const outcome = await signUp(services, request, submission.value, variant);
  if (!outcome.ok) return formReply(submission, outcome, { intent: "signup" });
  if (variant === "join")
    return redirectWithToast(
      services,
      "/",
      successNotice(AUTH_MESSAGES.accountCreatedTitle, AUTH_MESSAGES.accountCreated),
    );
  const notice = successNotice(AUTH_MESSAGES.registrationTitle, AUTH_MESSAGES.registration);
  return formReply(submission, { notice }, { intent: "signin" });
}

/** A new confirmation link; the answer is the same whether or not the address has an account. */
export async function answerResend(services: Services, request: Request, form: FormData) {
  const submission = parseSubmission(form, emailOnlyCheck.schema);
  if (submission.status !== "success") return refused(submission, emailOnlyCheck, { intent: "resend" });
  await requireAnonymous(services, request);
  const outcome = await resendVerification(services, request, submission.value.email);
  return formReply(submission, { ...outcome, resetForm: outcome.ok }, { intent: "resend" });
}
