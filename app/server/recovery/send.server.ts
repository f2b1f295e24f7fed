import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gte, isNull, lte, max } from "drizzle-orm";
import { checkoutRecoveries, orders, siteSettings, user } from "~/db/schema";
import { listNumbers } from "~/domain/chosen-numbers";
import {
  AUTO_SEND_SETTING_KEY,
  autoSendAllowedAfter,
  autoSendWindow,
  BASIS_LABELS,
  RECOVERY_LINK_TTL_MS,
  REFUSAL_MESSAGES,
  type RecoveryBasis,
  recoveryEligibility,
} from "~/domain/recovery";
import { recordAudit } from "../admin/audit.server";
import { marketingUnsubscribeLink } from "../engagement/newsletter.server";
import type { Tx } from "../platform/db.server";
import type { EmailContent } from "../platform/email/content";
import { enqueueEmail } from "../platform/mail.server";
import { publicOrigin } from "../platform/public-origin.server";
import type { Services } from "../platform/services.server";
import {
  type AbandonedLine,
  abandonedOrderCondition,
  autoSendSetting,
  linesOf,
  recoveryFacts,
} from "./abandoned.server";

export const RECOVERY_MESSAGES = {
  notFound: "This abandoned checkout could not be found. It may have been paid for or removed.",
  alreadySent: "A recovery e-mail has already been sent for this checkout.",
  dismissed: "This checkout has been dismissed.",
} as const;

/** SHA-256 (hex) of a recovery link's token: all the database keeps of it. */
export const recoveryTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export function recoveryUrl(origin: string, token: string) {
  return `${origin}/basket/recover?token=${encodeURIComponent(token)}`;
}

/** Why the footer says we may write, per basis. */
const FOOTER_REASONS: Record<RecoveryBasis, string | undefined> = {
  consent: undefined,
  "soft-opt-in":
    "You are receiving this because you have bought from Paddock before and have not opted out of our e-mails.",
};

/** What the opt-out's subscription row records, when the address has none, as the reason we may write. */
const BASIS_NOTES: Record<RecoveryBasis, string> = {
  consent: "Marketing consent recorded in the consent ledger.",
  "soft-opt-in": "Existing customer: soft opt-in (PECR regulation 22(3)) for e-mails about our own competitions.",
};

/** A line as the e-mail lists it: its tickets, and the numbers the buyer chose, which the link offers again. */
function lineText(l: AbandonedLine & { chosenNumbers?: readonly number[] }) {
  const tickets = `${l.title}: ${l.quantity} ${l.quantity === 1 ? "ticket" : "tickets"}`;
  const chosen = l.chosenNumbers ?? [];
  if (chosen.length === 0) return tickets;
  return `${tickets}, your ${chosen.length === 1 ? "number" : "numbers"} ${listNumbers([...chosen])}`;
}

function recoveryEmail(
  name: string,
  lines: readonly (AbandonedLine & { chosenNumbers?: readonly number[] })[],
  link: string,
  basis: RecoveryBasis,
) {
  return (unsubscribeUrl: string): EmailContent => ({
    preview: "Your Paddock basket is waiting for you.",
    blocks: [
      { type: "text", text: name ? `Hello ${name},` : "Hello," },
      { type: "text", text: "You started entering these competitions but did not finish paying:" },
      {
        type: "details",
        lines: lines.map(lineText),
      },
      {
        type: "text",
        text:
          "This link puts them back in your basket, with the answers and numbers you chose (you can change them " +
          "before paying). It works once, for 7 days, once you are signed in. Competitions that have sold out or " +
          "closed since are left out, and nothing is reserved until you check out: if someone has taken one of " +
          "your numbers by then, the checkout says which and offers a lucky dip instead.",
      },
      { type: "action", label: "Return to my basket", url: link },
      { type: "text", text: "If you would rather not hear from us, unsubscribe with one click below." },
    ],
    footer: { kind: "marketing", unsubscribeUrl, reason: FOOTER_REASONS[basis] },
  });
}

export type SendOutcome = { ok: true; basis: RecoveryBasis; email: string } | { ok: false; message: string };

/**
 * Sends the one recovery e-mail for an abandoned order, if the law allows it now (domain/recovery.ts): checked,
 * recorded with its basis and a hash of the link's token, queued and audited in one transaction, with the order
 * row locked so two sends (two staff, or staff and the automatic rule) make one e-mail. `actorUserId` null is the
 * automatic rule.
 */
export async function sendRecoveryEmail(
  services: Services,
  orderId: string,
  actorUserId: string | null,
): Promise<SendOutcome> {
  const now = services.now();
  const origin = await publicOrigin(services);
  const outcome = await services.db.transaction(async (tx): Promise<SendOutcome> => {
    const [order] = await tx
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(and(eq(orders.id, orderId), abandonedOrderCondition()))
      .for("update");
    if (!order?.userId) return { ok: false, message: RECOVERY_MESSAGES.notFound };
    const [done] = await tx.select().from(checkoutRecoveries).where(eq(checkoutRecoveries.orderId, orderId));
    if (done?.sentAt) return { ok: false, message: RECOVERY_MESSAGES.alreadySent };
    if (done?.dismissedAt) return { ok: false, message: RECOVERY_MESSAGES.dismissed };
    const facts = (await recoveryFacts(tx, [order.userId])).get(order.userId);
    const eligibility = facts ? recoveryEligibility(facts, now) : ({ ok: false, refusal: "account-deleted" } as const);
    if (!eligibility.ok) return { ok: false, message: REFUSAL_MESSAGES[eligibility.refusal] };
    const [account] = await tx
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, order.userId));
    if (!account) return { ok: false, message: REFUSAL_MESSAGES["account-deleted"] };
    return queueRecovery(tx, {
      orderId,
      userId: order.userId,
      account,
      basis: eligibility.basis,
      actorUserId,
      origin,
      now,
    });
  });
  if (outcome.ok) services.mail.kick();
  return outcome;
}

async function queueRecovery(
  tx: Tx,
  r: {
    orderId: string;
    userId: string;
    account: { email: string; name: string };
    basis: RecoveryBasis;
    actorUserId: string | null;
    origin: string;
    now: Date;
  },
): Promise<SendOutcome> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(checkoutRecoveries).values({
    orderId: r.orderId,
    userId: r.userId,
    sentAt: r.now,
    sentByUserId: r.actorUserId,
    basis: r.basis,
    tokenHash: recoveryTokenHash(token),
    tokenExpiresAt: new Date(r.now.getTime() + RECOVERY_LINK_TTL_MS),
    createdAt: r.now,
  });
  const lines = (await linesOf(tx, [r.orderId])).get(r.orderId) ?? [];
  const optOut = await marketingUnsubscribeLink(
    tx,
    r.origin,
    { email: r.account.email, name: r.account.name, basis: BASIS_NOTES[r.basis] },
    r.now,
  );
  await enqueueEmail(tx, {
    to: r.account.email,
    subject: "Your Paddock basket is waiting",
    content: recoveryEmail(r.account.name, lines, recoveryUrl(r.origin, token), r.basis)(optOut.url),
    headers: optOut.headers,
    kind: "checkout-recovery",
  });
  await recordAudit(tx, {
    actorUserId: r.actorUserId,
    action: "recovery.sent",
    subject: `order:${r.orderId}`,
    after: { basis: r.basis, label: BASIS_LABELS[r.basis] },
    data: { automatic: r.actorUserId === null },
  });
  return { ok: true, basis: r.basis, email: r.account.email };
}

/** Removes an abandoned checkout from the list (it stays an order); audited. */
export async function dismissAbandoned(
  services: Services,
  orderId: string,
  actorUserId: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(and(eq(orders.id, orderId), abandonedOrderCondition()))
      .for("update");
    if (!order) return { ok: false, message: RECOVERY_MESSAGES.notFound };
    const dismissed = await tx
      .insert(checkoutRecoveries)
      .values({ orderId, userId: order.userId, dismissedAt: now, dismissedByUserId: actorUserId, createdAt: now })
      .onConflictDoUpdate({
        target: checkoutRecoveries.orderId,
        set: { dismissedAt: now, dismissedByUserId: actorUserId },
        setWhere: isNull(checkoutRecoveries.dismissedAt),
      })
      .returning({ orderId: checkoutRecoveries.orderId });
    if (dismissed.length === 0) return { ok: false, message: RECOVERY_MESSAGES.dismissed };
    await recordAudit(tx, { actorUserId, action: "recovery.dismissed", subject: `order:${orderId}` });
    return { ok: true };
  });
}

/** Turns the automatic rule off (null) or on with a delay in hours; audited like any site setting. */
export async function setAutoSend(services: Services, actorUserId: string, hours: number | null) {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const before = await autoSendSetting(tx);
    if (before === hours) return;
    const values = { value: hours ?? 0, updatedByUserId: actorUserId, updatedAt: now };
    await tx
      .insert(siteSettings)
      .values({ key: AUTO_SEND_SETTING_KEY, ...values })
      .onConflictDoUpdate({ target: siteSettings.key, set: values });
    await recordAudit(tx, {
      actorUserId,
      action: "setting.changed",
      subject: `setting:${AUTO_SEND_SETTING_KEY}`,
      before: { value: before },
      after: { value: hours },
    });
  });
}

/**
 * The automatic rule's pass: when it is on, one recovery e-mail for each checkout abandoned at least the delay
 * ago (looking back a few days past it), to people the law allows, at most one per person a week. Each order is
 * sent for once at most, whatever processes run the pass (sendRecoveryEmail's lock and its one row per order).
 */
export async function sendDueRecoveries(services: Services, options: { limit?: number } = {}) {
  const report = { considered: 0, sent: 0 };
  const hours = await autoSendSetting(services.db);
  if (hours === null) return report;
  const now = services.now();
  const { from, to } = autoSendWindow(hours, now);
  const due = await services.db
    .select({ orderId: orders.id, userId: orders.userId })
    .from(orders)
    .leftJoin(checkoutRecoveries, eq(checkoutRecoveries.orderId, orders.id))
    .where(
      and(
        abandonedOrderCondition(),
        isNull(checkoutRecoveries.orderId),
        gte(orders.updatedAt, from),
        lte(orders.updatedAt, to),
      ),
    )
    .orderBy(asc(orders.updatedAt))
    .limit(options.limit ?? 100);
  for (const { orderId, userId } of due) {
    if (!userId) continue;
    report.considered++;
    const [last] = await services.db
      .select({ at: max(checkoutRecoveries.sentAt) })
      .from(checkoutRecoveries)
      .where(eq(checkoutRecoveries.userId, userId));
    if (!autoSendAllowedAfter(last?.at ?? null, now)) continue;
    const sent = await sendRecoveryEmail(services, orderId, null);
    if (sent.ok) report.sent++;
  }
  return report;
}
