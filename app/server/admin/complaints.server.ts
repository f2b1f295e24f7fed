import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import { complaints } from "~/db/schema";
import { complaintAgeDays, complaintReference, isReplyOverdue, replyDueDate } from "~/domain/complaints";
import { londonMidnight } from "~/domain/london-time";
import type { Services } from "../platform/services.server";
import { recordAudit } from "./audit.server";

const RECENTLY_CLOSED = 20;

/** Open and answered complaints oldest first (the most urgent on top), then the latest resolved ones. */
export async function listComplaints(services: Services) {
  const now = services.now();
  const columns = {
    id: complaints.id,
    name: complaints.name,
    email: complaints.email,
    orderReference: complaints.orderReference,
    details: complaints.details,
    status: complaints.status,
    replyWorkingDays: complaints.replyWorkingDays,
    createdAt: complaints.createdAt,
  };
  const [pending, resolved] = await Promise.all([
    services.db.select(columns).from(complaints).where(ne(complaints.status, "resolved")).orderBy(asc(complaints.id)),
    services.db
      .select(columns)
      .from(complaints)
      .where(eq(complaints.status, "resolved"))
      .orderBy(desc(complaints.resolvedAt), desc(complaints.id))
      .limit(RECENTLY_CLOSED),
  ]);
  const view = (row: (typeof pending)[number]) => ({
    ...row,
    reference: complaintReference(row.id),
    ageDays: complaintAgeDays(row.createdAt, now),
    replyDue: londonMidnight(replyDueDate(row.createdAt, row.replyWorkingDays)),
    overdue: row.status === "open" && isReplyOverdue(row.createdAt, row.replyWorkingDays, now),
  });
  return { pending: pending.map(view), resolved: resolved.map(view) };
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
