import { and, type Column, eq, isNull, type SQL, sql } from "drizzle-orm";
import { LEGAL_LAST_UPDATED_ISO } from "~/content/policy";
import { supportServicesText } from "~/content/support";
import { auditLog, newsletterSubscriptions, orders, playerLimits, profiles, siteSettings, user } from "~/db/schema";
import { DOB_MESSAGES } from "~/domain/date-of-birth";
import {
  checkEligibility,
  checkRecordedEligibility,
  isEligibleCountry,
  MIN_AGE,
  type RecordedEligibility,
} from "~/domain/eligibility";
import { formatUkDateTime } from "~/domain/london-format";
import { londonMonthStart } from "~/domain/london-time";
import { formatPence } from "~/domain/money";
import {
  exclusionEnd,
  isActiveUntil,
  isPauseDays,
  isValidExclusionMonths,
  MAX_SELF_EXCLUSION_MONTHS,
  MIN_SELF_EXCLUSION_MONTHS,
  pauseEnd,
} from "~/domain/player-protection";
import {
  isPaidEntryOpen,
  paidEntryClosedMessage,
  type SettingRow,
  type SiteSettings,
  settingsFromRows,
} from "~/domain/site-settings";
import {
  exceedsLimit,
  isValidLimit,
  type LimitState,
  MAX_LIMIT_PENCE,
  planLimitChange,
  remainingAllowance,
  settleLimit,
} from "~/domain/spend-limit";
import { recordConsent } from "../platform/consent.server";
import type { Executor, Tx } from "../platform/db.server";
import { serviceEmail } from "../platform/email/content";
import { enqueueEmail } from "../platform/mail.server";
import type { Services } from "../platform/services.server";
import { getSiteSettings } from "../platform/site-settings.server";

/** The terms version each order records as accepted: the legal pages' "last updated" month. */
export const TERMS_VERSION = LEGAL_LAST_UPDATED_ISO;

export type EntryBlock = {
  code:
    | "eligibility_required"
    | "invalid_date_of_birth"
    | "under_18"
    | "not_resident"
    | "paid_entry_closed"
    | "paused"
    | "self_excluded"
    | "spend_limit";
  message: string;
};

const ELIGIBILITY_MESSAGES = {
  eligibility_required: "Please confirm your date of birth and country before your first entry.",
  under_18: `You must be ${MIN_AGE} or over to enter.`,
  not_resident: "Entry is open only to residents of the United Kingdom and Ireland.",
  invalid_date: DOB_MESSAGES.real,
  future_date: DOB_MESSAGES.past,
  terms: "You must accept the terms and conditions",
  // Once confirmed, the details are changed only by staff (the eligibility page says so).
  invalid_date_of_birth:
    "The date of birth recorded with your account cannot be right. Please contact us so we can correct it.",
} as const;

type LimitsRow = typeof playerLimits.$inferSelect;

function limitState(row: LimitsRow | undefined): LimitState {
  return {
    monthlyLimitPence: row?.monthlyLimitPence ?? null,
    pendingLimitPence: row?.pendingLimitPence ?? null,
    pendingEffectiveAt: row?.pendingEffectiveAt ?? null,
  };
}

/** What the person told us about their eligibility, and when they confirmed it. */
async function readEligibility(db: Executor, userId: string) {
  const [profile] = await db
    .select({
      dateOfBirth: profiles.dateOfBirth,
      country: profiles.country,
      confirmedAt: profiles.eligibilityConfirmedAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return profile;
}

/** Everything the entry rules read about one account, from ONE query: limits, eligibility, spend, site settings. */
type ProtectionFacts = {
  limits: LimitsRow | undefined;
  profile: RecordedEligibility | undefined;
  /** Paid this London month plus every pending order, with or without a limit: the limits page shows it. */
  spentThisMonthPence: number;
  settings: SiteSettings;
};

/** node-postgres parses a json column; other drivers may hand back its text. */
const jsonRows = (value: unknown): SettingRow[] =>
  (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as SettingRow[];

async function readProtectionFacts(db: Executor, userId: string, now: Date): Promise<ProtectionFacts> {
  return (await readProtectionFactsWith(db, userId, now, sql`null`)).facts;
}

/**
 * The protection facts' columns, for a statement over `user` left-joined with `player_limits` and `profiles` (on
 * `protectionJoins`); `monthStart` is a value, or a placeholder in a prepared statement.
 */
export function protectionColumns(monthStart: Date | ReturnType<typeof sql.placeholder>) {
  return {
    limitsUserId: playerLimits.userId,
    monthlyLimitPence: playerLimits.monthlyLimitPence,
    pendingLimitPence: playerLimits.pendingLimitPence,
    pendingEffectiveAt: playerLimits.pendingEffectiveAt,
    pausedUntil: playerLimits.pausedUntil,
    excludedUntil: playerLimits.excludedUntil,
    limitsUpdatedAt: playerLimits.updatedAt,
    profileUserId: profiles.userId,
    dateOfBirth: profiles.dateOfBirth,
    country: profiles.country,
    confirmedAt: profiles.eligibilityConfirmedAt,
    spent: sql<number>`(select coalesce(sum(o.total_amount_pence) filter (where
        (o.payment_status = 'paid' and o.paid_at >= ${monthStart}) or o.payment_status = 'pending'), 0)::int
      from ${orders} o where o.user_id = ${user.id})`.mapWith(Number),
    settings: sql<unknown>`(select coalesce(json_agg(json_build_object('key', s.key, 'value', s.value)), '[]'::json)
      from ${siteSettings} s)`,
  };
}

/** The joins `protectionColumns` reads from, onto a query that has `user`. */
export const protectionJoins = {
  limits: eq(playerLimits.userId, user.id),
  profile: eq(profiles.userId, user.id),
} as const;

/**
 * A row of `protectionColumns`, derived from them: every table column may be null (they come through left joins),
 * the two subqueries are what their SQL says.
 */
type ProtectionRow = { [K in keyof ProtectionColumns]: ColumnData<ProtectionColumns[K]> };
type ProtectionColumns = ReturnType<typeof protectionColumns>;
type ColumnData<T> = T extends Column ? T["_"]["data"] | null : T extends SQL<infer Data> ? Data : never;

/** The facts of a row of `protectionColumns` (none: an account that does not exist). */
function protectionFactsFrom(row: ProtectionRow | undefined): ProtectionFacts {
  return {
    limits:
      row?.limitsUserId != null
        ? {
            userId: row.limitsUserId,
            monthlyLimitPence: row.monthlyLimitPence,
            pendingLimitPence: row.pendingLimitPence,
            pendingEffectiveAt: row.pendingEffectiveAt,
            pausedUntil: row.pausedUntil,
            excludedUntil: row.excludedUntil,
            updatedAt: row.limitsUpdatedAt as Date,
          }
        : undefined,
    profile:
      row?.profileUserId != null
        ? { dateOfBirth: row.dateOfBirth, country: row.country, confirmedAt: row.confirmedAt }
        : undefined,
    spentThisMonthPence: Number(row?.spent ?? 0),
    settings: settingsFromRows(jsonRows(row?.settings)),
  };
}

/** The protection facts' one query, with a caller's column `alongside` (its value when the account exists). */
async function readProtectionFactsWith<T>(
  db: Executor,
  userId: string,
  now: Date,
  alongside: SQL<T>,
): Promise<{ facts: ProtectionFacts; alongside: T | undefined }> {
  const [row] = await db
    .select({ alongside, ...protectionColumns(londonMonthStart(now)) })
    .from(user)
    .leftJoin(playerLimits, protectionJoins.limits)
    .leftJoin(profiles, protectionJoins.profile)
    .where(eq(user.id, userId));
  return { facts: protectionFactsFrom(row), alongside: row?.alongside };
}

/** The account's protections as its pages show them, from one read (protectionStatus over readProtectionFacts). */
function protectionStatus(facts: ProtectionFacts, now: Date) {
  const { profile, limits: row } = facts;
  const limits = settleLimit(limitState(row), now);
  return {
    eligibility: {
      confirmed: Boolean(profile?.confirmedAt),
      dateOfBirth: profile?.dateOfBirth ?? null,
      country: profile?.country ?? null,
    },
    monthlyLimitPence: limits.monthlyLimitPence,
    pendingLimitPence: limits.pendingEffectiveAt ? limits.pendingLimitPence : null,
    pendingLimitEffectiveAt: limits.pendingEffectiveAt,
    spentThisMonthPence: facts.spentThisMonthPence,
    pausedUntil: isActiveUntil(row?.pausedUntil ?? null, now) ? (row?.pausedUntil ?? null) : null,
    excludedUntil: isActiveUntil(row?.excludedUntil ?? null, now) ? (row?.excludedUntil ?? null) : null,
  };
}

export async function getProtectionStatus(services: Services, userId: string, now: Date) {
  return protectionStatus(await readProtectionFacts(services.db, userId, now), now);
}

/**
 * A review page's view of the account: its protections and whether an order of `orderTotalPence` may be placed,
 * both from the same single read.
 */
export async function protectionForOrder(services: Services, userId: string, orderTotalPence: number, now: Date) {
  const facts = await readProtectionFacts(services.db, userId, now);
  return { status: protectionStatus(facts, now), block: entryBlock(facts, orderTotalPence, now) };
}

export async function confirmEligibility(
  services: Services,
  userId: string,
  input: { dateOfBirth: string; country: "GB" | "IE"; acceptTerms: boolean },
  now: Date,
): Promise<{ ok: true } | { ok: false; message: string; field?: string }> {
  if (input.acceptTerms !== true) return { ok: false, message: ELIGIBILITY_MESSAGES.terms, field: "acceptTerms" };
  const decision = checkEligibility({ dateOfBirth: input.dateOfBirth, country: input.country }, now);
  if (!decision.ok) {
    return {
      ok: false,
      message: ELIGIBILITY_MESSAGES[decision.reason],
      field: decision.reason === "not_resident" ? "country" : "dateOfBirth",
    };
  }
  await services.db.transaction(async (tx) => {
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!account) throw new Error(`No user ${userId}`);
    const values = {
      dateOfBirth: input.dateOfBirth,
      country: input.country,
      eligibilityConfirmedAt: now,
      updatedAt: now,
    };
    await tx
      .insert(profiles)
      .values({ userId, email: account.email, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: values });
    await tx.insert(auditLog).values({
      actorUserId: userId,
      action: "eligibility.confirmed",
      subject: userId,
      data: { country: input.country, termsVersion: TERMS_VERSION },
    });
  });
  return { ok: true };
}

/** Locks (creating if needed) the player's limits row, so concurrent changes apply one after another. */
async function lockLimits(tx: Tx, userId: string, now: Date): Promise<LimitsRow> {
  await tx.insert(playerLimits).values({ userId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(playerLimits).where(eq(playerLimits.userId, userId)).for("update");
  if (!row) throw new Error(`No limits row for ${userId}`);
  return row;
}

export async function setMonthlyLimit(
  services: Services,
  userId: string,
  limitPence: number | null,
  now: Date,
): Promise<{ ok: true; effectiveAt: Date } | { ok: false; message: string }> {
  if (!isValidLimit(limitPence))
    return { ok: false, message: `Enter a limit from £0 to ${formatPence(MAX_LIMIT_PENCE)}.` };
  const effectiveAt = await services.db.transaction(async (tx) => {
    const row = await lockLimits(tx, userId, now);
    const plan = planLimitChange(limitState(row), limitPence, now);
    await tx
      .update(playerLimits)
      .set({
        monthlyLimitPence: plan.state.monthlyLimitPence,
        pendingLimitPence: plan.state.pendingLimitPence,
        pendingEffectiveAt: plan.state.pendingEffectiveAt,
        updatedAt: now,
      })
      .where(eq(playerLimits.userId, userId));
    await tx.insert(auditLog).values({
      actorUserId: userId,
      action: "protection.limit",
      subject: userId,
      data: { requestedPence: limitPence, immediate: plan.immediate, effectiveAt: plan.effectiveAt.toISOString() },
    });
    return plan.effectiveAt;
  });
  return { ok: true, effectiveAt };
}

export async function pauseAccount(services: Services, userId: string, days: 1 | 7 | 30, now: Date): Promise<void> {
  if (!isPauseDays(days)) throw new RangeError(`A pause lasts 1, 7 or 30 days, not ${days}`);
  await services.db.transaction(async (tx) => {
    const row = await lockLimits(tx, userId, now);
    const until = pauseEnd(now, days, isActiveUntil(row.pausedUntil, now) ? row.pausedUntil : null);
    await tx.update(playerLimits).set({ pausedUntil: until, updatedAt: now }).where(eq(playerLimits.userId, userId));
    await tx.insert(auditLog).values({
      actorUserId: userId,
      action: "protection.pause",
      subject: userId,
      data: { days, until: until.toISOString() },
    });
  });
}

const SELF_EXCLUSION_CONSENT_WORDING = "Marketing consent withdrawn because the account self-excluded.";

export async function selfExclude(
  services: Services,
  userId: string,
  months: number,
  now: Date,
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!isValidExclusionMonths(months)) {
    return {
      ok: false,
      message:
        `Self-exclusion lasts from ${MIN_SELF_EXCLUSION_MONTHS} months ` +
        `to ${MAX_SELF_EXCLUSION_MONTHS / 12} years.`,
    };
  }
  await services.db.transaction(async (tx) => {
    const row = await lockLimits(tx, userId, now);
    const until = exclusionEnd(now, months, isActiveUntil(row.excludedUntil, now) ? row.excludedUntil : null);
    await tx.update(playerLimits).set({ excludedUntil: until, updatedAt: now }).where(eq(playerLimits.userId, userId));

    // Self-exclusion stops marketing: consent withdrawn in the ledger for every address, newsletters ended.
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    const [profile] = await tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.userId, userId));
    const emails = [
      ...new Set([account?.email, profile?.email].filter((e): e is string => Boolean(e)).map((e) => e.toLowerCase())),
    ];
    for (const email of emails) {
      await recordConsent(tx, {
        email,
        userId,
        granted: false,
        wording: SELF_EXCLUSION_CONSENT_WORDING,
        source: "self_exclusion",
        at: now,
      });
      await tx
        .update(newsletterSubscriptions)
        .set({ unsubscribedAt: now, updatedAt: now })
        .where(
          and(sql`lower(${newsletterSubscriptions.email}) = ${email}`, isNull(newsletterSubscriptions.unsubscribedAt)),
        );
    }
    await tx.insert(auditLog).values({
      actorUserId: userId,
      action: "protection.self_exclusion",
      subject: userId,
      data: { months, until: until.toISOString() },
    });
    if (account) {
      await enqueueEmail(tx, {
        to: account.email,
        kind: "self-exclusion",
        subject: "Your self-exclusion from Paddock is in place",
        content: serviceEmail("Your self-exclusion is in place.", [
          { type: "text", text: "You have excluded yourself from entering Paddock competitions." },
          {
            type: "text",
            text:
              `Your self-exclusion lasts until ${formatUkDateTime(until)} (UK time) and cannot be ended early.\n` +
              "During this time you cannot enter competitions, and we will not send you marketing e-mails.",
          },
          { type: "text", text: supportServicesText() },
        ]),
      });
    }
  });
  services.mail.kick();
  return { ok: true };
}

function blockFromEligibility(profile: RecordedEligibility | undefined, now: Date): EntryBlock | null {
  const decision = checkRecordedEligibility(profile, now);
  if (decision.ok) return null;
  switch (decision.reason) {
    case "not_confirmed":
      return { code: "eligibility_required", message: ELIGIBILITY_MESSAGES.eligibility_required };
    case "invalid_date":
    case "future_date":
      return { code: "invalid_date_of_birth", message: ELIGIBILITY_MESSAGES.invalid_date_of_birth };
    default:
      return { code: decision.reason, message: ELIGIBILITY_MESSAGES[decision.reason] };
  }
}

/** Paid entry switched off (site settings) for residents of this country: they may enter by post only. */
function paidEntryClosedIn(settings: SiteSettings, country: string | null): EntryBlock | null {
  if (!isEligibleCountry(country) || isPaidEntryOpen(settings, country)) return null;
  return { code: "paid_entry_closed", message: paidEntryClosedMessage(country) };
}

/** Why this account may not pay to enter because of where it lives, if so (for the competition page). */
export async function paidEntryBlock(db: Executor, userId: string): Promise<EntryBlock | null> {
  const profile = await readEligibility(db, userId);
  return paidEntryClosedIn(await getSiteSettings(db), profile?.country ?? null);
}

/**
 * May this account place an order of `orderTotalPence` now? Run it inside the checkout transaction (after the
 * per-user lock) so two checkouts cannot both slip under the spend limit. One query reads everything it needs.
 */
export async function checkCanEnter(
  db: Executor,
  userId: string,
  orderTotalPence: number,
  now: Date,
): Promise<EntryBlock | null> {
  return entryBlock(await readProtectionFacts(db, userId, now), orderTotalPence, now);
}

/**
 * The checkout's one read of the buyer's protections per request (ADR 027 §5), with a column of the caller's in the
 * same statement (the checkout's competitions: one round trip before the hold): everything but the spend limit is
 * decided from it at once; the spend limit is checked by `paddock_hold` under the buyer's lock against their settled
 * orders (`monthlyLimitPence` since `monthStart`), and `blockFor` words a refusal with the spend the hold found.
 */
export async function readEntryFactsWith<T>(db: Executor, userId: string, now: Date, alongside: SQL<T>) {
  const read = await readProtectionFactsWith(db, userId, now, alongside);
  return { ...entryFacts(read.facts, now), alongside: read.alongside };
}

/** `readEntryFactsWith`'s answer from a row of `protectionColumns` another statement read (ADR 042). */
export function entryFactsFromRow<T>(row: ProtectionRow, now: Date, alongside: T) {
  return { ...entryFacts(protectionFactsFrom(row), now), alongside };
}

export type EntryFacts<T> = ReturnType<typeof entryFactsFromRow<T>>;

function entryFacts(facts: ProtectionFacts, now: Date) {
  return {
    monthlyLimitPence: settleLimit(limitState(facts.limits), now).monthlyLimitPence,
    monthStart: londonMonthStart(now),
    blockFor: (orderTotalPence: number, spentThisMonthPence = facts.spentThisMonthPence) =>
      entryBlock({ ...facts, spentThisMonthPence }, orderTotalPence, now),
  };
}

function entryBlock(facts: ProtectionFacts, orderTotalPence: number, now: Date): EntryBlock | null {
  const { limits: row, profile } = facts;
  if (row && isActiveUntil(row.excludedUntil, now) && row.excludedUntil) {
    return {
      code: "self_excluded",
      message:
        `You have self-excluded until ${formatUkDateTime(row.excludedUntil)}. ` +
        "You cannot enter competitions during this time.",
    };
  }
  if (row && isActiveUntil(row.pausedUntil, now) && row.pausedUntil) {
    return {
      code: "paused",
      message: `Your account is paused until ${formatUkDateTime(row.pausedUntil)}. You can enter again after that.`,
    };
  }
  const ineligible = blockFromEligibility(profile, now);
  if (ineligible) return ineligible;
  const closed = paidEntryClosedIn(facts.settings, profile?.country ?? null);
  if (closed) return closed;
  const limit = settleLimit(limitState(row), now).monthlyLimitPence;
  if (limit !== null) {
    const spent = facts.spentThisMonthPence;
    if (exceedsLimit(limit, spent, orderTotalPence)) {
      const left = remainingAllowance(limit, spent) ?? 0;
      return {
        code: "spend_limit",
        message:
          `This order (${formatPence(orderTotalPence)}) would take you over your monthly spending limit ` +
          `of ${formatPence(limit)}. You can spend ${formatPence(left)} more this month.`,
      };
    }
  }
  return null;
}
