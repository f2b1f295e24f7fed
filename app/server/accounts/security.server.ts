import { renderSVG } from "uqr";
import type { z } from "zod";
import { AUTH_MESSAGES, type SecurityActionSchema } from "~/schemas/auth";
import { errorNotice } from "~/schemas/form";
import { type AuthCallResult, callAuth } from "../platform/auth.server";
import type { Services } from "../platform/services.server";
import { revokeOtherSessions, revokeSession } from "./account.server";
import { type AuthRefusal, signOut } from "./auth-flows.server";
import type { SessionUser } from "./session.server";

/** A set-up in progress: the QR code and key to scan, and (once, at the start) the backup codes. */
type Enrolment = { totpURI: string; qrDataUrl: string; secret: string; backupCodes?: string[] };

type SecurityAction = z.infer<typeof SecurityActionSchema>;

/**
 * `done`: a change made (the page confirms it with a toast); `show`: something to show on the page now;
 * `signed-out`: the person ended this very session. A refusal may carry the enrolment to show again.
 */
type SecurityOutcome =
  | { ok: true; kind: "done"; title: string; description: string; cookies?: Headers }
  | { ok: true; kind: "show"; enrolment?: Enrolment; backupCodes?: string[]; cookies?: Headers }
  | { ok: true; kind: "signed-out"; cookies: Headers }
  | (AuthRefusal & { enrolment?: Enrolment });

const WRONG_PASSWORD = "That password is not right.";

/** The QR code is drawn here, on the server, as SVG: the secret never goes to a third-party service. */
function enrolmentFor(totpURI: string, backupCodes?: string[]): Enrolment {
  const svg = renderSVG(totpURI, { ecc: "M", border: 2 });
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return {
    totpURI,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    secret,
    backupCodes,
  };
}

/** The set-up to show again when its confirmation form comes back refused. */
export function enrolmentToRetry(sent: Record<string, unknown>): Enrolment | undefined {
  const { intent, totpURI } = sent;
  return intent === "confirm-2fa" && typeof totpURI === "string" && totpURI.startsWith("otpauth://")
    ? enrolmentFor(totpURI)
    : undefined;
}

const tooMany = (): AuthRefusal => ({
  ok: false,
  status: 429,
  notice: errorNotice(AUTH_MESSAGES.tooManyTitle, AUTH_MESSAGES.tooMany),
});

/**
 * A call that needed the person's password: a wrong password or too many tries is a refusal to show on the page;
 * any other failure is thrown.
 */
async function withPassword<T>(call: Promise<AuthCallResult<T>>, what: string) {
  const result = await call;
  if (result.ok) return result;
  if (result.status === 429) return tooMany();
  if (result.code === "INVALID_PASSWORD")
    return { ok: false, status: 400, fieldErrors: { password: [WRONG_PASSWORD] } } satisfies AuthRefusal;
  throw new Error(`${what} failed: ${result.status} ${result.code}`);
}

const done = (title: string, description: string, cookies?: Headers): SecurityOutcome => ({
  ok: true,
  kind: "done",
  title,
  description,
  cookies,
});

/** Everything on /account/security: the password, two-factor set-up and removal, backup codes and sessions. */
export async function securityStep(
  services: Services,
  request: Request,
  user: SessionUser,
  input: SecurityAction,
): Promise<SecurityOutcome> {
  // Better Auth's endpoints, called as this person with this request's cookies.
  const call = <T = unknown>(path: string, body: Record<string, unknown>) =>
    callAuth<T>(services.auth, services.env, request, path, { body });
  switch (input.intent) {
    case "change-password": {
      const body = { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true };
      const result = await call("/change-password", body);
      if (result.ok) return done("Password changed", "Your other devices have been signed out.", result.cookies);
      if (result.code === "INVALID_PASSWORD")
        return { ok: false, status: 400, fieldErrors: { currentPassword: [WRONG_PASSWORD] } };
      if (result.status === 429) return tooMany();
      if (result.status < 500) return { ok: false, status: 400, fieldErrors: { password: [result.message] } };
      throw new Error(`change-password failed: ${result.status} ${result.code}`);
    }
    case "enable-2fa": {
      const enable = call<{ totpURI: string; backupCodes: string[] }>("/two-factor/enable", {
        password: input.password,
      });
      const result = await withPassword(enable, "two-factor enable");
      if (!result.ok) return result;
      const enrolment = enrolmentFor(result.data.totpURI, result.data.backupCodes);
      return { ok: true, kind: "show", enrolment, cookies: result.cookies };
    }
    case "confirm-2fa": {
      const result = await call("/two-factor/verify-totp", { code: input.code });
      if (result.ok)
        return done(
          "Two-factor authentication is on",
          "From now on, signing in asks for a code from your app.",
          result.cookies,
        );
      const fieldErrors = { code: [AUTH_MESSAGES.codeInvalid] };
      return { ok: false, status: 400, fieldErrors, enrolment: enrolmentFor(input.totpURI) };
    }
    case "disable-2fa": {
      // A fresh code as well as the password: someone with only the password cannot remove the second factor.
      const check = await call("/two-factor/verify-totp", { code: input.code });
      if (!check.ok) return { ok: false, status: 400, fieldErrors: { code: [AUTH_MESSAGES.codeInvalid] } };
      const result = await withPassword(
        call("/two-factor/disable", { password: input.password }),
        "two-factor disable",
      );
      if (!result.ok) return result;
      return done("Two-factor authentication is off", "Signing in now needs only your password.", result.cookies);
    }
    case "backup-codes": {
      const generate = call<{ backupCodes: string[] }>("/two-factor/generate-backup-codes", {
        password: input.password,
      });
      const result = await withPassword(generate, "backup codes");
      if (!result.ok) return result;
      return { ok: true, kind: "show", backupCodes: result.data.backupCodes, cookies: result.cookies };
    }
    case "revoke-session": {
      if (input.sessionId === user.sessionId) {
        const { cookies } = await signOut(services, request, false);
        return { ok: true, kind: "signed-out", cookies };
      }
      const revoked = await revokeSession(services, user, input.sessionId);
      if (!revoked)
        return {
          ok: false,
          status: 404,
          notice: errorNotice("Session not found", "That session has already ended."),
        };
      return done("Signed out", "That device has been signed out.");
    }
    case "revoke-other-sessions": {
      const n = await revokeOtherSessions(services, user);
      return done(
        "Signed out",
        n === 1 ? "1 other device has been signed out." : `${n} other devices have been signed out.`,
      );
    }
  }
}
