import { eq } from "drizzle-orm";
import { customDomains } from "~/db/schema";
import { domainOrigin } from "~/domain/custom-domain";
import type { Database } from "./db.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";

/** The origin links, e-mails and share URLs use, and whether requests on other hosts are sent there. */
export type SiteOrigin = {
  /** The verified custom domain's https origin, or BASE_URL's origin. */
  origin: string;
  /** The verified custom domain, if there is one. */
  domain: string | null;
  redirectOtherHosts: boolean;
};

// Read from the database at most every FRESH_MS per process, and at once in the process that changed it
// (refreshPublicOrigin). Other processes see a change within FRESH_MS, which is far below DNS propagation times.
const FRESH_MS = 30_000;

type Cached = { at: number; value: Promise<SiteOrigin>; settled?: SiteOrigin };
// Keyed by the database: a request's scoped copy of the services shares it with the process's own.
const cache = new WeakMap<object, Cached>();

/** What reading the origin needs, so narrower service sets (the public forms') can ask for it too. */
type OriginServices = { db: Database; env: Pick<Env, "BASE_URL" | "NODE_ENV">; logger: Logger };

const baseOrigin = (services: OriginServices) => new URL(services.env.BASE_URL).origin;

async function load(services: OriginServices, previous: Cached | undefined): Promise<SiteOrigin> {
  try {
    const [row] = await services.db
      .select({ domain: customDomains.domain, redirect: customDomains.redirectOtherHosts })
      .from(customDomains)
      .where(eq(customDomains.status, "verified"))
      .limit(1);
    if (!row) return { origin: baseOrigin(services), domain: null, redirectOtherHosts: false };
    return { origin: domainOrigin(row.domain), domain: row.domain, redirectOtherHosts: row.redirect };
  } catch (error) {
    // A database hiccup keeps what was known (or BASE_URL): links stay valid, and pages do not fail because of it.
    services.logger.error({ err: error }, "public origin could not be read");
    return previous ? previous.value : { origin: baseOrigin(services), domain: null, redirectOtherHosts: false };
  }
}

/** The site's public origin and redirect setting, from the in-memory copy while it is fresh. */
export function siteOrigin(services: OriginServices): Promise<SiteOrigin> {
  const cached = cache.get(services.db);
  if (cached && Date.now() - cached.at < FRESH_MS) return cached.value;
  const next: Cached = { at: Date.now(), value: load(services, cached) };
  next.value.then((value) => {
    next.settled = value;
  });
  cache.set(services.db, next);
  return next.value;
}

/**
 * The in-memory copy when it is fresh and already read, without waiting: undefined otherwise (and a read is started),
 * so a caller that cannot wait takes the path that can.
 */
export function siteOriginNow(services: OriginServices): SiteOrigin | undefined {
  const cached = cache.get(services.db);
  if (cached?.settled && Date.now() - cached.at < FRESH_MS) return cached.settled;
  siteOrigin(services).catch(() => {});
  return undefined;
}

/** Where absolute links point: the verified custom domain's https origin, or BASE_URL. */
export async function publicOrigin(services: OriginServices): Promise<string> {
  return (await siteOrigin(services)).origin;
}

/** Reads the setting again now: called in the process that changed the custom domain, after its commit. */
export function refreshPublicOrigin(services: OriginServices): Promise<SiteOrigin> {
  cache.delete(services.db);
  return siteOrigin(services);
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** A loopback BASE_URL's other names, same scheme and port: http://localhost:3000 is also http://127.0.0.1:3000. */
function loopbackAliases(base: string): string[] {
  const url = new URL(base);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [];
  const port = url.port ? `:${url.port}` : "";
  return LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map((host) => `${url.protocol}//${host}${port}`);
}

/**
 * The origins the site's own pages post from: BASE_URL's, and the verified custom domain's; outside production,
 * BASE_URL's loopback aliases too, so a site opened at 127.0.0.1 instead of localhost works on one machine.
 */
export async function siteOrigins(services: OriginServices): Promise<string[]> {
  const { origin, domain } = await siteOrigin(services);
  const base = baseOrigin(services);
  const aliases = services.env.NODE_ENV === "production" ? [] : loopbackAliases(base);
  return [...new Set([base, ...(domain ? [origin] : []), ...aliases])];
}
