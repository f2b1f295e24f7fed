import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true" || v === "1"));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  BASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL").optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
  MAIL_FROM: z.string().min(3).default("Paddock <no-reply@paddock.local>"),
  SUPPORT_EMAIL: z.email().default("support@paddock.local"),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  ADMIN_REQUIRE_2FA: booleanFlag,
  /** Rate limits on sign-in, sign-up, reset and two-factor; on unless NODE_ENV=test. */
  AUTH_RATE_LIMIT: booleanFlag,
  TRUST_PROXY: booleanFlag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED: booleanFlag,
});

export type Env = z.infer<typeof EnvSchema> & { BASE_URL: string; AUTH_SECRET: string; DATA_DIR: string };

/** Reads, validates and completes the configuration. Throws one readable error listing every bad value. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const secret = env.BETTER_AUTH_SECRET ?? env.SESSION_SECRET ?? devSecret(dataDir, env.NODE_ENV);
  return { ...env, DATA_DIR: dataDir, BASE_URL: baseUrl, AUTH_SECRET: secret };
}

/** Outside production a missing secret is generated once and kept under DATA_DIR, so sessions survive restarts. */
function devSecret(dataDir: string, nodeEnv: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  if (nodeEnv === "production" && process.env.DATABASE_URL) {
    throw new Error("Invalid configuration:\n  BETTER_AUTH_SECRET: required in production with DATABASE_URL");
  }
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
