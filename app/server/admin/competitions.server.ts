import { randomBytes } from "node:crypto";
import { and, count, eq, gt, ilike, or, type SQL, sql } from "drizzle-orm";
import { COMPETITION_MESSAGES } from "~/content/admin-competitions";
import type { CompetitionStatus } from "~/db/constants";
import { type CompetitionRow, competitions } from "~/db/schema";
import {
  COMPETITION_FIELDS,
  type CompetitionField,
  type CompetitionValues,
  canDelete,
  canTransition,
  changedFields,
  LOCKED_MESSAGE,
  lockedChanges,
  scheduleProblems,
} from "~/domain/competition-lifecycle";
import type { COMPETITION_TABLE, QueryOf } from "~/schemas/admin-tables";
import { fixDrawRule } from "../draws/rule.server";
import { competitionHasInstantWins, instantWinMajorityProblem } from "../instant-wins/instant-wins.server";
import { artworkUrl } from "../platform/artwork.server";
import type { Tx } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { containsPattern, tableOrder, tablePage } from "../platform/table-query.server";
import { recordAudit } from "./audit.server";

/** A use-case's answer: done, or why not (a status for the page, and messages per field or for the form). */
/** What every staff page about a competition shows first: which one, where it stands, how it sells, when it closes. */
export const competitionHeadline = {
  id: competitions.id,
  title: competitions.title,
  status: competitions.status,
  ticketsSold: competitions.ticketsSold,
  totalTickets: competitions.totalTickets,
  endDate: competitions.endDate,
};

export type AdminResult<T extends object = object> =
  | ({ ok: true; message: string } & T)
  | { ok: false; status: number; message: string; fieldErrors?: Partial<Record<CompetitionField, string>> };

const notFound = { ok: false, status: 404, message: COMPETITION_MESSAGES.notFound } as const;

/** Revenue from paid orders only: a refunded order is no longer 'paid', so refunds are already taken off. */
const revenuePence = sql<number>`coalesce((
  select sum(ol.total_pence) from order_lines ol join orders o on o.id = ol.order_id
  where ol.competition_id = "competitions"."id" and o.payment_status = 'paid'
), 0)`.mapWith(Number);

/** The staff list: searched by title, prize or slug, filtered by status, sorted by a column, a page at a time. */
export async function listAdminCompetitions(services: Services, query: QueryOf<typeof COMPETITION_TABLE>) {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(competitions.title, pattern),
        ilike(competitions.prizeTitle, pattern),
        ilike(competitions.slug, pattern),
      ),
    );
  }
  const { status, featured } = query.filters;
  if (status) conditions.push(eq(competitions.status, status as CompetitionStatus));
  if (featured) conditions.push(eq(competitions.featured, true));
  const where = and(...conditions);
  const order = tableOrder(
    query,
    {
      created: competitions.createdAt,
      title: competitions.title,
      status: competitions.status,
      sold: competitions.ticketsSold,
      closes: competitions.endDate,
    },
    competitions.id,
  );
  const page = await tablePage(
    query,
    () => services.db.select({ n: count() }).from(competitions).where(where),
    (limit, offset) =>
      services.db
        .select({
          ...competitionHeadline,
          goLiveAt: competitions.goLiveAt,
          featured: competitions.featured,
          createdAt: competitions.createdAt,
          revenuePence,
        })
        .from(competitions)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  return { ...page, competitions: page.rows };
}

function valuesOf(row: CompetitionRow): CompetitionValues {
  return Object.fromEntries(COMPETITION_FIELDS.map((f) => [f, row[f]])) as CompetitionValues;
}

function pick(values: CompetitionValues, fields: readonly CompetitionField[]) {
  return Object.fromEntries(fields.map((f) => [f, values[f]]));
}

/** A competition as its staff page edits it, or null. */
export async function getAdminCompetition(services: Services, id: number) {
  const [row] = await services.db.select().from(competitions).where(eq(competitions.id, id));
  if (!row) return null;
  const { status, slug, ticketsSold, ticketsReserved, goLiveAt, closedAt, createdAt, updatedAt } = row;
  return {
    id,
    slug,
    status,
    ticketsSold,
    ticketsReserved,
    goLiveAt,
    closedAt,
    createdAt,
    updatedAt,
    values: valuesOf(row),
  };
}

function slugFor(title: string) {
  const base = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "competition"}-${randomBytes(3).toString("hex")}`;
}

/** The built-in illustration a competition shows until its first picture is uploaded (and on cards without one). */
export type Artwork = Pick<CompetitionRow, "imageUrl" | "additionalImages">;
const defaultArtwork = (): Artwork => ({ imageUrl: artworkUrl("placeholder.svg"), additionalImages: [] });

/**
 * A new competition starts as a draft: nobody sees it until it is scheduled and its go-live time comes. Pictures are
 * uploaded in the editor; until then it shows `artwork`: a copy's source's, or the built-in placeholder.
 */
export async function createCompetition(
  services: Services,
  actorUserId: string,
  values: CompetitionValues,
  options: { copiedFrom?: number; artwork?: Artwork } = {},
): Promise<{ id: number; message: string }> {
  const { copiedFrom } = options;
  return services.db.transaction(async (tx) => {
    const now = services.now();
    const [source] = copiedFrom
      ? await tx
          .select({ imageUrl: competitions.imageUrl, additionalImages: competitions.additionalImages })
          .from(competitions)
          .where(eq(competitions.id, copiedFrom))
      : [];
    const artwork = options.artwork ?? source ?? defaultArtwork();
    const [row] = await tx
      .insert(competitions)
      .values({ ...values, ...artwork, slug: slugFor(values.title), status: "draft", createdAt: now, updatedAt: now })
      .returning({ id: competitions.id });
    if (!row) throw new Error("competition insert returned nothing");
    await recordAudit(tx, {
      actorUserId,
      action: "competition.created",
      subject: `competition:${row.id}`,
      before: null,
      after: values,
      data: copiedFrom ? { copiedFrom } : undefined,
    });
    return { message: COMPETITION_MESSAGES.created, id: row.id };
  });
}

async function lockedRow(tx: Tx, id: number) {
  const [row] = await tx.select().from(competitions).where(eq(competitions.id, id)).for("update");
  return row;
}

/**
 * Saves what staff changed. Once the competition is live, a change to anything entrants relied on is refused as a
 * whole (nothing saved, nothing logged); a scheduled competition keeps dates it can still go live on.
 */
export async function updateCompetition(
  services: Services,
  actorUserId: string,
  id: number,
  values: CompetitionValues,
): Promise<AdminResult<{ changed: CompetitionField[] }>> {
  return services.db.transaction(async (tx): Promise<AdminResult<{ changed: CompetitionField[] }>> => {
    const row = await lockedRow(tx, id);
    if (!row) return notFound;
    const now = services.now();
    const before = valuesOf(row);
    const locked = lockedChanges(row, before, values, now);
    if (locked.length > 0)
      return {
        ok: false,
        status: 409,
        message: LOCKED_MESSAGE,
        fieldErrors: Object.fromEntries(locked.map((f) => [f, LOCKED_MESSAGE])),
      };
    if (row.status === "scheduled") {
      const problems = scheduleProblems(values, now);
      if (Object.keys(problems).length > 0)
        return { ok: false, status: 409, message: COMPETITION_MESSAGES.scheduleInvalid, fieldErrors: problems };
    }
    const changed = changedFields(before, values);
    if (changed.length === 0) return { ok: true, message: COMPETITION_MESSAGES.unchanged, changed };
    await tx
      .update(competitions)
      .set({ ...pick(values, changed), updatedAt: now })
      .where(eq(competitions.id, id));
    if (row.status === "scheduled" && changed.includes("endDate"))
      await fixDrawRule(tx, services.beacon.chain, id, values.endDate);
    await recordAudit(tx, {
      actorUserId,
      action: "competition.updated",
      subject: `competition:${id}`,
      before: pick(before, changed),
      after: pick(values, changed),
    });
    return { ok: true, message: COMPETITION_MESSAGES.saved, changed };
  });
}

/** Draft → scheduled: it then goes live by itself at its go-live time (the lifecycle job). */
export async function scheduleCompetition(services: Services, actorUserId: string, id: number): Promise<AdminResult> {
  return services.db.transaction(async (tx): Promise<AdminResult> => {
    const row = await lockedRow(tx, id);
    if (!row) return notFound;
    if (!canTransition(row.status, "scheduled", "staff"))
      return { ok: false, status: 409, message: COMPETITION_MESSAGES.scheduleNotDraft };
    const now = services.now();
    const problems = scheduleProblems(row, now);
    if (Object.keys(problems).length > 0)
      return { ok: false, status: 409, message: COMPETITION_MESSAGES.scheduleInvalid, fieldErrors: problems };
    const majority = await instantWinMajorityProblem(tx, id, await competitionHasInstantWins(tx, id));
    if (majority) return { ok: false, status: 409, message: majority };
    await tx.update(competitions).set({ status: "scheduled", updatedAt: now }).where(eq(competitions.id, id));
    const rule = await fixDrawRule(tx, services.beacon.chain, id, row.endDate);
    await recordAudit(tx, {
      actorUserId,
      action: "competition.scheduled",
      subject: `competition:${id}`,
      before: { status: row.status },
      after: { status: "scheduled", goLiveAt: row.goLiveAt, endDate: row.endDate, drawAt: rule.drawAt },
    });
    return { ok: true, message: COMPETITION_MESSAGES.scheduled };
  });
}

/** Scheduled → draft, only while its go-live time is still ahead (the job may not have moved it yet). */
export async function unscheduleCompetition(services: Services, actorUserId: string, id: number): Promise<AdminResult> {
  return services.db.transaction(async (tx): Promise<AdminResult> => {
    const now = services.now();
    const [row] = await tx
      .update(competitions)
      .set({ status: "draft", updatedAt: now })
      .where(and(eq(competitions.id, id), eq(competitions.status, "scheduled"), gt(competitions.goLiveAt, now)))
      .returning({ id: competitions.id });
    if (!row) {
      const [exists] = await tx.select({ id: competitions.id }).from(competitions).where(eq(competitions.id, id));
      return exists ? { ok: false, status: 409, message: COMPETITION_MESSAGES.unscheduleTooLate } : notFound;
    }
    await recordAudit(tx, {
      actorUserId,
      action: "competition.unscheduled",
      subject: `competition:${id}`,
      before: { status: "scheduled" },
      after: { status: "draft" },
    });
    return { ok: true, message: COMPETITION_MESSAGES.unscheduled };
  });
}

/** Only a draft can go: nobody has seen it, let alone bought a ticket. */
export async function deleteCompetition(services: Services, actorUserId: string, id: number): Promise<AdminResult> {
  return services.db.transaction(async (tx): Promise<AdminResult> => {
    const row = await lockedRow(tx, id);
    if (!row) return notFound;
    if (!canDelete(row.status)) return { ok: false, status: 409, message: COMPETITION_MESSAGES.deleteRefused };
    await tx.delete(competitions).where(and(eq(competitions.id, id), eq(competitions.status, "draft")));
    await recordAudit(tx, {
      actorUserId,
      action: "competition.deleted",
      subject: `competition:${id}`,
      before: { status: row.status, ...valuesOf(row) },
      after: null,
    });
    return { ok: true, message: COMPETITION_MESSAGES.deleted };
  });
}
