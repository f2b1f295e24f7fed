import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Services } from "~/server/platform/services.server";
import { createTestPostgresUrl } from "../../support/database";
import { startTestDns, type TestDns } from "../../support/dns-server";
import { freePort } from "../../support/free-port";

type Running = {
  baseUrl: string;
  services: Services;
  dataDir: string;
  databaseUrl?: string;
  /** The DNS server the site's custom-domain checks ask (DNS_SERVERS), with a zone the tests control. */
  dns: TestDns;
  close(): Promise<void>;
};

let running: Promise<Running> | undefined;

/**
 * The production build, started once per test worker in this process (e2e files share it), so tests can
 * look at the database the site writes to, whichever engine it is.
 */
export function app(): Promise<Running> {
  running ??= (async () => {
    const buildDir = process.env.PADDOCK_BUILD_DIR ?? "build";
    if (!existsSync(path.join(buildDir, "server/index.js")))
      throw new Error("No build found: run `npm run build` before the e2e tests.");
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "paddock-e2e-"));
    const databaseUrl = await createTestPostgresUrl();
    const dns = await startTestDns();
    Object.assign(process.env, {
      NODE_ENV: "production",
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456",
      ADMIN_EMAIL: "admin@paddock.test",
      ADMIN_PASSWORD: "correct-horse-battery-staple",
      ADMIN_REQUIRE_2FA: "false",
      // Every browser here is 127.0.0.1; the limits themselves are tested in tests/integration/auth-rate-limit.test.ts.
      AUTH_RATE_LIMIT: "false",
      // Likewise every page's live-update stream comes from one address; the caps are tested in http-limits.test.ts.
      LIVE_STREAMS_PER_CLIENT: "10000",
      // Journeys are not about the payment stand-in's rate limit (tests/integration/standin-rate-limit.test.ts is).
      STRIPE_STANDIN_RATE_LIMIT: "0",
      LOG_LEVEL: "warn",
      DNS_SERVERS: dns.address,
    });
    if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
    else delete process.env.DATABASE_URL;
    const { startServer } = await import("../../../server/main.js");
    const server = await startServer({ port });
    return {
      baseUrl: `http://localhost:${port}`,
      services: server.started.services as Services,
      dataDir,
      databaseUrl,
      dns,
      async close() {
        await server.close();
        await dns.close();
      },
    };
  })();
  return running;
}

type SentMail = { file: string; raw: string; to: string; subject: string; body: string };

/** Mail the site delivered to DATA_DIR/mail, newest last. */
async function sentMail(): Promise<SentMail[]> {
  const { dataDir } = await app();
  const dir = path.join(dataDir, "mail");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(dir, file), "utf8");
      const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
      const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]?.trim() ?? "";
      return {
        file,
        raw,
        to: header("To"),
        subject: header("Subject"),
        body: decodeQuotedPrintable(rest.join("\n\n")),
      };
    });
}

function decodeQuotedPrintable(text: string) {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits until a message matching the predicate has been delivered by the outbox worker. */
export async function waitForMail(match: (m: SentMail) => boolean, timeoutMs = 10_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await sentMail()).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error("Expected e-mail was not delivered in time");
    await new Promise((r) => setTimeout(r, 200));
  }
}
