import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_SEND_RATE_PER_MINUTE } from "~/domain/campaign";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true" || v === "1"));

/** "a, b" as a list, every entry passing `valid`; unset or empty is an empty list. */
const listOf = (valid: (entry: string) => boolean, message: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(valid), message);

/** A DNS server as Node's resolver takes it: an address, "1.2.3.4:53" or "[2001:db8::1]:53". */
function isDnsServer(entry: string): boolean {
  const match = /^\[([^\]]+)\]:(\d{1,5})$/.exec(entry) ?? /^([\d.]+):(\d{1,5})$/.exec(entry);
  if (!match) return isIP(entry) !== 0;
  const port = Number(match[2]);
  return isIP(match[1] ?? "") !== 0 && port >= 1 && port <= 65535;
}

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  BASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * The Ed25519 secret key (32 bytes, 64 lower-case hex) the manifest log is signed with (docs/manifest-log-v1.md).
   * Unset, it is derived from the auth secret (kept under DATA_DIR outside production): set it in production so the
   * published key outlives a change of that secret.
   */
  MANIFEST_LOG_SIGNING_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "must be 64 lower-case hex characters (an Ed25519 secret key)")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Paddock <no-reply@paddock.local>"),
  /** The mail viewer at /dev/mail (every message written to DATA_DIR/mail); default on unless NODE_ENV=production. */
  MAIL_VIEWER: booleanFlag,
  SUPPORT_EMAIL: z.email().default("support@paddock.local"),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  /**
   * The built-in Stripe stand-in (ADR 004) is served when STRIPE_SECRET_KEY is unset; false forbids it, so a
   * deployment without the key stops at start instead of taking test payments.
   */
  PAYMENTS_STAND_IN: booleanFlag,
  /** Requests a second each stand-in API endpoint takes before it answers 429, as Stripe's do; 0 is no limit. */
  STRIPE_STANDIN_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(25),
  /**
   * The origin of the stand-in served by a process of its own (the checkout benchmark's, ADR 040): the app then
   * talks to it as to Stripe and serves no stand-in itself. Unset, the app serves the stand-in (ADR 029).
   */
  STRIPE_STANDIN_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * drand's HTTP API (for example https://api.drand.sh): draws then read drand quicknet. Unset, they read the local
   * test beacon this app serves itself, and the draw pages say so.
   */
  DRAND_URL: z.url({ protocol: /^https?$/ }).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  ADMIN_REQUIRE_2FA: booleanFlag,
  /** Rate limits on sign-in, sign-up, reset and two-factor; on unless NODE_ENV=test. */
  AUTH_RATE_LIMIT: booleanFlag,
  TRUST_PROXY: booleanFlag,
  /** The bearer token GET /metrics asks for; unset, /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Open live-update streams allowed per client address (a household or office shares one) and per process. */
  LIVE_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(50),
  LIVE_STREAMS_TOTAL: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  /** Memory for the shared cache of rendered anonymous pages in each process (ADR 019); 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Default "info", or "silent" under NODE_ENV=test. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Connections each app process keeps open to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** The committed SQL migrations, relative to the working directory. */
  MIGRATIONS_DIR: z.string().min(1).default("drizzle"),
  SEED: booleanFlag,
  /** S3-compatible storage for uploaded pictures and share cards; unset keeps them under DATA_DIR/uploads. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (endpoint/bucket/key), which MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: booleanFlag,
  /** DNS servers the custom-domain check asks (comma-separated, port optional); unset uses the system's. */
  DNS_SERVERS: listOf(isDnsServer, "must be IP addresses, each with an optional :port ([v6]:port)"),
  /** Marketing campaign messages queued per minute, across campaigns, by each app process (ADR 022). */
  CAMPAIGN_SEND_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_SEND_RATE_PER_MINUTE),
  /**
   * Checkout Sessions all app processes together create per second, shared through the database (ADR 027): the
   * provider's limit (Stripe's default 25 requests/s per endpoint), so a flash sale queues buyers at the provider's
   * full pace; the few 429s a burst meets are retried with the same idempotency key (ADR 039 §3).
   */
  PAYMENT_PROVIDER_RATE: z.coerce.number().int().min(1).max(10_000).default(25),
  /** Where a custom subdomain's CNAME points; unset uses BASE_URL's host. */
  DOMAIN_TARGET_HOST: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, "must be a host name")
    .optional(),
  /** The site's public addresses, for custom apex domains' A and AAAA records (comma-separated). */
  DOMAIN_TARGET_IPV4: listOf((entry) => isIP(entry) === 4, "must be IPv4 addresses"),
  DOMAIN_TARGET_IPV6: listOf((entry) => isIP(entry) === 6, "must be IPv6 addresses"),
});

type Parsed = z.infer<typeof EnvSchema>;
export type LogLevel = NonNullable<Parsed["LOG_LEVEL"]>;

export type Env = Parsed & {
  BASE_URL: string;
  AUTH_SECRET: string;
  DATA_DIR: string;
  LOG_LEVEL: LogLevel;
  MIGRATIONS_DIR: string;
};

/** Reads, validates and completes the configuration. Throws one readable error listing every bad value. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parse(EnvSchema, source);
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither");
  }
  if (env.PAYMENTS_STAND_IN === false && !env.STRIPE_SECRET_KEY) {
    throw new Error("Invalid configuration:\n  STRIPE_SECRET_KEY: required when PAYMENTS_STAND_IN=false");
  }
  if (env.PAYMENTS_STAND_IN === true && env.STRIPE_SECRET_KEY) {
    throw new Error("Invalid configuration:\n  PAYMENTS_STAND_IN: true cannot be used with STRIPE_SECRET_KEY");
  }
  if (env.STRIPE_STANDIN_URL && env.STRIPE_SECRET_KEY) {
    throw new Error("Invalid configuration:\n  STRIPE_STANDIN_URL: cannot be used with STRIPE_SECRET_KEY");
  }
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const secret = env.BETTER_AUTH_SECRET ?? env.SESSION_SECRET ?? devSecret(dataDir, env.NODE_ENV, env.DATABASE_URL);
  return {
    ...env,
    DATA_DIR: dataDir,
    BASE_URL: baseUrl,
    AUTH_SECRET: secret,
    LOG_LEVEL: logLevel(env),
    MIGRATIONS_DIR: path.resolve(env.MIGRATIONS_DIR),
  };
}

/** The log level alone: the process-wide logger is made when its module loads, before the rest is read. */
export function loadLogLevel(source: NodeJS.ProcessEnv = process.env): LogLevel {
  return logLevel(parse(EnvSchema.pick({ NODE_ENV: true, LOG_LEVEL: true }), source));
}

function logLevel(env: Pick<Parsed, "NODE_ENV" | "LOG_LEVEL">): LogLevel {
  return env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info");
}

function parse<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** Outside production a missing secret is generated once and kept under DATA_DIR, so sessions survive restarts. */
function devSecret(dataDir: string, nodeEnv: string, databaseUrl: string | undefined): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  if (nodeEnv === "production" && databaseUrl) {
    throw new Error("Invalid configuration:\n  BETTER_AUTH_SECRET: required in production with DATABASE_URL");
  }
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
