import { data, redirect } from "react-router";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { consentRecords, profiles, user as userTable } from "~/db/schema";
import { AUTH_MESSAGES, AuthSignUpSchema, EmailOnlySchema, JoinSchema, safeRedirectPath, SignInSchema, TwoFactorChallengeSchema } from "~/schemas/auth";
import { fieldErrors, type FormNotice } from "~/schemas/form";
import { MARKETING_CONSENT_WORDING } from "~/schemas/profile";
import { callAuth, type AuthCallResult } from "./auth.server";
import type { Services } from "./services.server";
import { redirectWithToast } from "./toast.server";

/** What an auth form shows after a post that did not navigate away. */
export type AuthFormResult = {
  intent?: string;
  notice?: FormNotice;
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
};

/** Where a confirmation link lands: signed in by then, /signin sends them home with a toast. */
const VERIFIED_CALLBACK = "/signin?verified=1";

const error = (title: string, description: string): FormNotice => ({ type: "error", title, description });
const success = (title: string, description: string): FormNotice => ({ type: "success", title, description });

/** The submitted text fields, less anything secret, to refill a form that came back with errors. */
export function keptValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !/password|code|token/i.test(key)) values[key] = value;
  }
  return values;
}

export function formResult(result: AuthFormResult, status: number, headers?: HeadersInit) {
  return data(result, { status, headers });
}

/** Where a sign-in, sign-up or challenge sends the person afterwards: the same-site path they came for, or home. */
export function redirectTarget(form: FormData | URLSearchParams) {
  return safeRedirectPath(form.get("redirectTo"));
}

function rateLimited(result: AuthCallResult<unknown>) {
  return !result.ok && result.status === 429;
}

// Sign in ------------------------------------------------------------------------------------------------

export async function signInAction(services: Services, request: Request, form: FormData, intent = "signin") {
  const values = keptValues(form);
  const parsed = SignInSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return formResult(
      { intent, notice: error(AUTH_MESSAGES.signInFailedTitle, "Please enter your email and password."), errors: fieldErrors(parsed.error), values },
      400,
    );
  }
  const { email, password } = parsed.data;
  const redirectTo = safeRedirectPath(parsed.data.redirectTo);
  try {
    const result = await callAuth<{ twoFactorRedirect?: boolean }>(services.auth, services.env, request, "/sign-in/email", {
      body: { email, password, rememberMe: true, callbackURL: VERIFIED_CALLBACK },
    });
    if (result.ok && result.data?.twoFactorRedirect) {
      return redirect(`/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers: result.cookies });
    }
    if (result.ok) {
      return redirectWithToast(services, redirectTo, { type: "success", title: AUTH_MESSAGES.welcomeTitle, description: AUTH_MESSAGES.welcome }, { headers: result.cookies });
    }
    if (rateLimited(result)) return formResult({ intent, notice: error(AUTH_MESSAGES.tooManyTitle, AUTH_MESSAGES.tooMany), errors: {}, values }, 429);
    if (result.code === "EMAIL_NOT_VERIFIED") {
      return formResult({ intent, notice: error(AUTH_MESSAGES.notVerifiedTitle, AUTH_MESSAGES.notVerified), errors: {}, values }, 403);
    }
    if (result.status === 401 || result.code === "INVALID_EMAIL_OR_PASSWORD") {
      return formResult({ intent, notice: error(AUTH_MESSAGES.signInFailedTitle, AUTH_MESSAGES.invalidCredentials), errors: {}, values }, 401);
    }
    if (result.status < 500) {
      return formResult({ intent, notice: error(AUTH_MESSAGES.signInFailedTitle, result.message), errors: {}, values }, result.status);
    }
    services.logger.error({ status: result.status, code: result.code }, "sign-in failed unexpectedly");
  } catch (err) {
    services.logger.error({ err }, "sign-in failed unexpectedly");
  }
  return formResult({ intent, notice: error(AUTH_MESSAGES.signInFailedTitle, AUTH_MESSAGES.unexpected), errors: {}, values }, 500);
}

// Sign up ------------------------------------------------------------------------------------------------

type SignUpVariant = "join" | "auth";

/** The notice for a form that failed validation: the spec names the mismatch and the terms on /join. */
function signUpInvalidNotice(variant: SignUpVariant, errors: Partial<Record<string, string>>): FormNotice {
  if (variant === "join") {
    if (errors.confirmPassword === AUTH_MESSAGES.passwordMismatchJoin) return error(AUTH_MESSAGES.passwordMismatchTitle, AUTH_MESSAGES.passwordMismatchJoin);
    if (errors.agreeTerms) return error(AUTH_MESSAGES.termsTitle, AUTH_MESSAGES.terms);
    return error(AUTH_MESSAGES.signUpFailedTitle, Object.values(errors)[0] ?? AUTH_MESSAGES.unexpected);
  }
  return error(AUTH_MESSAGES.signUpFailedTitle, Object.values(errors)[0] ?? AUTH_MESSAGES.unexpected);
}

export async function signUpAction(services: Services, request: Request, form: FormData, variant: SignUpVariant) {
  const intent = "signup";
  const values = keptValues(form);
  const schema: z.ZodType<z.infer<typeof AuthSignUpSchema> & { phone?: string }> = variant === "join" ? JoinSchema : AuthSignUpSchema;
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = fieldErrors<string>(parsed.error);
    return formResult({ intent, notice: signUpInvalidNotice(variant, errors), errors, values }, 400);
  }
  const input = parsed.data;
  const email = input.email.toLowerCase();
  const alreadyRegistered = () =>
    formResult({ intent, notice: error(AUTH_MESSAGES.signUpFailedTitle, AUTH_MESSAGES.alreadyRegistered), errors: { email: AUTH_MESSAGES.alreadyRegistered }, values }, 409);
  try {
    // The spec's one disclosure: sign-up says when an address is taken (reset and resend never do).
    const [existing] = await services.db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email)).limit(1);
    if (existing) return alreadyRegistered();
    const result = await callAuth<{ user?: { id: string } }>(services.auth, services.env, request, "/sign-up/email", {
      body: { name: `${input.firstName} ${input.lastName}`, email, password: input.password, callbackURL: VERIFIED_CALLBACK },
    });
    if (rateLimited(result)) return formResult({ intent, notice: error(AUTH_MESSAGES.tooManyTitle, AUTH_MESSAGES.tooMany), errors: {}, values }, 429);
    if (!result.ok) {
      if (/already/i.test(result.message) || result.code.startsWith("USER_ALREADY_EXISTS")) return alreadyRegistered();
      if (result.status >= 500) throw new Error(`sign-up failed: ${result.status} ${result.code}`);
      const errors: Partial<Record<string, string>> = result.code.startsWith("PASSWORD") ? { password: result.message } : {};
      return formResult({ intent, notice: error(AUTH_MESSAGES.signUpFailedTitle, result.message), errors, values }, result.status);
    }
    const userId = result.data.user?.id;
    if (!userId) return alreadyRegistered();
    await saveSignUpProfile(services, userId, email, input, variant);
  } catch (err) {
    services.logger.error({ err }, "sign-up failed unexpectedly");
    return formResult({ intent, notice: error(AUTH_MESSAGES.signUpFailedTitle, AUTH_MESSAGES.unexpected), errors: {}, values }, 500);
  }
  if (variant === "join") {
    return redirectWithToast(services, "/", { type: "success", title: AUTH_MESSAGES.accountCreatedTitle, description: AUTH_MESSAGES.accountCreated });
  }
  return formResult({ intent: "signin", notice: success(AUTH_MESSAGES.registrationTitle, AUTH_MESSAGES.registration), errors: {}, values: { email } }, 200);
}

/** The profile (names, phone, marketing choice) and, when marketing is chosen, the record of that consent. */
async function saveSignUpProfile(
  services: Services,
  userId: string,
  email: string,
  input: { firstName: string; lastName: string; phone?: string; marketingConsent: boolean },
  source: SignUpVariant,
) {
  await services.db.transaction(async (tx) => {
    const fields = { email, firstName: input.firstName, lastName: input.lastName, phone: input.phone ?? null, marketingConsent: input.marketingConsent };
    await tx
      .insert(profiles)
      .values({ userId, ...fields })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: new Date() } });
    if (input.marketingConsent) {
      await tx.insert(consentRecords).values({ email, userId, purpose: "marketing", granted: true, wording: MARKETING_CONSENT_WORDING, source: `sign-up:${source}` });
    }
  });
}

// Password reset and verification resend: never reveal whether the address has an account ----------------

export async function requestResetAction(services: Services, request: Request, email: string) {
  const result = await callAuth(services.auth, services.env, request, "/request-password-reset", { body: { email, redirectTo: "/reset-password" } });
  if (rateLimited(result)) return { ok: false as const, notice: error(AUTH_MESSAGES.tooManyTitle, AUTH_MESSAGES.tooMany), status: 429 };
  if (!result.ok) services.logger.warn({ status: result.status, code: result.code }, "password reset request refused");
  return { ok: true as const, notice: success("Check your email", AUTH_MESSAGES.resetRequested), status: 200 };
}

export async function resendAction(services: Services, request: Request, form: FormData) {
  const values = keptValues(form);
  const parsed = EmailOnlySchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return formResult({ intent: "resend", errors: fieldErrors(parsed.error), values }, 400);
  }
  const outcome = await resendVerificationAction(services, request, parsed.data.email);
  return formResult({ intent: "resend", notice: outcome.notice, errors: {}, values: outcome.ok ? {} : values }, outcome.status);
}

/** What to say when a confirmation link brings someone back here without signing them in. */
export function verificationLinkNotice(url: URL): FormNotice | null {
  if (url.searchParams.has("error")) {
    return error("Link not valid", "This confirmation link is invalid or has expired. You can ask for a new one below.");
  }
  if (url.searchParams.has("verified")) return success("Email confirmed", "Your email address is confirmed. Please sign in.");
  return null;
}

export async function resendVerificationAction(services: Services, request: Request, email: string) {
  const result = await callAuth(services.auth, services.env, request, "/send-verification-email", { body: { email, callbackURL: VERIFIED_CALLBACK } });
  if (rateLimited(result)) return { ok: false as const, notice: error(AUTH_MESSAGES.tooManyTitle, AUTH_MESSAGES.tooMany), status: 429 };
  if (!result.ok) services.logger.warn({ status: result.status, code: result.code }, "verification resend refused");
  return { ok: true as const, notice: success("Check your email", AUTH_MESSAGES.resendRequested), status: 200 };
}

// Two-factor challenge at sign-in --------------------------------------------------------------------------

/** Backup codes are shown as XXXXX-XXXXX; accept them typed without the dash. */
function normaliseBackupCode(code: string) {
  return /^[A-Za-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

export function hasTwoFactorChallenge(request: Request) {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(request.headers.get("cookie") ?? "");
}

export async function twoFactorChallengeAction(services: Services, request: Request, form: FormData) {
  const values = keptValues(form);
  const parsed = TwoFactorChallengeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = fieldErrors<string>(parsed.error);
    return formResult({ notice: error("Check your code", errors.code ?? AUTH_MESSAGES.codeInvalid), errors, values }, 400);
  }
  const { code, trustDevice } = parsed.data;
  const isTotp = /^\d{6}$/.test(code);
  const result = await callAuth(services.auth, services.env, request, isTotp ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code", {
    body: { code: isTotp ? code : normaliseBackupCode(code), trustDevice },
  });
  if (result.ok) {
    return redirectWithToast(
      services,
      safeRedirectPath(parsed.data.redirectTo),
      { type: "success", title: AUTH_MESSAGES.welcomeTitle, description: AUTH_MESSAGES.welcome },
      { headers: result.cookies },
    );
  }
  if (rateLimited(result)) return formResult({ notice: error(AUTH_MESSAGES.tooManyTitle, AUTH_MESSAGES.tooMany), errors: {}, values }, 429);
  if (result.code === "INVALID_TWO_FACTOR_COOKIE" || result.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
    throw await redirectWithToast(
      services,
      "/signin",
      { type: "error", title: "Please sign in again", description: "Your sign-in timed out or had too many wrong codes." },
      { headers: result.cookies },
    );
  }
  if (result.code === "ACCOUNT_TEMPORARILY_LOCKED") {
    return formResult({ notice: error(AUTH_MESSAGES.tooManyTitle, "Too many wrong codes. Please wait 15 minutes and try again."), errors: {}, values }, 429, result.cookies);
  }
  return formResult({ notice: error("Check your code", AUTH_MESSAGES.codeInvalid), errors: { code: AUTH_MESSAGES.codeInvalid }, values }, 400, result.cookies);
}

// Sign out -------------------------------------------------------------------------------------------------

export async function signOutAction(services: Services, request: Request, everywhere: boolean) {
  const result = await callAuth(services.auth, services.env, request, everywhere ? "/revoke-sessions" : "/sign-out");
  if (!result.ok && everywhere) {
    // No session to revoke (already signed out): still clear this browser's cookie.
    const fallback = await callAuth(services.auth, services.env, request, "/sign-out");
    return redirectWithToast(services, "/", { type: "info", title: "Signed out" }, { headers: fallback.cookies });
  }
  return redirectWithToast(
    services,
    "/",
    { type: "success", title: "Signed out", description: everywhere ? "You have been signed out on every device." : "You have been signed out." },
    { headers: result.cookies },
  );
}
