import { randomBytes } from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import { DOMAIN_ADMIN_MESSAGES } from "~/content/domain";
import { type CustomDomain, customDomains } from "~/db/schema";
import {
  afterCheck,
  type CheckOutcome,
  type DnsRecord,
  type DomainCheckState,
  type DomainTarget,
  evaluateLookups,
  type Lookup,
  lookupsFor,
  recordsFor,
} from "~/domain/custom-domain";
import { recordAudit } from "../admin/audit.server";
import { isUniqueViolation } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import { refreshPublicOrigin } from "../platform/public-origin.server";
import type { Services } from "../platform/services.server";
import { type DnsLookup, dnsLookup } from "./dns.server";

/** A use-case's answer; a check also says what it found. */
export type DomainChange =
  | { ok: true; message: string; outcome?: CheckOutcome }
  | { ok: false; message: string; status: number };

/** Where custom domains point: DOMAIN_TARGET_HOST (or BASE_URL's host) and the configured addresses. */
function domainTarget(env: Pick<Env, "BASE_URL" | "DOMAIN_TARGET_HOST" | "DOMAIN_TARGET_IPV4" | "DOMAIN_TARGET_IPV6">) {
  return {
    host: env.DOMAIN_TARGET_HOST?.toLowerCase() ?? new URL(env.BASE_URL).hostname,
    ipv4: env.DOMAIN_TARGET_IPV4,
    ipv6: env.DOMAIN_TARGET_IPV6,
  } satisfies DomainTarget;
}

const subject = (id: number) => `domain:${id}`;

/** The custom domain (there is at most one) with the records to create, for the Domain tab. */
export async function loadCustomDomain(services: Services) {
  const [row] = await services.db.select().from(customDomains).limit(1);
  if (!row) return null;
  const plan = recordsFor(row.domain, row.verificationToken, domainTarget(services.env));
  return {
    id: row.id,
    domain: row.domain,
    status: row.status,
    lastCheckedAt: row.lastCheckedAt,
    lastReason: row.lastReason,
    nextCheckAt: row.nextCheckAt,
    verifiedAt: row.verifiedAt,
    redirectOtherHosts: row.redirectOtherHosts,
    records: plan.ok ? plan.records : [],
    recordsProblem: plan.ok ? null : plan.message,
  };
}

/** Starts setting up `domain` (already normalized): a new random token, pending until a check verifies it. */
export async function addCustomDomain(services: Services, actorUserId: string, domain: string): Promise<DomainChange> {
  const target = domainTarget(services.env);
  if (domain === target.host || domain === new URL(services.env.BASE_URL).hostname) {
    return { ok: false, message: DOMAIN_ADMIN_MESSAGES.isSiteHost, status: 409 };
  }
  const token = `paddock-verify-${randomBytes(24).toString("base64url")}`;
  const plan = recordsFor(domain, token, target);
  if (!plan.ok) return { ok: false, message: plan.message, status: 400 };
  try {
    await services.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(customDomains)
        .values({ domain, verificationToken: token, addedBy: actorUserId, nextCheckAt: services.now() })
        .returning({ id: customDomains.id });
      if (!row) throw new Error("custom domain insert returned no row");
      await recordAudit(tx, {
        actorUserId,
        action: "domain.added",
        subject: subject(row.id),
        after: { domain, status: "pending" },
      });
    });
    return { ok: true, message: DOMAIN_ADMIN_MESSAGES.added };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: DOMAIN_ADMIN_MESSAGES.oneAtATime, status: 409 };
    throw error;
  }
}

/** Every record looked up once (in parallel), then judged together. */
async function lookUp(records: readonly DnsRecord[], lookup: DnsLookup): Promise<CheckOutcome> {
  const answers = await Promise.all(
    lookupsFor(records).map(
      async ({ type, name }): Promise<[string, Lookup]> => [`${type} ${name}`, await lookup(type, name)],
    ),
  );
  const byKey = new Map(answers);
  return evaluateLookups(records, (type, name) => byKey.get(`${type} ${name}`) ?? { kind: "missing" });
}

const lookupFor = (services: Services) => dnsLookup(services.env.DNS_SERVERS);

/**
 * Looks the domain's records up now and records the outcome. A staff check is always logged; the periodic
 * re-check (no actor) logs only a change of status. Verified, the domain becomes the public origin at once.
 */
export async function checkCustomDomain(
  services: Services,
  actorUserId: string | null,
  domainId: number,
  lookup: DnsLookup = lookupFor(services),
): Promise<DomainChange> {
  const [row] = await services.db.select().from(customDomains).where(eq(customDomains.id, domainId));
  if (!row) return { ok: false, message: DOMAIN_ADMIN_MESSAGES.notFound, status: 404 };
  const plan = recordsFor(row.domain, row.verificationToken, domainTarget(services.env));
  const outcome: CheckOutcome = plan.ok
    ? await lookUp(plan.records, lookup)
    : { status: "failed", reason: plan.message, definite: false };
  const next = afterCheck(row, outcome);
  const saved = await saveOutcome(services, actorUserId, row, outcome, next);
  if (!saved) return { ok: false, message: DOMAIN_ADMIN_MESSAGES.notFound, status: 404 };
  if (row.status !== next.status) await refreshPublicOrigin(services);
  return { ok: true, message: checkMessage(outcome, next.status), outcome };
}

function checkMessage(outcome: CheckOutcome, status: DomainCheckState["status"]) {
  if (outcome.status === "verified") return DOMAIN_ADMIN_MESSAGES.verified;
  return status === "verified" ? DOMAIN_ADMIN_MESSAGES.stillVerified : DOMAIN_ADMIN_MESSAGES.checkFailed;
}

async function saveOutcome(
  services: Services,
  actorUserId: string | null,
  row: CustomDomain,
  outcome: CheckOutcome,
  next: ReturnType<typeof afterCheck>,
): Promise<boolean> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    // Only the row that was looked up: removed (or removed and added again) meanwhile, nothing is written.
    const [updated] = await tx
      .update(customDomains)
      .set({
        status: next.status,
        lastCheckedAt: now,
        lastReason: outcome.reason,
        failedChecks: next.failedChecks,
        nextCheckAt: new Date(now.getTime() + next.recheckInMs),
        verifiedAt: next.status === "verified" ? (row.verifiedAt ?? now) : null,
      })
      .where(and(eq(customDomains.id, row.id), eq(customDomains.verificationToken, row.verificationToken)))
      .returning({ id: customDomains.id });
    if (!updated) return false;
    if (actorUserId !== null || row.status !== next.status) {
      await recordAudit(tx, {
        actorUserId,
        action: "domain.checked",
        subject: subject(row.id),
        before: { domain: row.domain, status: row.status },
        after: { domain: row.domain, status: next.status },
        data: { reason: outcome.reason },
      });
    }
    return true;
  });
}

/** Turns the redirect of requests on other hosts on or off. */
export async function setDomainRedirect(
  services: Services,
  actorUserId: string,
  domainId: number,
  redirect: boolean,
): Promise<DomainChange> {
  const changed = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ domain: customDomains.domain, redirect: customDomains.redirectOtherHosts })
      .from(customDomains)
      .where(eq(customDomains.id, domainId))
      .for("update");
    if (!row) return false;
    await tx.update(customDomains).set({ redirectOtherHosts: redirect }).where(eq(customDomains.id, domainId));
    await recordAudit(tx, {
      actorUserId,
      action: "domain.redirect",
      subject: subject(domainId),
      before: { domain: row.domain, redirectOtherHosts: row.redirect },
      after: { domain: row.domain, redirectOtherHosts: redirect },
    });
    return true;
  });
  if (!changed) return { ok: false, message: DOMAIN_ADMIN_MESSAGES.notFound, status: 404 };
  await refreshPublicOrigin(services);
  return { ok: true, message: redirect ? DOMAIN_ADMIN_MESSAGES.redirectOn : DOMAIN_ADMIN_MESSAGES.redirectOff };
}

/** Removes the domain: links go back to BASE_URL and nothing is redirected. */
export async function removeCustomDomain(
  services: Services,
  actorUserId: string,
  domainId: number,
): Promise<DomainChange> {
  const removed = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(customDomains)
      .where(eq(customDomains.id, domainId))
      .returning({ domain: customDomains.domain, status: customDomains.status });
    if (!row) return false;
    await recordAudit(tx, { actorUserId, action: "domain.removed", subject: subject(domainId), before: row });
    return true;
  });
  if (!removed) return { ok: false, message: DOMAIN_ADMIN_MESSAGES.notFound, status: 404 };
  await refreshPublicOrigin(services);
  return { ok: true, message: DOMAIN_ADMIN_MESSAGES.removed };
}

/**
 * The periodic pass: every domain whose next check is due, checked again (verified ones too, hourly, so one whose
 * records are gone is eventually unverified; see afterCheck). The due rows are claimed
 * first by one conditional UPDATE (their next check moved on), so processes running the pass at once never check
 * the same domain twice.
 */
export async function recheckDueDomains(services: Services, lookup: DnsLookup = lookupFor(services)) {
  const now = services.now();
  const due = await services.db
    .update(customDomains)
    .set({ nextCheckAt: new Date(now.getTime() + CLAIM_MS) })
    .where(lte(customDomains.nextCheckAt, now))
    .returning({ id: customDomains.id });
  let verified = 0;
  for (const { id } of due) {
    const checked = await checkCustomDomain(services, null, id, lookup);
    if (checked.ok && checked.outcome?.status === "verified") verified += 1;
  }
  return { checked: due.length, verified };
}

/** How long a claimed re-check is left to its process before another may take it. */
const CLAIM_MS = 5 * 60_000;
