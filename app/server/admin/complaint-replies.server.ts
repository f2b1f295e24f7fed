import { asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { complaintReplies, complaints, user } from "~/db/schema";
import { complaintReference, ESCALATION_WEEKS } from "~/domain/complaints";
import type { SiteSettings } from "~/domain/site-settings";
import type { ComplaintReplyInput } from "~/schemas/complaint";
import type { Executor } from "../platform/db.server";
import { type EmailBlock, paragraphs, serviceEmail } from "../platform/email/content";
import { enqueueEmail } from "../platform/mail.server";
import { publicOrigin } from "../platform/public-origin.server";
import type { Services } from "../platform/services.server";
import { getSiteSettings } from "../platform/site-settings.server";
import { recordAudit } from "./audit.server";
import { COMPLAINT_COLUMNS, withReplyDue } from "./complaints.server";

/** Where a complainant reads their complaints and our replies. */
export const ACCOUNT_COMPLAINTS_PATH = "/account/complaints";

/** A complaint's replies, oldest first, with who wrote each (staff names stay in the console). */
async function repliesOf(db: Executor, complaintIds: number[]) {
  if (complaintIds.length === 0) return [];
  return db
    .select({
      id: complaintReplies.id,
      complaintId: complaintReplies.complaintId,
      body: complaintReplies.body,
      final: complaintReplies.final,
      createdAt: complaintReplies.createdAt,
      authorName: user.name,
    })
    .from(complaintReplies)
    .leftJoin(user, eq(user.id, complaintReplies.authorUserId))
    .where(inArray(complaintReplies.complaintId, complaintIds))
    .orderBy(asc(complaintReplies.complaintId), asc(complaintReplies.id));
}

/** One complaint for the console: what was sent, its status and dates, and its thread of replies. */
export async function getComplaintThread(services: Services, complaintId: number) {
  const [row] = await services.db
    .select({
      ...COMPLAINT_COLUMNS,
      name: complaints.name,
      email: complaints.email,
      signedIn: sql<boolean>`${complaints.userId} is not null`,
      answeredAt: complaints.answeredAt,
      resolvedAt: complaints.resolvedAt,
    })
    .from(complaints)
    .where(eq(complaints.id, complaintId));
  if (!row) return null;
  return { ...withReplyDue(row, services.now()), replies: await repliesOf(services.db, [row.id]) };
}

/**
 * The signed-in person's complaints, newest first, each with our replies: those sent from their account, and those
 * sent to their confirmed address while signed out (every acknowledgement and reply went to that address already).
 */
export async function listOwnComplaints(services: Services, person: { id: string; email: string; verified: boolean }) {
  const mine = person.verified
    ? or(eq(complaints.userId, person.id), sql`lower(${complaints.email}) = lower(${person.email})`)
    : eq(complaints.userId, person.id);
  const rows = await services.db
    .select(COMPLAINT_COLUMNS)
    .from(complaints)
    .where(mine)
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(100);
  const replies = await repliesOf(
    services.db,
    rows.map((r) => r.id),
  );
  const now = services.now();
  return rows.map((row) => ({
    ...withReplyDue(row, now),
    replies: replies
      .filter((r) => r.complaintId === row.id)
      .map(({ id, body, final, createdAt }) => ({ id, body, final, createdAt })),
  }));
}

export const COMPLAINT_REPLY_MESSAGES = {
  sent: "Reply sent.",
  sentFinal: "Final reply sent; the complaint is resolved.",
  notFound: "That complaint could not be found.",
  resolved: "That complaint is resolved: it takes no more replies.",
} as const;

type ReplyOutcome = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

/**
 * Staff reply to a complaint: the reply joins its thread, goes to the complainant by e-mail in the same
 * transaction, and moves the complaint on (open → answered; a final reply → resolved, which starts the complainant's
 * right to the dispute resolution body); audited. A resolved complaint takes no more replies.
 */
export async function replyToComplaint(
  services: Services,
  actorUserId: string,
  input: Pick<ComplaintReplyInput, "complaintId" | "body" | "final">,
): Promise<ReplyOutcome> {
  const now = services.now();
  const origin = await publicOrigin(services);
  return services.db.transaction(async (tx): Promise<ReplyOutcome> => {
    const [row] = await tx
      .select({
        status: complaints.status,
        name: complaints.name,
        email: complaints.email,
        userId: complaints.userId,
        answeredAt: complaints.answeredAt,
      })
      .from(complaints)
      .where(eq(complaints.id, input.complaintId))
      .for("update");
    if (!row) return { ok: false, status: 404, message: COMPLAINT_REPLY_MESSAGES.notFound };
    if (row.status === "resolved") return { ok: false, status: 409, message: COMPLAINT_REPLY_MESSAGES.resolved };
    const [reply] = await tx
      .insert(complaintReplies)
      .values({
        complaintId: input.complaintId,
        authorUserId: actorUserId,
        body: input.body,
        final: input.final,
        createdAt: now,
      })
      .returning({ id: complaintReplies.id });
    if (!reply) throw new Error("complaint reply insert returned no row");
    const to = input.final ? "resolved" : "answered";
    await tx
      .update(complaints)
      .set({
        status: to,
        updatedAt: now,
        answeredAt: row.answeredAt ?? now,
        ...(input.final ? { resolvedAt: now } : {}),
      })
      .where(eq(complaints.id, input.complaintId));
    const reference = complaintReference(input.complaintId);
    const settings = await getSiteSettings(tx);
    await enqueueEmail(tx, {
      to: row.email,
      replyTo: services.env.SUPPORT_EMAIL,
      subject: `${input.final ? "Our final reply" : "Our reply"} to your complaint (${reference})`,
      content: complaintReplyEmail({
        name: row.name,
        reference,
        body: input.body,
        final: input.final,
        settings,
        accountUrl: row.userId ? `${origin}${ACCOUNT_COMPLAINTS_PATH}` : null,
        processUrl: `${origin}/fair-play#complaints`,
      }),
      kind: "complaint-reply",
    });
    await recordAudit(tx, {
      actorUserId,
      action: "complaint.replied",
      subject: `complaint:${input.complaintId}`,
      before: { status: row.status },
      after: { status: to },
      data: { reference, replyId: reply.id, final: input.final, characters: input.body.length },
    });
    return {
      ok: true,
      message: input.final ? COMPLAINT_REPLY_MESSAGES.sentFinal : COMPLAINT_REPLY_MESSAGES.sent,
    };
  });
}

/** The e-mail carrying a staff reply: the reply as written, where to read the thread, and, when final, escalation. */
export function complaintReplyEmail(reply: {
  name: string;
  reference: string;
  body: string;
  final: boolean;
  settings: Pick<SiteSettings, "disputeBody">;
  accountUrl: string | null;
  processUrl: string;
}) {
  const { disputeBody } = reply.settings;
  const blocks: EmailBlock[] = [
    { type: "text", text: `Dear ${reply.name},` },
    {
      type: "text",
      text: reply.final
        ? `This is our final reply to your complaint ${reply.reference}.`
        : `Here is our reply to your complaint ${reply.reference}. Please quote the reference if you write back.`,
    },
    ...paragraphs(reply.body),
  ];
  if (reply.final)
    blocks.push({
      type: "text",
      text:
        "If you are not satisfied with this final reply, you can refer your complaint free of charge to " +
        `${disputeBody.name}, an independent dispute resolution body: ${disputeBody.url}`,
    });
  else
    blocks.push({
      type: "text",
      text:
        `If we have not sent our final reply within ${ESCALATION_WEEKS} weeks of your complaint, you can refer it ` +
        `free of charge to ${disputeBody.name}: ${disputeBody.url}`,
    });
  const links = [{ label: "Our complaints process", url: reply.processUrl }];
  if (reply.accountUrl) links.unshift({ label: "Your complaints, with every reply", url: reply.accountUrl });
  blocks.push({ type: "links", links });
  return serviceEmail(`${reply.final ? "Our final reply" : "Our reply"} to your complaint ${reply.reference}`, blocks);
}
