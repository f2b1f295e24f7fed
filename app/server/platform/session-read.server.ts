import { eq, sql } from "drizzle-orm";
import { session, user } from "~/db/schema";
import type { Database } from "./db.server";
import { answeredInOrder, groupCommit } from "./group-commit.server";
import { preparedPerDatabase, textArrayParameter } from "./prepared.server";

/** A signed-in session and its user, the fields better-auth's getSession answers with (ADR 042). */
export type SignedInSession = {
  session: {
    id: string;
    token: string;
    userId: string;
    expiresAt: Date;
    createdAt: Date;
    updatedAt: Date;
    ipAddress?: string | null;
    userAgent?: string | null;
  };
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    image?: string | null;
    twoFactorEnabled?: boolean | null;
    createdAt: Date;
    updatedAt: Date;
  };
};

/** better-auth's session settings, in seconds, as its getSession applies them. */
export type SessionTerms = { expiresIn: number; updateAge: number };

/** The columns of a session and its user, for a statement that reads them by the cookie's token. */
export const sessionColumns = {
  session: {
    id: session.id,
    token: session.token,
    userId: session.userId,
    expiresAt: session.expiresAt,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    ipAddress: session.ipAddress,
    userAgent: session.userAgent,
  },
  user: {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    image: user.image,
    twoFactorEnabled: user.twoFactorEnabled,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  },
};

/**
 * The sessions of many tokens with their users, one prepared statement (better-auth's adapter builds its SQL every
 * call); each row carries its token.
 */
const sessionsByTokens = preparedPerDatabase((db: Database) =>
  db
    .select(sessionColumns)
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(sql`${session.token} = any(${sql.placeholder("tokens")}::text[])`)
    .prepare("sessions_by_tokens"),
);

/** The most sessions one read takes: a burst of signed-in requests, in a statement of a few milliseconds. */
export const MAX_SESSION_READ = 64;

/**
 * The session reads of one database, grouped (ADR 044): the first at once, alone; those asked while it is in the
 * database together as the next statement.
 */
const sessionReads = preparedPerDatabase((db: Database) =>
  groupCommit(
    answeredInOrder(async (tokens: string[]) => {
      const rows = await sessionsByTokens(db).execute({ tokens: textArrayParameter([...new Set(tokens)]) });
      const byToken = new Map(rows.map((row) => [row.session.token, row]));
      return tokens.map((token) => byToken.get(token));
    }),
    { maxGroup: MAX_SESSION_READ },
  ),
);

/** The session of a token with its user, read with the others asked at the same time; none for an unknown token. */
export function readSession(db: Database, token: string): Promise<SignedInSession | undefined> {
  return sessionReads(db).submit(token);
}

/**
 * What better-auth's getSession would do with a session it read: answer it (valid), or write first: delete it (it
 * has expired) or move its expiry on (`updateAge` has passed since it was last moved). The last two are left to
 * better-auth itself.
 */
export function sessionState(expiresAt: Date, nowMs: number, terms: SessionTerms): "valid" | "expired" | "refresh" {
  if (expiresAt.getTime() < nowMs) return "expired";
  if (expiresAt.getTime() - terms.expiresIn * 1000 + terms.updateAge * 1000 <= nowMs) return "refresh";
  return "valid";
}
