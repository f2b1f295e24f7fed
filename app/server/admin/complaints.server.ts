import { and, count, eq, ilike, inArray, ne, or, type SQL } from "drizzle-orm";
import type { COMPLAINT_STATUSES } from "~/db/constants";
import { complaints } from "~/db/schema";
import { complaintAgeDays, complaintReference, isReplyOverdue, replyDueDate } from "~/domain/complaints";
import { londonMidnight } from "~/domain/london-time";
import type { COMPLAINT_TABLE, QueryOf } from "~/schemas/admin-tables";
import type { Services } from "../platform/services.server";
import { containsPattern, tableOrder, tablePage } from "../platform/table-query.server";
import { recordAudit } from "./audit.server";

type ComplaintQuery = QueryOf<typeof COMPLAINT_TABLE>;

/** What every view of a complaint selects: what was sent, its status, and what its reply date is reckoned from. */
export const COMPLAINT_COLUMNS = {
  id: complaints.id,
  orderReference: complaints.orderReference,
  details: complaints.details,
  status: complaints.status,
  replyWorkingDays: complaints.replyWorkingDays,
  createdAt: complaints.createdAt,
};

type ComplaintDates = { id: number; status: string; replyWorkingDays: number; createdAt: Date };

/** A complaint with its public reference, the day its reply is due (London midnight) and whether that has passed. */
export function withReplyDue<R extends ComplaintDates>(row: R, now: Date) {
  return {
    ...row,
    reference: complaintReference(row.id),
    replyDue: londonMidnight(replyDueDate(row.createdAt, row.replyWorkingDays)),
    overdue: row.status === "open" && isReplyOverdue(row.createdAt, row.replyWorkingDays, now),
  };
}

const COMPLAINT_REFERENCE = /^PDK-C-(\d{1,9})$/i;

function complaintConditions({ q, filters }: ComplaintQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.status === "unresolved") conditions.push(ne(complaints.status, "resolved"));
  else if (filters.status !== "all")
    conditions.push(eq(complaints.status, filters.status as (typeof COMPLAINT_STATUSES)[number]));
  const reference = COMPLAINT_REFERENCE.exec(q)?.[1];
  if (reference) conditions.push(eq(complaints.id, Number(reference)));
  else if (q) {
    const pattern = containsPattern(q);
    conditions.push(or(ilike(complaints.name, pattern), ilike(complaints.email, pattern)));
  }
  return and(...conditions);
}

/**
 * Complaints filtered (not yet resolved by default, the ones to act on), searched by name, e-mail or reference, and
 * sorted (oldest first by default: the most urgent on top), a page at a time.
 */
export async function listComplaints(services: Services, query: ComplaintQuery) {
  const now = services.now();
  const where = complaintConditions(query);
  const order = tableOrder(
    query,
    { received: complaints.createdAt, status: complaints.status, name: complaints.name },
    complaints.id,
  );
  const page = await tablePage(
    query,
    () => services.db.select({ n: count() }).from(complaints).where(where),
    (limit, offset) =>
      services.db
        .select({ ...COMPLAINT_COLUMNS, name: complaints.name, email: complaints.email })
        .from(complaints)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  return {
    ...page,
    complaints: page.rows.map((row) => ({
      ...withReplyDue(row, now),
      ageDays: complaintAgeDays(row.createdAt, now),
    })),
  };
}

export const COMPLAINT_PROGRESS_MESSAGES = {
  answered: "Marked as answered.",
  resolved: "Marked as resolved.",
  notFound: "That complaint could not be found.",
  already: "That complaint has already moved on.",
} as const;

type ComplaintProgress = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

/** Open → answered → resolved (an open one may be resolved at once); each step audited, none undone. */
export async function progressComplaint(
  services: Services,
  actorUserId: string,
  complaintId: number,
  to: "answered" | "resolved",
): Promise<ComplaintProgress> {
  const now = services.now();
  const from = to === "answered" ? (["open"] as const) : (["open", "answered"] as const);
  return services.db.transaction(async (tx): Promise<ComplaintProgress> => {
    const [row] = await tx
      .select({ status: complaints.status })
      .from(complaints)
      .where(eq(complaints.id, complaintId))
      .for("update");
    if (!row) return { ok: false, status: 404, message: COMPLAINT_PROGRESS_MESSAGES.notFound };
    const [moved] = await tx
      .update(complaints)
      .set({ status: to, updatedAt: now, ...(to === "answered" ? { answeredAt: now } : { resolvedAt: now }) })
      .where(and(eq(complaints.id, complaintId), inArray(complaints.status, [...from])))
      .returning({ id: complaints.id });
    if (!moved) return { ok: false, status: 409, message: COMPLAINT_PROGRESS_MESSAGES.already };
    await recordAudit(tx, {
      actorUserId,
      action: `complaint.${to}`,
      subject: `complaint:${complaintId}`,
      before: { status: row.status },
      after: { status: to },
      data: { reference: complaintReference(complaintId) },
    });
    return { ok: true, message: COMPLAINT_PROGRESS_MESSAGES[to] };
  });
}
