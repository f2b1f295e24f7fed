import { and, eq, inArray, sql } from "drizzle-orm";
import type { WalletReason } from "~/db/constants";
import { type OrderRow, orders, walletLedger } from "~/db/schema";
import { splitSiteCredit } from "~/domain/site-credit";
import { creditWallet, walletBalance } from "../instant-wins/wallet.server";
import type { Executor, Tx } from "../platform/db.server";

/**
 * Site credit spent at checkout (ADR 036). Every movement is a wallet_ledger row whose ref is the order id, at most
 * one per reason: the debit at the hold (`checkout`), its reversal when the hold ends unpaid (`checkout-reversal`),
 * a debit again when a late payment is honoured after all (`checkout-retaken`, written by `paddock_fulfil`, as
 * `paddock_release_hold` writes the reversal for the holds it releases), and the credit back on a refund
 * (`refund`). What the order has spent is always the negated sum of its rows, so each step moves exactly what is
 * still owed either way and a repeat moves nothing. A database trigger refuses any debit beyond the balance.
 */

const ORDER_REASONS: WalletReason[] = ["checkout", "checkout-reversal", "checkout-retaken", "refund"];

/** What an order's site credit stands at now: pence taken from the wallet and not given back. */
async function creditHeldBy(tx: Executor, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ net: sql<number>`coalesce(sum(${walletLedger.amountPence}), 0)`.mapWith(Number) })
    .from(walletLedger)
    .where(and(eq(walletLedger.ref, orderId), inArray(walletLedger.reason, ORDER_REASONS)));
  return -(row?.net ?? 0);
}

/**
 * placeOrder's one call, inside its transaction after the buyer's advisory lock and the order's insert: when the
 * buyer asked to use their credit, the server decides how much (domain/site-credit) from the settled balance,
 * debits it and records it on the order. Returns the order as it now is.
 */
export async function applySiteCredit(tx: Tx, order: OrderRow, wanted: boolean | undefined, now: Date) {
  if (!wanted || !order.userId) return order;
  const { creditPence } = splitSiteCredit(order.totalAmountPence, await walletBalance(tx, order.userId));
  if (creditPence === 0) return order;
  await creditWallet(tx, {
    userId: order.userId,
    amountPence: -creditPence,
    reason: "checkout",
    ref: order.id,
    at: now,
  });
  const [updated] = await tx
    .update(orders)
    .set({ siteCreditPence: creditPence })
    .where(eq(orders.id, order.id))
    .returning();
  return updated ?? order;
}

/** A refund: whatever site credit the order still holds goes back to the wallet (the card part goes to the card). */
export async function refundSiteCredit(tx: Tx, orderId: string, now: Date): Promise<void> {
  await giveBack(tx, orderId, "refund", now);
}

async function giveBack(tx: Tx, orderId: string, reason: WalletReason, now: Date) {
  const held = await creditHeldBy(tx, orderId);
  if (held <= 0) return;
  const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order?.userId) return;
  await creditWallet(tx, { userId: order.userId, amountPence: held, reason, ref: orderId, at: now });
}

/** An order the wallet pays in full: it needs no provider session (and has no card payment to refund). */
export const paidEntirelyByCredit = (order: Pick<OrderRow, "siteCreditPence" | "totalAmountPence">) =>
  order.siteCreditPence > 0 && order.siteCreditPence === order.totalAmountPence;

/** What the card pays for an order: its total less the site credit applied. */
export const cardAmountOf = (order: Pick<OrderRow, "siteCreditPence" | "totalAmountPence">) =>
  order.totalAmountPence - order.siteCreditPence;

/** Whether a refund of this order has a card payment to give back at the provider. */
export async function hasCardPayment(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ siteCreditPence: orders.siteCreditPence, totalAmountPence: orders.totalAmountPence })
    .from(orders)
    .where(eq(orders.id, orderId));
  return !row || !paidEntirelyByCredit(row);
}
