import { eq } from "drizzle-orm";
import { profiles, user as userTable } from "~/db/schema";
import { AUTH_MESSAGES, type SignUpInput } from "~/schemas/auth";
import { errorNotice, type FormNotice, successNotice } from "~/schemas/form";
import { MARKETING_CONSENT_WORDING } from "~/schemas/profile";
import { type AuthCallResult, callAuth } from "../platform/auth.server";
import { recordConsent } from "../platform/consent.server";
import type { Services } from "../platform/services.server";

// The sign-in, sign-up, recovery and two-factor use-cases. Each returns a plain outcome: what happened, the notice
// or field messages to show, and the Set-Cookie headers from better-auth for the route to pass on with its answer.

/** A refusal: the notice for the form, messages for fields, the HTTP status, any cookies to pass on. */
export type AuthRefusal = {
  ok: false;
  status: number;
  notice?: FormNotice;
  fieldErrors?: Record<string, string[]>;
  cookies?: Headers;
};

/** Where a confirmation link lands: signed in by then, /signin sends them home with a toast. */
const VERIFIED_CALLBACK = "/signin?verified=1";

const refusal = (status: number, notice?: FormNotice, fieldErrors?: Record<string, string[]>): AuthRefusal => ({
  ok: false,
  status,
  notice,
  fieldErrors,
});

const tooMany = () => ({ ...refusal(429), notice: errorNotice(AUTH_MESSAGES.tooManyTitle, AUTH_MESSAGES.tooMany) });

function rateLimited(result: AuthCallResult<unknown>) {
  return !result.ok && result.status === 429;
}

// Sign in ------------------------------------------------------------------------------------------------

type SignInOutcome = { ok: true; twoFactor: boolean; cookies: Headers } | AuthRefusal;

export async function signIn(
  services: Services,
  request: Request,
  input: { email: string; password: string },
): Promise<SignInOutcome> {
  const failed = (status: number, description: string) =>
    refusal(status, errorNotice(AUTH_MESSAGES.signInFailedTitle, description));
  try {
    const result = await callAuth<{ twoFactorRedirect?: boolean }>(
      services.auth,
      services.env,
      request,
      "/sign-in/email",
      { body: { email: input.email, password: input.password, rememberMe: true, callbackURL: VERIFIED_CALLBACK } },
    );
    if (result.ok) return { ok: true, twoFactor: Boolean(result.data?.twoFactorRedirect), cookies: result.cookies };
    if (rateLimited(result)) return tooMany();
    if (result.code === "EMAIL_NOT_VERIFIED")
      return refusal(403, errorNotice(AUTH_MESSAGES.notVerifiedTitle, AUTH_MESSAGES.notVerified));
    if (result.status === 401 || result.code === "INVALID_EMAIL_OR_PASSWORD")
      return failed(401, AUTH_MESSAGES.invalidCredentials);
    if (result.status < 500) return failed(result.status, result.message);
    services.logger.error({ status: result.status, code: result.code }, "sign-in failed unexpectedly");
  } catch (err) {
    services.logger.error({ err }, "sign-in failed unexpectedly");
  }
  return failed(500, AUTH_MESSAGES.unexpected);
}

// Sign up ------------------------------------------------------------------------------------------------

export type SignUpVariant = "join" | "auth";

export async function signUp(
  services: Services,
  request: Request,
  input: SignUpInput,
  variant: SignUpVariant,
): Promise<{ ok: true; email: string } | AuthRefusal> {
  const email = input.email.toLowerCase();
  const alreadyRegistered = () =>
    refusal(409, errorNotice(AUTH_MESSAGES.signUpFailedTitle, AUTH_MESSAGES.alreadyRegistered), {
      email: [AUTH_MESSAGES.alreadyRegistered],
    });
  try {
    // The spec's one disclosure: sign-up says when an address is taken (reset and resend never do).
    const [existing] = await services.db
      .select({ id: userTable.id })
      .from(userTable)
      .where(eq(userTable.email, email))
      .limit(1);
    if (existing) return alreadyRegistered();
    const result = await callAuth<{ user?: { id: string } }>(services.auth, services.env, request, "/sign-up/email", {
      body: {
        name: `${input.firstName} ${input.lastName}`,
        email,
        password: input.password,
        callbackURL: VERIFIED_CALLBACK,
      },
    });
    if (rateLimited(result)) return tooMany();
    if (!result.ok) {
      if (/already/i.test(result.message) || result.code.startsWith("USER_ALREADY_EXISTS")) return alreadyRegistered();
      if (result.status >= 500) throw new Error(`sign-up failed: ${result.status} ${result.code}`);
      const notice = errorNotice(AUTH_MESSAGES.signUpFailedTitle, result.message);
      return refusal(result.status, notice, result.code.startsWith("PASSWORD") ? { password: [result.message] } : {});
    }
    const userId = result.data.user?.id;
    if (!userId) return alreadyRegistered();
    await saveSignUpProfile(services, userId, email, input, variant);
    return { ok: true, email };
  } catch (err) {
    services.logger.error({ err }, "sign-up failed unexpectedly");
    return refusal(500, errorNotice(AUTH_MESSAGES.signUpFailedTitle, AUTH_MESSAGES.unexpected));
  }
}

/** The profile (names, phone) and, when marketing is chosen, its consent in the ledger (the one record of it). */
async function saveSignUpProfile(
  services: Services,
  userId: string,
  email: string,
  input: { firstName: string; lastName: string; phone?: string; marketingConsent: boolean },
  source: SignUpVariant,
) {
  await services.db.transaction(async (tx) => {
    const fields = {
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? null,
    };
    await tx
      .insert(profiles)
      .values({ userId, ...fields })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: new Date() } });
    if (input.marketingConsent) {
      await recordConsent(tx, {
        email,
        userId,
        granted: true,
        wording: MARKETING_CONSENT_WORDING,
        source: `sign-up:${source}`,
      });
    }
  });
}

// Password reset and verification resend: never reveal whether the address has an account ----------------

type EmailSent = { ok: true; status: 200; notice: FormNotice } | (AuthRefusal & { notice: FormNotice });

export async function requestPasswordReset(services: Services, request: Request, email: string): Promise<EmailSent> {
  const result = await callAuth(services.auth, services.env, request, "/request-password-reset", {
    body: { email, redirectTo: "/reset-password" },
  });
  if (rateLimited(result)) return tooMany();
  if (!result.ok) services.logger.warn({ status: result.status, code: result.code }, "password reset request refused");
  return { ok: true, status: 200, notice: successNotice("Check your email", AUTH_MESSAGES.resetRequested) };
}

export async function resendVerification(services: Services, request: Request, email: string): Promise<EmailSent> {
  const result = await callAuth(services.auth, services.env, request, "/send-verification-email", {
    body: { email, callbackURL: VERIFIED_CALLBACK },
  });
  if (rateLimited(result)) return tooMany();
  if (!result.ok) services.logger.warn({ status: result.status, code: result.code }, "verification resend refused");
  return { ok: true, status: 200, notice: successNotice("Check your email", AUTH_MESSAGES.resendRequested) };
}

/** A new password from the link in the reset e-mail; better-auth then ends every session of the account. */
export async function resetPassword(
  services: Services,
  request: Request,
  input: { token: string; password: string },
): Promise<{ ok: true } | AuthRefusal> {
  const result = await callAuth(services.auth, services.env, request, "/reset-password", {
    body: { token: input.token, newPassword: input.password },
  });
  if (result.ok) return { ok: true };
  if (result.status === 429) return tooMany();
  if (result.code.startsWith("PASSWORD_TOO")) return refusal(400, undefined, { password: [result.message] });
  return refusal(400, errorNotice("Link not valid", AUTH_MESSAGES.resetLinkInvalid));
}

/** What to say when a confirmation link brings someone back here without signing them in. */
export function verificationLinkNotice(url: URL): FormNotice | null {
  if (url.searchParams.has("error")) {
    return errorNotice(
      "Link not valid",
      "This confirmation link is invalid or has expired. You can ask for a new one below.",
    );
  }
  if (url.searchParams.has("verified"))
    return successNotice("Email confirmed", "Your email address is confirmed. Please sign in.");
  return null;
}

// Two-factor challenge at sign-in --------------------------------------------------------------------------

/** Backup codes are shown as XXXXX-XXXXX; accept them typed without the dash. */
function normaliseBackupCode(code: string) {
  return /^[A-Za-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

export function hasTwoFactorChallenge(request: Request) {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(request.headers.get("cookie") ?? "");
}

/** `restart`: the challenge is over (timed out, or too many wrong codes): sign in again from the start. */
type TwoFactorOutcome = { ok: true; cookies: Headers } | { ok: false; restart: true; cookies: Headers } | AuthRefusal;

export async function verifyTwoFactor(
  services: Services,
  request: Request,
  input: { code: string; trustDevice: boolean },
): Promise<TwoFactorOutcome> {
  const isTotp = /^\d{6}$/.test(input.code);
  const result = await callAuth(
    services.auth,
    services.env,
    request,
    isTotp ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code",
    { body: { code: isTotp ? input.code : normaliseBackupCode(input.code), trustDevice: input.trustDevice } },
  );
  if (result.ok) return { ok: true, cookies: result.cookies };
  if (rateLimited(result)) return tooMany();
  if (result.code === "INVALID_TWO_FACTOR_COOKIE" || result.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
    return { ok: false, restart: true, cookies: result.cookies };
  if (result.code === "ACCOUNT_TEMPORARILY_LOCKED") {
    const notice = errorNotice(
      AUTH_MESSAGES.tooManyTitle,
      "Too many wrong codes. Please wait 15 minutes and try again.",
    );
    return { ...refusal(429, notice), cookies: result.cookies };
  }
  const wrong = refusal(400, errorNotice("Check your code", AUTH_MESSAGES.codeInvalid), {
    code: [AUTH_MESSAGES.codeInvalid],
  });
  return { ...wrong, cookies: result.cookies };
}

// Sign out -------------------------------------------------------------------------------------------------

/** Ends this browser's session, or every session of the account; says which, with the cookies that clear it. */
export async function signOut(services: Services, request: Request, everywhere: boolean) {
  const result = await callAuth(services.auth, services.env, request, everywhere ? "/revoke-sessions" : "/sign-out");
  if (!result.ok && everywhere) {
    // No session to revoke (already signed out): still clear this browser's cookie.
    const fallback = await callAuth(services.auth, services.env, request, "/sign-out");
    return { ended: "none" as const, cookies: fallback.cookies };
  }
  return { ended: everywhere ? ("everywhere" as const) : ("this-device" as const), cookies: result.cookies };
}
