import { data } from "react-router";
import { renderSVG } from "uqr";
import { AUTH_MESSAGES, ChangePasswordSchema, SecurityActionSchema } from "~/schemas/auth";
import { fieldErrors, type FormNotice } from "~/schemas/form";
import { revokeOtherSessions, revokeSession } from "./account.server";
import { callAuth, type AuthCallResult } from "./auth.server";
import { signOutAction } from "./auth-flows.server";
import type { Services } from "./services.server";
import type { SessionUser } from "./session.server";
import { redirectWithToast } from "./toast.server";

/** A set-up in progress: the QR code and key to scan, and (once, at the start) the backup codes. */
export type Enrolment = { totpURI: string; qrDataUrl: string; secret: string; backupCodes?: string[] };

export type SecurityResult = {
  intent: string;
  notice?: FormNotice;
  errors: Partial<Record<string, string>>;
  enrolment?: Enrolment;
  backupCodes?: string[];
};

const WRONG_PASSWORD = "That password is not right.";

/** The QR code is drawn here, on the server, as SVG: the secret never goes to a third-party service. */
export function enrolmentFor(totpURI: string, backupCodes?: string[]): Enrolment {
  const svg = renderSVG(totpURI, { ecc: "M", border: 2 });
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return { totpURI, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`, secret, backupCodes };
}

function reply(result: SecurityResult, status = 200, headers?: HeadersInit) {
  return data(result, { status, headers });
}

function passwordProblem(intent: string, result: AuthCallResult<unknown>) {
  if (result.ok) return null;
  if (result.status === 429) return reply({ intent, notice: { type: "error", title: AUTH_MESSAGES.tooManyTitle, description: AUTH_MESSAGES.tooMany }, errors: {} }, 429);
  if (result.code === "INVALID_PASSWORD") return reply({ intent, errors: { password: WRONG_PASSWORD } }, 400);
  return null;
}

const toastTo = (services: Services, title: string, description: string, headers?: Headers) =>
  redirectWithToast(services, "/account/security", { type: "success", title, description }, { headers });

export async function changePassword(services: Services, request: Request, form: FormData) {
  const intent = "change-password";
  const parsed = ChangePasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return reply({ intent, errors: fieldErrors(parsed.error) }, 400);
  const result = await callAuth(services.auth, services.env, request, "/change-password", {
    body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.password, revokeOtherSessions: true },
  });
  if (result.ok) return toastTo(services, "Password changed", "Your other devices have been signed out.", result.cookies);
  if (result.code === "INVALID_PASSWORD") return reply({ intent, errors: { currentPassword: WRONG_PASSWORD } }, 400);
  if (result.status === 429) return reply({ intent, notice: { type: "error", title: AUTH_MESSAGES.tooManyTitle, description: AUTH_MESSAGES.tooMany }, errors: {} }, 429);
  if (result.status < 500) return reply({ intent, errors: { password: result.message } }, 400);
  throw new Error(`change-password failed: ${result.status} ${result.code}`);
}

/** Two-factor set-up and removal, backup codes and sessions: everything on /account/security but the password. */
export async function securityAction(services: Services, request: Request, user: SessionUser, form: FormData) {
  const raw = Object.fromEntries(form);
  if (raw.intent === "change-password") return changePassword(services, request, form);
  const parsed = SecurityActionSchema.safeParse(raw);
  const intent = typeof raw.intent === "string" ? raw.intent : "";
  if (!parsed.success) {
    const enrolment = intent === "confirm-2fa" && typeof raw.totpURI === "string" && raw.totpURI.startsWith("otpauth://") ? enrolmentFor(raw.totpURI) : undefined;
    return reply({ intent, errors: fieldErrors(parsed.error), enrolment }, 400);
  }
  const input = parsed.data;
  switch (input.intent) {
    case "enable-2fa": {
      const result = await callAuth<{ totpURI: string; backupCodes: string[] }>(services.auth, services.env, request, "/two-factor/enable", { body: { password: input.password } });
      const problem = passwordProblem(input.intent, result);
      if (problem) return problem;
      if (!result.ok) throw new Error(`two-factor enable failed: ${result.status} ${result.code}`);
      return reply({ intent: input.intent, errors: {}, enrolment: enrolmentFor(result.data.totpURI, result.data.backupCodes) }, 200, result.cookies);
    }
    case "confirm-2fa": {
      const result = await callAuth(services.auth, services.env, request, "/two-factor/verify-totp", { body: { code: input.code } });
      if (result.ok) return toastTo(services, "Two-factor authentication is on", "From now on, signing in asks for a code from your app.", result.cookies);
      return reply({ intent: input.intent, errors: { code: AUTH_MESSAGES.codeInvalid }, enrolment: enrolmentFor(input.totpURI) }, 400);
    }
    case "disable-2fa": {
      // A fresh code as well as the password: someone with only the password cannot remove the second factor.
      const check = await callAuth(services.auth, services.env, request, "/two-factor/verify-totp", { body: { code: input.code } });
      if (!check.ok) return reply({ intent: input.intent, errors: { code: AUTH_MESSAGES.codeInvalid } }, 400);
      const result = await callAuth(services.auth, services.env, request, "/two-factor/disable", { body: { password: input.password } });
      const problem = passwordProblem(input.intent, result);
      if (problem) return problem;
      if (!result.ok) throw new Error(`two-factor disable failed: ${result.status} ${result.code}`);
      return toastTo(services, "Two-factor authentication is off", "Signing in now needs only your password.", result.cookies);
    }
    case "backup-codes": {
      const result = await callAuth<{ backupCodes: string[] }>(services.auth, services.env, request, "/two-factor/generate-backup-codes", { body: { password: input.password } });
      const problem = passwordProblem(input.intent, result);
      if (problem) return problem;
      if (!result.ok) throw new Error(`backup codes failed: ${result.status} ${result.code}`);
      return reply({ intent: input.intent, errors: {}, backupCodes: result.data.backupCodes }, 200, result.cookies);
    }
    case "revoke-session": {
      if (input.sessionId === user.sessionId) return signOutAction(services, request, false);
      const revoked = await revokeSession(services, user, input.sessionId);
      if (!revoked) return reply({ intent: input.intent, notice: { type: "error", title: "Session not found", description: "That session has already ended." }, errors: {} }, 404);
      return toastTo(services, "Signed out", "That device has been signed out.");
    }
    case "revoke-other-sessions": {
      const n = await revokeOtherSessions(services, user);
      return toastTo(services, "Signed out", n === 1 ? "1 other device has been signed out." : `${n} other devices have been signed out.`);
    }
  }
}
