import { and, eq, gt, isNull } from "drizzle-orm";
import type { RestoreRefusal } from "~/content/recovery";
import { basketItems, checkoutRecoveries } from "~/db/schema";
import type { SessionUser } from "../accounts/session.server";
import { addToBasket, BASKET_MESSAGES } from "../checkout/basket.server";
import type { Services } from "../platform/services.server";
import { linesOf } from "./abandoned.server";
import { recoveryTokenHash } from "./send.server";

/** A recovery token as we make them: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type RestoreOutcome =
  | { ok: true; restored: string[]; skipped: { title: string; message: string }[] }
  | { ok: false; refusal: RestoreRefusal };

/**
 * Spends a recovery link for the signed-in person it was sent to: once, before it expires. The order's lines go
 * back in their basket as they were (competition, quantity, the numbers they chose, the answer they chose if it is
 * still offered), topping
 * up a line already there; a competition that has sold out, closed or hit the person's cap is skipped with the
 * basket's own message. The link signs nobody in: whoever is not the account it was sent to changes nothing.
 */
export async function restoreFromRecoveryLink(
  services: Services,
  token: string,
  person: Pick<SessionUser, "id">,
): Promise<RestoreOutcome> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, refusal: "invalid" };
  const now = services.now();
  const r = checkoutRecoveries;
  const [found] = await services.db
    .select({ orderId: r.orderId, userId: r.userId, usedAt: r.usedAt, expiresAt: r.tokenExpiresAt })
    .from(r)
    .where(eq(r.tokenHash, recoveryTokenHash(token)));
  if (!found?.userId || !found.expiresAt) return { ok: false, refusal: "invalid" };
  if (found.userId !== person.id) return { ok: false, refusal: "other-account" };
  if (found.usedAt) return { ok: false, refusal: "used" };
  if (found.expiresAt.getTime() <= now.getTime()) return { ok: false, refusal: "expired" };
  const spent = await services.db
    .update(r)
    .set({ usedAt: now })
    .where(and(eq(r.orderId, found.orderId), isNull(r.usedAt), gt(r.tokenExpiresAt, now)))
    .returning({ orderId: r.orderId });
  if (spent.length === 0) return { ok: false, refusal: "used" };

  const lines = (await linesOf(services.db, [found.orderId])).get(found.orderId) ?? [];
  const inBasket = await services.db
    .select({ competitionId: basketItems.competitionId, quantity: basketItems.quantity })
    .from(basketItems)
    .where(eq(basketItems.userId, person.id));
  const restored: string[] = [];
  const skipped: { title: string; message: string }[] = [];
  for (const line of lines) {
    const have = inBasket.find((b) => b.competitionId === line.competitionId)?.quantity ?? 0;
    const more = line.quantity - have;
    if (more <= 0) {
      restored.push(line.title);
      continue;
    }
    // The numbers the buyer chose go back with the line; the checkout tries them again at Pay and names any taken.
    const wanted = { competitionId: line.competitionId, quantity: more, numbers: line.chosenNumbers.slice(0, more) };
    let added = await addToBasket(services, person.id, { ...wanted, skillAnswer: line.skillAnswer });
    // An answer no longer among the options (the question was edited) is left for the person to choose again.
    if (!added.ok && added.message === BASKET_MESSAGES.answer) added = await addToBasket(services, person.id, wanted);
    if (added.ok) restored.push(line.title);
    else skipped.push({ title: line.title, message: added.message });
  }
  return { ok: true, restored, skipped };
}
