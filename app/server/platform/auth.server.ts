import { AsyncLocalStorage } from "node:async_hooks";
import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { and, eq, ne } from "drizzle-orm";
import { DATABASE_UNAVAILABLE } from "~/content/unavailable";
import * as schema from "~/db/schema";
import { displayClientAddress } from "~/domain/client-address";
import { isCommonPassword } from "~/domain/common-passwords";
import { AUTH_MESSAGES } from "~/schemas/auth";
import { z } from "~/schemas/zod";
import { type Database, isDatabaseUnavailable } from "./db.server";
import { serviceEmail } from "./email/content";
import type { Env } from "./env.server";
import { logger } from "./logger.server";
import { enqueueEmail } from "./mail.server";
import { publicOrigin, siteOrigins } from "./public-origin.server";
import { readSession, type SessionTerms, type SignedInSession, sessionState } from "./session-read.server";
import { type SignedCookieReader, signedCookieReader } from "./signed-cookie.server";

/**
 * Express puts the client address it resolved (TRUST_PROXY decides whether X-Forwarded-For counts) in this
 * header on every request, replacing anything the client sent, so rate limits key on the real client.
 */
export const CLIENT_IP_HEADER = "x-paddock-client-ip";

const AUTH_BASE_PATH = "/api/auth";

/** Paths whose body carries a new password, and the field it is in. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/set-password": "newPassword",
};

/**
 * The better-auth endpoints the site uses: those our forms call through callAuth, and the two its e-mails link to
 * (verify-email, reset-password/<token>). Every other one (update-user, delete-user, set-password, list-accounts,
 * get-session...) answers 404, so nothing reaches the database around our forms' validation.
 */
const AUTH_ENDPOINTS = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/sign-out",
  "/revoke-sessions",
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
  "/verify-email",
  "/change-email",
  "/change-password",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/generate-backup-codes",
]);
const RESET_LINK = /^\/reset-password\/[^/]+$/;

function isAuthEndpointOpen(path: string): boolean {
  return AUTH_ENDPOINTS.has(path) || RESET_LINK.test(path);
}

/**
 * The bodies of the open endpoints that store what they are given, as strict as our own forms: better-auth would
 * take any length of name, and an `image` URL of any scheme.
 */
const AUTH_BODIES: Record<string, z.ZodType> = {
  "/sign-up/email": z.strictObject({
    // "First Last", each at most 100 characters (schemas/auth.ts).
    name: z.string().trim().min(1).max(201),
    email: z.string().max(254),
    password: z.string(),
    callbackURL: z.string().max(2000).optional(),
  }),
  "/change-email": z.strictObject({ newEmail: z.string().max(254), callbackURL: z.string().max(2000).optional() }),
};

/** A verification link for a change of address carries the new one in its token's `updateTo`. */
function isEmailChangeToken(token: string) {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      updateTo?: string;
    };
    return Boolean(payload.updateTo);
  } catch {
    return false;
  }
}

function splitName(name: string) {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { firstName: first || null, lastName: rest.join(" ") || null };
}

type AuthOptions = { rateLimit?: boolean };

/**
 * What went wrong inside one better-auth request: its error hook records a database outage here, since better-auth
 * answers any error it caught with a 500 of its own that the hook cannot change (see `authHandler`).
 */
const authRequestFaults = new AsyncLocalStorage<{ outage?: unknown }>();

/** Notes a database outage for `authHandler`; true when `error` was one. */
function noteOutage(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  const faults = authRequestFaults.getStore();
  if (faults) faults.outage ??= error;
  return true;
}

/** better-auth's error hook: notes an outage, and logs what better-auth would have logged (its 500s). */
function onAuthError(error: unknown) {
  if (noteOutage(error)) return;
  if (error instanceof APIError && error.statusCode < 500) return;
  logger.error({ err: error }, "auth endpoint failed");
}

/**
 * better-auth's logger, into ours. Some of its lookups log a database error and then carry on as if nothing were
 * there (a session lookup that failed reads as "no session", a 401): what they log is how an outage is seen.
 */
const authLogger = {
  level: "warn" as const,
  log(level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) {
    const outage = args.some(noteOutage);
    logger[outage ? "warn" : level]({ details: args }, `better-auth: ${message}`);
  },
};

/**
 * better-auth builds its links on BASE_URL; the ones we e-mail are moved to the public origin (a verified custom
 * domain), path and query kept.
 */
function linkOn(url: string, origin: string): string {
  const link = new URL(url);
  return new URL(`${link.pathname}${link.search}${link.hash}`, origin).href;
}

export function createAuth(db: Database, env: Env, onMailQueued: () => void = () => {}, options: AuthOptions = {}) {
  const rateLimitEnabled = options.rateLimit ?? env.AUTH_RATE_LIMIT ?? env.NODE_ENV !== "test";
  const origins = { db, env, logger };
  const auth = betterAuth({
    appName: "Paddock",
    baseURL: env.BASE_URL,
    basePath: AUTH_BASE_PATH,
    secret: env.AUTH_SECRET,
    trustedOrigins: () => siteOrigins(origins),
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
      // No session until the address is confirmed: the link signs the person in.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url: baseLink }) {
        const url = linkOn(baseLink, await publicOrigin(origins));
        await enqueueEmail(db, {
          to: user.email,
          kind: "password-reset",
          subject: "Reset your Paddock password",
          content: serviceEmail("Reset your Paddock password within an hour.", [
            { type: "text", text: "Hello," },
            {
              type: "text",
              text:
                "Someone asked to reset the password for your Paddock account. " +
                "If it was you, open this link within an hour:",
            },
            { type: "action", label: "Reset my password", url },
            { type: "text", text: "Resetting signs you out on every device." },
            { type: "text", text: "If it was not you, ignore this message; your password is unchanged." },
          ]),
        });
        onMailQueued();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url: baseLink, token }) {
        const url = linkOn(baseLink, await publicOrigin(origins));
        const change = isEmailChangeToken(token);
        await enqueueEmail(db, {
          to: user.email,
          kind: change ? "change-email" : "verify-email",
          subject: change ? "Confirm your new Paddock e-mail address" : "Confirm your Paddock e-mail address",
          content: change
            ? serviceEmail("Confirm your new e-mail address for Paddock.", [
                { type: "text", text: "Hello," },
                {
                  type: "text",
                  text:
                    "You asked to use this address for your Paddock account. " +
                    "Please confirm it by opening this link within 24 hours:",
                },
                { type: "action", label: "Confirm my new address", url },
                {
                  type: "text",
                  text: "Until you do, we keep using your old address. If this was not you, ignore this message.",
                },
              ])
            : serviceEmail("Confirm your e-mail address to start entering.", [
                { type: "text", text: "Welcome to Paddock." },
                { type: "text", text: "Please confirm your e-mail address by opening this link within 24 hours:" },
                { type: "action", label: "Confirm my address", url },
                { type: "text", text: "If you did not create an account, ignore this message." },
              ]),
        });
        onMailQueued();
      },
    },
    user: { changeEmail: { enabled: true } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: rateLimitEnabled,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 3 },
        "/request-password-reset": { window: 300, max: 3 },
        "/reset-password": { window: 300, max: 5 },
        "/send-verification-email": { window: 300, max: 3 },
        "/change-password": { window: 60, max: 5 },
      },
    },
    plugins: [
      twoFactor({ issuer: "Paddock", backupCodeOptions: { amount: 10, length: 10 } }),
      {
        id: "paddock-open-endpoints",
        async onRequest(request) {
          const path = new URL(request.url).pathname.slice(AUTH_BASE_PATH.length);
          if (!isAuthEndpointOpen(path)) return { response: new Response("Not Found", { status: 404 }) };
        },
      },
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const bodySchema = AUTH_BODIES[ctx.path];
        if (bodySchema && !bodySchema.safeParse(ctx.body).success) {
          throw new APIError("BAD_REQUEST", { code: "INVALID_BODY", message: AUTH_MESSAGES.unexpected });
        }
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        const value = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof value === "string" && isCommonPassword(value)) {
          throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: AUTH_MESSAGES.passwordCommon });
        }
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // better-auth records the /64 network it rate-limits on, not the address (see domain/client-address.ts).
          async before(session, ctx) {
            const address = ctx?.headers?.get(CLIENT_IP_HEADER) ?? ctx?.request?.headers.get(CLIENT_IP_HEADER);
            return { data: { ...session, ipAddress: displayClientAddress(address) } };
          },
        },
      },
      user: {
        create: {
          // Every account has a profile, however it was made; sign-up then fills in the rest.
          async after(created) {
            await db
              .insert(schema.profiles)
              .values({ userId: created.id, email: created.email, ...splitName(created.name) })
              .onConflictDoNothing();
          },
        },
        update: {
          // A confirmed change of address reaches the profile and ends the wait for it; other updates
          // (name, two-factor) leave a pending change alone.
          async after(updated) {
            if (!updated.email) return;
            await db
              .update(schema.profiles)
              .set({ email: updated.email, pendingEmail: null, updatedAt: new Date() })
              .where(and(eq(schema.profiles.userId, updated.id), ne(schema.profiles.email, updated.email)));
          },
        },
      },
    },
    advanced: {
      useSecureCookies: env.BASE_URL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // A session and its user in one statement (every signed-in request looks one up), not two: the relations
      // beside the tables (db/schema/auth.ts).
      database: { joins: true },
    },
    telemetry: { enabled: false },
    onAPIError: { onError: onAuthError },
    logger: authLogger,
  });
  authDatabases.set(auth, db);
  return auth;
}

/** Each auth's database, for the session read of `findSession` (ADR 042). */
const authDatabases = new WeakMap<object, Database>();

type AuthOutcome = { response: Response; outage?: undefined } | { response?: undefined; outage: unknown };

/**
 * Runs one request through better-auth, telling a database outage apart from what better-auth answered: an error
 * thrown before its endpoint (the rate limit's table), or a failure while the database was away.
 */
async function runAuth(auth: Auth, request: Request): Promise<AuthOutcome> {
  const faults: { outage?: unknown } = {};
  try {
    const response = await authRequestFaults.run(faults, () => auth.handler(request));
    // Whatever better-auth made of it (a 500, or a 401 when a failed session lookup read as "no session").
    if (!response.ok && faults.outage !== undefined) return { outage: faults.outage };
    return { response };
  } catch (error) {
    if (isDatabaseUnavailable(error)) return { outage: error };
    throw error;
  }
}

/**
 * better-auth's handler as the app mounts it at /api/auth: a request that failed because the database is away (a
 * failover, a restart) answers 503 "try again" with Retry-After, never a 500, and sets no cookie, so a signed-in
 * visitor stays signed in.
 */
export function authHandler(auth: Auth) {
  return async (request: Request): Promise<Response> => {
    const outcome = await runAuth(auth, request);
    if (outcome.response) return outcome.response;
    logger.error({ err: outcome.outage }, "database unavailable: answered 503");
    return Response.json(
      { code: "DATABASE_UNAVAILABLE", message: DATABASE_UNAVAILABLE.message },
      {
        status: 503,
        headers: { "Retry-After": String(DATABASE_UNAVAILABLE.retryAfterSeconds), "Cache-Control": "no-store" },
      },
    );
  };
}

export type Auth = ReturnType<typeof createAuth>;

/** What the session read needs of an auth, made once from its context: its cookie's name, its key, its terms. */
type SessionLookup = { db: Database; cookieName: string; cookies: SignedCookieReader; terms: SessionTerms };
const sessionLookups = new WeakMap<object, Promise<SessionLookup | undefined>>();

function sessionLookup(auth: Auth): Promise<SessionLookup | undefined> {
  let lookup = sessionLookups.get(auth);
  if (!lookup) {
    const db = authDatabases.get(auth);
    lookup = db
      ? auth.$context.then((context) => ({
          db,
          cookieName: context.authCookies.sessionToken.name,
          cookies: signedCookieReader(context.secret),
          terms: { expiresIn: context.sessionConfig.expiresIn, updateAge: context.sessionConfig.updateAge },
        }))
      : Promise.resolve(undefined);
    sessionLookups.set(auth, lookup);
  }
  return lookup;
}

/**
 * The signed-in session of a request, read from the database on every call, so a sign-out, a revoked session or a
 * deleted account counts at once; the cookie's signature is checked with a key made once (ADR 042). `read` reads the
 * session of the cookie's token and may read more in the same statement (the checkout reads the buyer's protections
 * with it): its row is answered as `read` when the session is valid. A session that has expired or is due for its
 * expiry to move on is left to better-auth's getSession, which writes that, and is answered as `renewed`; so is every
 * request of an auth not made by `createAuth`. Null: no cookie, a forged one, or no such session. A lookup that failed
 * (the database away) throws: it says nothing about whether the visitor is signed in, so it must never read as signed
 * out.
 */
export async function signedInWith<Row extends SignedInSession>(
  auth: Auth,
  cookieHeader: string | null | undefined,
  headers: () => Headers,
  read: (db: Database, token: string) => Promise<Row | undefined>,
): Promise<{ read: Row; renewed?: undefined } | { read?: undefined; renewed: SignedInSession } | null> {
  const lookup = await sessionLookup(auth);
  if (lookup) {
    const token = lookup.cookies.read(cookieHeader, lookup.cookieName);
    if (!token) return null;
    const found = await read(lookup.db, token);
    if (!found) return null;
    if (sessionState(found.session.expiresAt, Date.now(), lookup.terms) === "valid") return { read: found };
  }
  const renewed = await sessionFromBetterAuth(auth, headers());
  return renewed ? { renewed } : null;
}

/** The session the request's cookie carries (`signedInWith` reading the session and its user), or null. */
export async function findSession(auth: Auth, headers: Headers): Promise<SignedInSession | null> {
  const signedIn = await signedInWith(auth, headers.get("cookie"), () => headers, readSession);
  return signedIn ? (signedIn.read ?? signedIn.renewed) : null;
}

/** better-auth's own getSession: a refusal (4xx) reads as no session, anything else throws. */
export async function sessionFromBetterAuth(auth: Auth, headers: Headers): Promise<SignedInSession | null> {
  return auth.api.getSession({ headers }).catch((error: unknown) => {
    if (error instanceof APIError && error.statusCode < 500) return null;
    throw error;
  });
}

export type AuthCallResult<T> =
  | { ok: true; status: number; data: T; cookies: Headers }
  | { ok: false; status: number; code: string; message: string; cookies: Headers };

/**
 * Calls a better-auth endpoint the way a browser would, through its HTTP handler, so rate limits and
 * origin checks apply to our forms exactly as to /api/auth/*. Returns the outcome and the Set-Cookie
 * headers to pass on to the browser.
 */
export async function callAuth<T = unknown>(
  auth: Auth,
  env: Env,
  request: Request,
  path: string,
  init: { body?: unknown; method?: "GET" | "POST"; cookie?: string } = {},
): Promise<AuthCallResult<T>> {
  const headers = new Headers({ origin: env.BASE_URL, accept: "application/json" });
  const cookie = init.cookie ?? request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  for (const name of ["user-agent", CLIENT_IP_HEADER]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const method = init.method ?? "POST";
  if (method === "POST") headers.set("content-type", "application/json");
  const outcome = await runAuth(
    auth,
    new Request(`${env.BASE_URL}${AUTH_BASE_PATH}${path}`, {
      method,
      headers,
      body: method === "POST" ? JSON.stringify(init.body ?? {}) : undefined,
    }),
  );
  // Our forms' route guard turns this into their 503 page: "try again", never "wrong password" or a sign-out.
  if (!outcome.response) throw outcome.outage;
  const { response } = outcome;
  const cookies = new Headers();
  for (const value of response.headers.getSetCookie()) cookies.append("Set-Cookie", value);
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (response.ok) return { ok: true, status: response.status, data: data as T, cookies };
  const body = (data ?? {}) as { code?: string; message?: string };
  return {
    ok: false,
    status: response.status,
    code: body.code ?? (response.status === 429 ? "TOO_MANY_REQUESTS" : "UNKNOWN"),
    message: body.message ?? response.statusText,
    cookies,
  };
}
