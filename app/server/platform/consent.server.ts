import { createHash } from "node:crypto";
import { eq, or } from "drizzle-orm";
import type { ConsentSource } from "~/db/constants";
import { consentRecords } from "~/db/schema";
import { type ConsentState, currentConsent, newestFirst } from "~/domain/consent-ledger";
import type { Executor } from "./db.server";

/** SHA-256 of the trimmed, lower-cased address: the ledger's link to an address it may no longer hold. */
export function addressHash(email: string) {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

type ConsentChange = {
  email: string;
  userId?: string | null;
  granted: boolean;
  /** The exact words the person saw (or, for a withdrawal, what it did). */
  wording: string;
  source: ConsentSource;
  at?: Date;
};

/**
 * Appends one grant or withdrawal of marketing consent to the ledger, in the caller's transaction, so it exists
 * exactly when the change that caused it does. The ledger is never edited; the latest entry is the current choice.
 */
export async function recordConsent(tx: Executor, change: ConsentChange) {
  const email = change.email.trim();
  await tx.insert(consentRecords).values({
    email,
    userId: change.userId ?? null,
    addressHash: addressHash(email),
    purpose: "marketing",
    granted: change.granted,
    wording: change.wording,
    source: change.source,
    ...(change.at ? { createdAt: change.at } : {}),
  });
}

type ConsentHistoryEntry = {
  id: number;
  granted: boolean;
  wording: string;
  source: string;
  createdAt: Date;
};

/**
 * A person's ledger, newest first: the records made under their account and those made for their address before or
 * without it (a newsletter sign-up, an unsubscribe link). Pass either or both.
 */
export async function consentHistory(
  db: Executor,
  who: { userId?: string | null; email?: string | null },
): Promise<ConsentHistoryEntry[]> {
  const conditions = [
    who.userId ? eq(consentRecords.userId, who.userId) : undefined,
    who.email ? eq(consentRecords.addressHash, addressHash(who.email)) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return [];
  const rows = await db
    .select({
      id: consentRecords.id,
      granted: consentRecords.granted,
      wording: consentRecords.wording,
      source: consentRecords.source,
      createdAt: consentRecords.createdAt,
    })
    .from(consentRecords)
    .where(or(...conditions));
  return newestFirst(rows);
}

/** The person's current marketing choice, derived from their ledger. */
export async function consentStateOf(
  db: Executor,
  who: { userId?: string | null; email?: string | null },
): Promise<ConsentState> {
  return currentConsent(await consentHistory(db, who));
}
