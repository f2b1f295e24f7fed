import { and, eq, inArray, max, or, sql } from "drizzle-orm";
import { consentRecords, orderLines, orders, playerLimits, user } from "~/db/schema";
import {
  type AudienceChoice,
  type ExclusionReason,
  marketingExclusion,
  matchesAudience,
  type RecipientFacts,
} from "~/domain/campaign";
import { type ConsentEntry, currentConsent } from "~/domain/consent-ledger";
import { addressHash } from "../platform/consent.server";
import type { Executor } from "../platform/db.server";

/** One address the marketing rules are asked about, with the account that holds it now (if any). */
export type Candidate = { email: string; userId: string | null; facts: RecipientFacts };

type LedgerRow = ConsentEntry & { userId: string | null; addressHash: string | null; email: string };

/** The consent records of these accounts and addresses (all of them when `scope` is "all"). */
async function ledgerRows(db: Executor, scope: "all" | { userIds: string[]; hashes: string[] }) {
  const c = consentRecords;
  const where =
    scope === "all"
      ? eq(c.purpose, "marketing")
      : and(
          eq(c.purpose, "marketing"),
          or(
            scope.userIds.length ? inArray(c.userId, scope.userIds) : sql`false`,
            scope.hashes.length ? inArray(c.addressHash, scope.hashes) : sql`false`,
          ),
        );
  return db
    .select({
      id: c.id,
      granted: c.granted,
      source: c.source,
      createdAt: c.createdAt,
      userId: c.userId,
      addressHash: c.addressHash,
      email: c.email,
    })
    .from(c)
    .where(where) as Promise<LedgerRow[]>;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K | null) {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    map.set(k, [...(map.get(k) ?? []), row]);
  }
  return map;
}

/**
 * The facts the marketing rules need about accounts and addresses, read now: each account with its ledger (under the
 * account and under its address), protection, last payment and (for one competition) entry; and each address that
 * consented without an account (a newsletter subscriber). `emails` limits it to those addresses (a batch's
 * re-check); without it, everyone the ledger knows. Erased addresses (deleted accounts) are never candidates.
 */
export async function loadCandidates(
  db: Executor,
  options: { emails?: readonly string[]; competitionId?: number | null } = {},
): Promise<Candidate[]> {
  const emails = options.emails?.map((e) => e.trim().toLowerCase());
  if (emails && emails.length === 0) return [];
  const accounts = await db
    .select({
      id: user.id,
      email: sql<string>`lower(${user.email})`,
      createdAt: user.createdAt,
      emailVerified: user.emailVerified,
      pausedUntil: playerLimits.pausedUntil,
      excludedUntil: playerLimits.excludedUntil,
    })
    .from(user)
    .leftJoin(playerLimits, eq(playerLimits.userId, user.id))
    .where(emails ? inArray(sql`lower(${user.email})`, emails) : undefined);
  const accountIds = accounts.map((a) => a.id);
  const lastPaid =
    accountIds.length === 0
      ? []
      : await db
          .select({ userId: orders.userId, at: max(orders.paidAt) })
          .from(orders)
          .where(and(eq(orders.paymentStatus, "paid"), emails ? inArray(orders.userId, accountIds) : undefined))
          .groupBy(orders.userId);
  const entered =
    options.competitionId == null || accountIds.length === 0
      ? []
      : await db
          .selectDistinct({ userId: orders.userId })
          .from(orders)
          .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
          .where(
            and(
              eq(orders.paymentStatus, "paid"),
              eq(orderLines.competitionId, options.competitionId),
              emails ? inArray(orders.userId, accountIds) : undefined,
            ),
          );
  const hashes = emails ? emails.map(addressHash) : [];
  const ledger = await ledgerRows(db, emails ? { userIds: accountIds, hashes } : "all");
  const byUser = groupBy(ledger, (r) => r.userId);
  const byHash = groupBy(ledger, (r) => r.addressHash);
  const paidAt = new Map(lastPaid.map((r) => [r.userId, r.at]));
  const entrants = new Set(entered.map((r) => r.userId));

  const candidates: Candidate[] = accounts.map((a) => {
    const hash = addressHash(a.email);
    const entries = [...(byUser.get(a.id) ?? []), ...(byHash.get(hash) ?? []).filter((r) => r.userId !== a.id)];
    return {
      email: a.email,
      userId: a.id,
      facts: {
        consent: currentConsent(entries),
        account: {
          deleted: false,
          emailVerified: a.emailVerified,
          createdAt: a.createdAt,
          pausedUntil: a.pausedUntil,
          excludedUntil: a.excludedUntil,
          lastPaidAt: paidAt.get(a.id) ?? null,
          enteredCompetitionIds: entrants.has(a.id) && options.competitionId != null ? [options.competitionId] : [],
        },
      },
    };
  });
  // Addresses that consented without an account: records made for the address alone, not erased.
  const accountHashes = new Set(accounts.map((a) => addressHash(a.email)));
  const seen = new Set<string>();
  for (const row of ledger) {
    if (row.userId !== null || row.addressHash === null || row.email === "erased") continue;
    if (accountHashes.has(row.addressHash) || seen.has(row.addressHash)) continue;
    const email = row.email.trim().toLowerCase();
    if (emails && !emails.includes(email)) continue;
    seen.add(row.addressHash);
    candidates.push({
      email,
      userId: null,
      facts: { consent: currentConsent(byHash.get(row.addressHash) ?? []), account: null },
    });
  }
  return candidates;
}

/** Who the audience means now, after consent and protection: the list sending starts from, and its count. */
export async function audienceMembers(db: Executor, choice: AudienceChoice, now: Date): Promise<Candidate[]> {
  const candidates = await loadCandidates(db, { competitionId: choice.competitionId });
  return candidates.filter((c) => matchesAudience(choice, c.facts, now) && marketingExclusion(c.facts, now) === null);
}

/** How many people the audience reaches now, and how many it would but for consent or protection. */
export async function audienceCount(db: Executor, choice: AudienceChoice, now: Date) {
  const candidates = await loadCandidates(db, { competitionId: choice.competitionId });
  const matching = candidates.filter((c) => matchesAudience(choice, c.facts, now));
  const reachable = matching.filter((c) => marketingExclusion(c.facts, now) === null).length;
  return { reachable, withheld: matching.length - reachable };
}

export type BatchRecipient = { email: string; userId: string | null; hadAccount: boolean };

/**
 * The send-time check for one batch: why each recipient must now be skipped, or null to send. A recipient made for
 * an account that no longer exists was deleted; any account now holding the address brings its own protection.
 */
export async function recheckRecipients(
  db: Executor,
  recipients: readonly BatchRecipient[],
  now: Date,
): Promise<Map<string, ExclusionReason | null>> {
  const found = new Map(
    (await loadCandidates(db, { emails: recipients.map((r) => r.email) })).map((c) => [c.email, c]),
  );
  const verdicts = new Map<string, ExclusionReason | null>();
  for (const r of recipients) {
    const candidate = found.get(r.email);
    // The account's row went (user_id set null): deleted. The address moved to another account, or left: no consent.
    if (r.hadAccount && r.userId === null) verdicts.set(r.email, "deleted");
    else if (!candidate || (r.hadAccount && candidate.userId !== r.userId)) verdicts.set(r.email, "no-consent");
    else verdicts.set(r.email, marketingExclusion(candidate.facts, now));
  }
  return verdicts;
}
