import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import * as schema from "~/db/schema";
import type { Database } from "./db.server";
import type { Env } from "./env.server";
import { enqueueEmail } from "./mail.server";

export function createAuth(db: Database, env: Env, onMailQueued: () => void = () => {}) {
  return betterAuth({
    baseURL: env.BASE_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.BASE_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await enqueueEmail(db, {
          to: user.email,
          kind: "password-reset",
          subject: "Reset your Paddock password",
          text: `Hello,\n\nSomeone asked to reset the password for your Paddock account. If it was you, open this link within an hour:\n\n${url}\n\nIf it was not you, ignore this message; your password is unchanged.\n`,
        });
        onMailQueued();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await enqueueEmail(db, {
          to: user.email,
          kind: "verify-email",
          subject: "Confirm your Paddock e-mail address",
          text: `Welcome to Paddock.\n\nPlease confirm your e-mail address by opening this link:\n\n${url}\n`,
        });
        onMailQueued();
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: env.NODE_ENV !== "test", storage: "database", window: 60, max: 100 },
    advanced: {
      useSecureCookies: env.BASE_URL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: env.TRUST_PROXY ? ["x-forwarded-for"] : [] },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
