import { eq, sql } from "drizzle-orm";
import { playerLimits, profiles, session, user } from "~/db/schema";
import { londonMonthStart } from "~/domain/london-time";
import { signedInWith } from "../platform/auth.server";
import type { Database } from "../platform/db.server";
import { preparedPerDatabase } from "../platform/prepared.server";
import type { Services } from "../platform/services.server";
import { type SignedInSession, sessionColumns } from "../platform/session-read.server";
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
 * read in the same statement as the session (`signedInWith`); null when the request is not signed in (no cookie, a
 * forged one, a session signed out, revoked or deleted). For a session better-auth had to renew first, the facts are
 * not read here: the checkout reads them itself.
 */
export async function checkoutBuyer(
  services: Services,
  headers: { cookie?: string; all: () => Headers },
  ids: number[],
): Promise<{ session: SignedInSession; prefetched?: PrefetchedFacts } | null> {
  const now = services.now();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const signedIn = await signedInWith(services.auth, headers.cookie, headers.all, async (db, token) => {
    const [row] = await buyerRead(db).execute({
      token,
      monthStart: londonMonthStart(now),
      ids: competitionIdsParameter(sorted),
    });
    return row;
  });
  if (!signedIn) return null;
  if (!signedIn.read) return { session: signedIn.renewed };
  const { session: found, user: buyer, competitions, ...protection } = signedIn.read;
  return {
    session: { session: found, user: buyer },
    prefetched: { ids: sorted, facts: entryFactsFromRow(protection, now, competitions) },
  };
}
