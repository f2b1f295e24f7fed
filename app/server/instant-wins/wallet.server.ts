import { desc, eq, sql } from "drizzle-orm";
import type { WalletReason } from "~/db/constants";
import { walletLedger } from "~/db/schema";
import type { Executor } from "../platform/db.server";

// The site-credit wallet: an append-only ledger (a database trigger refuses updates and deletes); the balance is the
// sum of its rows. Instant wins credit it; spending it at checkout debits it with its own reason.

/** Adds one movement, once per (reason, ref): the same event seen twice changes nothing. */
export async function creditWallet(
  tx: Executor,
  entry: { userId: string; amountPence: number; reason: WalletReason; ref: string; at: Date },
) {
  await tx
    .insert(walletLedger)
    .values({
      userId: entry.userId,
      amountPence: entry.amountPence,
      reason: entry.reason,
      ref: entry.ref,
      createdAt: entry.at,
    })
    .onConflictDoNothing({ target: [walletLedger.reason, walletLedger.ref] });
}

/** The player's site credit in pence: the sum of their ledger. */
export async function walletBalance(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${walletLedger.amountPence}), 0)`.mapWith(Number) })
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId));
  return row?.balance ?? 0;
}

/** The account page's ledger, newest first. */
export async function walletLedgerOf(db: Executor, userId: string, limit = 50) {
  return db
    .select({
      id: walletLedger.id,
      amountPence: walletLedger.amountPence,
      reason: walletLedger.reason,
      ref: walletLedger.ref,
      createdAt: walletLedger.createdAt,
    })
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId))
    .orderBy(desc(walletLedger.createdAt), desc(walletLedger.id))
    .limit(limit);
}
