import { eq, sql } from "drizzle-orm";
import { playerLimits, profiles, session, user } from "~/db/schema";
import { londonMonthStart } from "~/domain/london-time";
import { findSession, sessionToken } from "../platform/auth.server";
import type { Database } from "../platform/db.server";
import { preparedPerDatabase } from "../platform/prepared.server";
import type { Services } from "../platform/services.server";
import { type SignedInSession, sessionColumns, sessionState } from "../platform/session-read.server";
import { entryFactsFromRow, protectionColumns, protectionJoins } from "../protection/player-protection.server";
import { competitionIdsParameter, competitionsOf, type PrefetchedFacts } from "./checkout.server";

/**
 * The hold request's one read (ADR 042): the session of the cookie's token, its user, the buyer's protections and
 * the checkout's competitions, in one prepared statement (the session read and the protections read were two
 * statements, each built by Drizzle on every request).
 */
const buyerRead = preparedPerDatabase((db: Database) =>
  db
    .select({
      ...sessionColumns,
      ...protectionColumns(sql.placeholder("monthStart")),
      competitions: competitionsOf(sql.placeholder("ids")),
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(playerLimits, protectionJoins.limits)
    .leftJoin(profiles, protectionJoins.profile)
    .where(eq(session.token, sql.placeholder("token")))
    .prepare("checkout_buyer"),
);

/**
 * The signed-in buyer of a checkout request for competitions `ids`, with their protections and those competitions
 * read in the same statement; null when the request is not signed in (no cookie, a forged one, a session signed out,
 * revoked or deleted). A session better-auth must write first (expired, or due to have its expiry moved on) goes
 * through `findSession`, and the facts are then read by the checkout itself.
 */
export async function checkoutBuyer(
  services: Services,
  headers: { cookie?: string; all: () => Headers },
  ids: number[],
): Promise<{ session: SignedInSession; prefetched?: PrefetchedFacts } | null> {
  const cookie = await sessionToken(services.auth, headers.cookie);
  if (cookie && !cookie.token) return null;
  if (cookie?.token) {
    const now = services.now();
    const sorted = [...new Set(ids)].sort((a, b) => a - b);
    const [row] = await buyerRead(services.db).execute({
      token: cookie.token,
      monthStart: londonMonthStart(now),
      ids: competitionIdsParameter(sorted),
    });
    if (!row) return null;
    const { session: found, user: buyer, competitions, ...protection } = row;
    if (sessionState(found.expiresAt, Date.now(), cookie.terms) === "valid")
      return {
        session: { session: found, user: buyer },
        prefetched: { ids: sorted, facts: entryFactsFromRow(protection, now, competitions) },
      };
  }
  const signedIn = await findSession(services.auth, headers.all());
  return signedIn ? { session: signedIn } : null;
}
