import { and, asc, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { OrderStatus } from "~/db/constants";
import {
  auditLog,
  campaignRecipients,
  competitions,
  consentRecords,
  newsletterSubscriptions,
  orderLines,
  orders,
  profiles,
  session as sessionTable,
  tickets,
  twoFactor,
  user as userTable,
} from "~/db/schema";
import { displayClientAddress } from "~/domain/client-address";
import { formatUkDate } from "~/domain/london-format";
import { MARKETING_CONSENT_WORDING, PROFILE_MESSAGES, type ProfileInput } from "~/schemas/profile";
import { orderLinesWithTitle } from "../checkout/order-lines.server";
import { callAuth } from "../platform/auth.server";
import { addressHash, consentHistory, consentStateOf, recordConsent } from "../platform/consent.server";
import type { Services } from "../platform/services.server";
import { getProtectionStatus } from "../protection/player-protection.server";
import { revealedCorrectnessSql } from "./my-entries.server";
import type { SessionUser } from "./session.server";

const ACCOUNT_DELETED_CONSENT_WORDING = "Marketing consent withdrawn because the account was deleted.";

export type Profile = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  marketingConsent: boolean;
  pendingEmail: string | null;
};

/** The signed-in person's profile; made from the account if it is somehow missing. */
export async function getProfile(services: Services, user: SessionUser): Promise<Profile> {
  const columns = {
    email: profiles.email,
    firstName: profiles.firstName,
    lastName: profiles.lastName,
    phone: profiles.phone,
    pendingEmail: profiles.pendingEmail,
  };
  let [row] = await services.db.select(columns).from(profiles).where(eq(profiles.userId, user.id));
  if (!row) {
    const [first = "", ...rest] = user.name.split(/\s+/);
    await services.db
      .insert(profiles)
      .values({ userId: user.id, email: user.email, firstName: first, lastName: rest.join(" ") })
      .onConflictDoNothing();
    [row] = await services.db.select(columns).from(profiles).where(eq(profiles.userId, user.id));
  }
  const consent = await consentStateOf(services.db, { userId: user.id, email: user.email });
  return {
    email: row?.email ?? user.email,
    firstName: row?.firstName ?? "",
    lastName: row?.lastName ?? "",
    phone: row?.phone ?? "",
    // The ledger is the truth: a newsletter sign-up or an unsubscribe link under this address counts too.
    marketingConsent: consent.status === "granted",
    pendingEmail: row?.pendingEmail ?? null,
  };
}

type ProfileUpdateOutcome =
  | { ok: true; emailChangeSentTo?: string; cookies?: Headers }
  | { ok: false; status: 500; message: string };

/**
 * Saves the profile for the signed-in user only (the id never comes from the form). A changed marketing
 * choice is recorded with its wording; a new e-mail address takes effect only once confirmed from a link
 * sent to it, so until then it is shown as pending. A failure is logged and answered with the spec's message.
 */
export async function updateProfile(
  services: Services,
  request: Request,
  user: SessionUser,
  input: ProfileInput,
): Promise<ProfileUpdateOutcome> {
  try {
    return { ok: true, ...(await saveProfile(services, request, user, input)) };
  } catch (error) {
    services.logger.error({ err: error }, "profile update failed");
    return { ok: false, status: 500, message: PROFILE_MESSAGES.failed };
  }
}

async function saveProfile(services: Services, request: Request, user: SessionUser, input: ProfileInput) {
  const current = await getProfile(services, user);
  const newEmail = input.email.toLowerCase();
  const outcome: { emailChangeSentTo?: string; cookies?: Headers } = {};
  if (newEmail !== user.email.toLowerCase()) {
    const result = await callAuth(services.auth, services.env, request, "/change-email", {
      body: { newEmail, callbackURL: "/account?email=confirmed" },
    });
    if (!result.ok) throw new Error(`change-email refused: ${result.status} ${result.code}`);
    outcome.emailChangeSentTo = newEmail;
    outcome.cookies = result.cookies;
  }
  await services.db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone ?? null,
        ...(outcome.emailChangeSentTo ? { pendingEmail: outcome.emailChangeSentTo } : {}),
        updatedAt: services.now(),
      })
      .where(eq(profiles.userId, user.id));
    await tx
      .update(userTable)
      .set({ name: `${input.firstName} ${input.lastName}`, updatedAt: services.now() })
      .where(eq(userTable.id, user.id));
    if (current.marketingConsent !== input.marketingConsent) {
      await recordConsent(tx, {
        email: user.email,
        userId: user.id,
        granted: input.marketingConsent,
        wording: MARKETING_CONSENT_WORDING,
        source: "account",
      });
    }
  });
  return outcome;
}

export type OrderHistoryEntry = {
  id: string;
  createdAt: Date;
  status: OrderStatus;
  totalPence: number;
  lines: Array<{
    competitionId: number;
    competitionTitle: string;
    quantity: number;
    totalPence: number;
    ticketNumbers: number[];
  }>;
};

/** The user's orders, newest first, each with its lines and the ticket numbers those lines won. */
export async function getOrderHistory(services: Services, userId: string): Promise<OrderHistoryEntry[]> {
  const rows = await services.db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.paymentStatus,
      totalPence: orders.totalAmountPence,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, ticketRows] = await Promise.all([
    orderLinesWithTitle(services.db, ids, {
      columns: { orderId: orderLines.orderId, totalPence: orderLines.totalPence },
    }),
    services.db
      .select({ orderId: tickets.orderId, competitionId: tickets.competitionId, ticketNumber: tickets.ticketNumber })
      .from(tickets)
      .where(and(inArray(tickets.orderId, ids), eq(tickets.userId, userId)))
      .orderBy(asc(tickets.ticketNumber)),
  ]);
  return rows.map((order) => ({
    ...order,
    lines: lines
      .filter((l) => l.orderId === order.id)
      .map(({ orderId: _orderId, title, ...line }) => ({
        ...line,
        competitionTitle: title,
        ticketNumbers: ticketRows
          .filter((t) => t.orderId === order.id && t.competitionId === line.competitionId)
          .map((t) => t.ticketNumber),
      })),
  }));
}

export async function getAccountSummary(services: Services, user: SessionUser) {
  const [row] = await services.db.select({ n: count() }).from(orders).where(eq(orders.userId, user.id));
  return { email: user.email, memberSince: user.createdAt, totalOrders: row?.n ?? 0 };
}

/** The person's marketing-consent ledger, newest first: under their account and under their address. */
export async function getConsentHistory(services: Services, user: Pick<SessionUser, "id" | "email">) {
  return consentHistory(services.db, { userId: user.id, email: user.email });
}

// Sessions -------------------------------------------------------------------------------------------------

export async function listSessions(services: Services, user: SessionUser) {
  const rows = await services.db
    .select({
      id: sessionTable.id,
      createdAt: sessionTable.createdAt,
      updatedAt: sessionTable.updatedAt,
      expiresAt: sessionTable.expiresAt,
      ipAddress: sessionTable.ipAddress,
      userAgent: sessionTable.userAgent,
    })
    .from(sessionTable)
    .where(eq(sessionTable.userId, user.id))
    .orderBy(desc(sessionTable.updatedAt));
  const now = services.now();
  return rows
    .filter((r) => r.expiresAt > now)
    .map((r) => ({ ...r, ipAddress: displayClientAddress(r.ipAddress), current: r.id === user.sessionId }));
}

/** Ends one of the user's own sessions. Another person's session id matches nothing and changes nothing. */
export async function revokeSession(services: Services, user: SessionUser, sessionId: string) {
  const deleted = await services.db
    .delete(sessionTable)
    .where(and(eq(sessionTable.id, sessionId), eq(sessionTable.userId, user.id)))
    .returning({ id: sessionTable.id });
  return deleted.length > 0;
}

export async function revokeOtherSessions(services: Services, user: SessionUser) {
  const deleted = await services.db
    .delete(sessionTable)
    .where(and(eq(sessionTable.userId, user.id), ne(sessionTable.id, user.sessionId)))
    .returning({ id: sessionTable.id });
  return deleted.length;
}

export async function getTwoFactorState(services: Services, user: SessionUser): Promise<"off" | "pending" | "on"> {
  if (user.twoFactorEnabled) return "on";
  const [row] = await services.db
    .select({ verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, user.id));
  return row && row.verified === false ? "pending" : "off";
}

// Privacy --------------------------------------------------------------------------------------------------

/** Everything we hold about the person, as they would want it back (UK GDPR Article 15 and 20). */
export async function exportUserData(services: Services, user: SessionUser) {
  const [account] = await services.db
    .select({
      id: userTable.id,
      email: userTable.email,
      name: userTable.name,
      emailVerified: userTable.emailVerified,
      twoFactorEnabled: userTable.twoFactorEnabled,
      createdAt: userTable.createdAt,
    })
    .from(userTable)
    .where(eq(userTable.id, user.id));
  const [profile] = await services.db.select().from(profiles).where(eq(profiles.userId, user.id));
  const [consents, orderHistory, ticketRows, sessions] = await Promise.all([
    getConsentHistory(services, user),
    getOrderHistory(services, user.id),
    services.db
      .select({
        competitionId: tickets.competitionId,
        competitionTitle: competitions.title,
        ticketNumber: tickets.ticketNumber,
        skillAnswer: tickets.skillAnswer,
        isCorrectAnswer: revealedCorrectnessSql,
        purchaseDate: tickets.purchaseDate,
        orderId: tickets.orderId,
        source: tickets.source,
        entryRef: tickets.entryRef,
      })
      .from(tickets)
      .innerJoin(competitions, eq(competitions.id, tickets.competitionId))
      .where(eq(tickets.userId, user.id))
      .orderBy(asc(tickets.purchaseDate), asc(tickets.ticketNumber)),
    listSessions(services, user),
  ]);
  return {
    exportedAt: services.now().toISOString(),
    account,
    profile: profile ? { ...profile, userId: undefined } : null,
    consents,
    orders: orderHistory,
    tickets: ticketRows,
    sessions: sessions.map(({ id: _id, current, ...s }) => ({ ...s, current })),
  };
}

/**
 * Deleting one's own account: the password first, then deleteAccount, then this browser's session cookie is
 * cleared. `field` names the form field a refusal is about; without it the refusal is about the account.
 */
export async function closeAccount(
  services: Services,
  request: Request,
  user: SessionUser,
  password: string,
): Promise<{ ok: true; cookies: Headers } | { ok: false; status: number; field?: "password"; message: string }> {
  const passwordOk = await services.auth.api
    .verifyPassword({ body: { password }, headers: request.headers })
    .then(() => true)
    .catch(() => false);
  if (!passwordOk) return { ok: false, status: 400, field: "password", message: "That password is not right." };
  const deleted = await deleteAccount(services, user);
  if (!deleted.ok) return { ok: false, status: 409, message: deleted.message };
  const signOut = await callAuth(services.auth, services.env, request, "/sign-out");
  return { ok: true, cookies: signOut.cookies };
}

/**
 * Erases the person: their account, profile, sessions, roles and two-factor secrets go (cascade from the
 * user row); their consent records lose the address; any newsletter subscription under it goes. Orders and
 * tickets stay, as the law requires for payments and draws, detached from them (user_id set null).
 */
export async function deleteAccount(
  services: Services,
  user: SessionUser,
): Promise<{ ok: true } | { ok: false; message: string }> {
  // A pause or self-exclusion is kept with the account: deleting it and signing up again must not lift it.
  const protection = await getProtectionStatus(services, user.id, services.now());
  const heldUntil = protection.excludedUntil ?? protection.pausedUntil;
  if (heldUntil) {
    const kind = protection.excludedUntil ? "self-excluded" : "paused";
    return {
      ok: false,
      message:
        `Your account is ${kind} until ${formatUkDate(heldUntil)}. ` +
        `We keep it until then so the ${kind === "paused" ? "pause" : "exclusion"} holds; ` +
        "you can delete it after that date.",
    };
  }
  const consent = await consentStateOf(services.db, { userId: user.id, email: user.email });
  await services.db.transaction(async (tx) => {
    // Deleting the account withdraws consent first, so a later sign-up with the address starts from "withdrawn".
    if (consent.status === "granted") {
      await recordConsent(tx, {
        email: user.email,
        userId: user.id,
        granted: false,
        wording: ACCOUNT_DELETED_CONSENT_WORDING,
        source: "account-deletion",
      });
    }
    await tx
      .update(consentRecords)
      .set({ email: "erased", userId: null })
      .where(or(eq(consentRecords.userId, user.id), eq(consentRecords.addressHash, addressHash(user.email))));
    await tx
      .delete(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = ${user.email.toLowerCase()}`);
    // Campaign recipient lists keep their counts, not the address.
    await tx
      .update(campaignRecipients)
      .set({ email: sql`'erased-' || ${campaignRecipients.id}`, userId: null })
      .where(or(eq(campaignRecipients.userId, user.id), eq(campaignRecipients.email, user.email.toLowerCase())));
    await tx
      .insert(auditLog)
      .values({ actorUserId: null, action: "account.deleted", subject: `user:${user.id}`, data: null });
    await tx.delete(userTable).where(eq(userTable.id, user.id));
  });
  return { ok: true };
}
