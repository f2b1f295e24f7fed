import { eq, sql } from "drizzle-orm";
import { playerLimits, profiles, session, user } from "~/db/schema";
import { londonMonthStart } from "~/domain/london-time";
import { signedInWith } from "../platform/auth.server";
import type { Database } from "../platform/db.server";
import { type Batched, groupCommit } from "../platform/group-commit.server";
import { integerArrayParameter, preparedPerDatabase, textArrayParameter } from "../platform/prepared.server";
import type { Services } from "../platform/services.server";
import { type SignedInSession, sessionColumns } from "../platform/session-read.server";
import { entryFactsFromRow, protectionColumns, protectionJoins } from "../protection/player-protection.server";
import { competitionsOf, type PrefetchedFacts } from "./checkout.server";

/**
 * The hold request's one read (ADR 042), for every buyer whose request arrives together (ADR 044): the sessions of
 * the cookies' tokens, their users, the buyers' protections and the checkouts' competitions, in one prepared
 * statement. A flash sale's 500 requests were 500 statements, each a socket write and a wake-up of a database
 * process; now they are a handful.
 */
const buyersRead = preparedPerDatabase((db: Database) =>
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
    .where(sql`${session.token} = any(${sql.placeholder("tokens")}::text[])`)
    .prepare("checkout_buyers"),
);

type BuyerRow = Awaited<ReturnType<ReturnType<typeof buyersRead>["execute"]>>[number];
/** One buyer's read: the cookie's token, the month whose spending counts, the competitions of their checkout. */
type BuyerAsk = { token: string; monthStart: Date; ids: number[] };

/** The most buyers one read takes: a sale's burst, in a statement that stays a few milliseconds. */
export const MAX_BUYER_READ = 64;

/**
 * Reads a group of buyers (`groupCommit`: the first alone at once, those arriving meanwhile together), one statement
 * per month start in the group (one, but at midnight on the first of a month). Each buyer gets their own row, with
 * only the competitions they asked for; none when the token has no session.
 */
async function readBuyers(db: Database, group: Batched<BuyerAsk, BuyerRow | undefined>[]) {
  const byMonth = new Map<number, Batched<BuyerAsk, BuyerRow | undefined>[]>();
  for (const entry of group) {
    const key = entry.item.monthStart.getTime();
    const part = byMonth.get(key);
    if (part) part.push(entry);
    else byMonth.set(key, [entry]);
  }
  for (const part of byMonth.values()) {
    const ids = [...new Set(part.flatMap((entry) => entry.item.ids))].sort((a, b) => a - b);
    const rows = await buyersRead(db).execute({
      tokens: textArrayParameter([...new Set(part.map((entry) => entry.item.token))]),
      monthStart: (part[0] as (typeof part)[number]).item.monthStart,
      ids: integerArrayParameter(ids),
    });
    const byToken = new Map(rows.map((row) => [row.session.token, row]));
    for (const { item, resolve } of part) {
      const row = byToken.get(item.token);
      resolve(row && { ...row, competitions: row.competitions.filter((c) => item.ids.includes(c.id)) });
    }
  }
}

/** The buyer reads of one database, grouped. */
const buyerReads = preparedPerDatabase((db: Database) =>
  groupCommit((group: Batched<BuyerAsk, BuyerRow | undefined>[]) => readBuyers(db, group), {
    maxGroup: MAX_BUYER_READ,
  }),
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
  const monthStart = londonMonthStart(now);
  const signedIn = await signedInWith(services.auth, headers.cookie, headers.all, (db, token) =>
    buyerReads(db).submit({ token, monthStart, ids: sorted }),
  );
  if (!signedIn) return null;
  if (!signedIn.read) return { session: signedIn.renewed };
  const { session: found, user: buyer, competitions, ...protection } = signedIn.read;
  return {
    session: { session: found, user: buyer },
    prefetched: { ids: sorted, facts: entryFactsFromRow(protection, now, competitions) },
  };
}
