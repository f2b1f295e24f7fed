import { and, asc, eq, gt, sql } from "drizzle-orm";
import { competitions, postalEntries, profiles, tickets, user } from "~/db/schema";
import { recordAudit } from "../admin/audit.server";
import type { Database } from "../platform/db.server";
import type { Logger } from "../platform/logger.server";

/** Rows read per query: memory stays at one batch whatever the competition's size. */
export const EXPORT_BATCH = 5_000;

const PARTICIPANT_COLUMNS = [
  "ticket_number",
  "entry_ref",
  "source",
  "status",
  "answer_correct",
  "entered_at",
  "order_id",
  "name",
  "email",
] as const;

/** RFC 4180: quote a field holding a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (fields: (string | number | null)[]) => `${fields.map(csvField).join(",")}\r\n`;

/** One batch of participants after `afterNumber`, in ticket order: keyset paging, never OFFSET. */
function batch(db: Database, competitionId: number, afterNumber: number) {
  return db
    .select({
      ticketNumber: tickets.ticketNumber,
      entryRef: tickets.entryRef,
      source: tickets.source,
      withdrawnAt: tickets.withdrawnAt,
      isCorrectAnswer: tickets.isCorrectAnswer,
      purchaseDate: tickets.purchaseDate,
      orderId: tickets.orderId,
      accountName: sql<string | null>`nullif(trim(coalesce(${profiles.firstName}, '') || ' ' ||
        coalesce(${profiles.lastName}, '')), '')`,
      accountEmail: user.email,
      cardName: postalEntries.fullName,
      cardEmail: postalEntries.email,
    })
    .from(tickets)
    .leftJoin(user, eq(user.id, tickets.userId))
    .leftJoin(profiles, eq(profiles.userId, tickets.userId))
    .leftJoin(postalEntries, eq(postalEntries.ticketId, tickets.id))
    .where(and(eq(tickets.competitionId, competitionId), gt(tickets.ticketNumber, afterNumber)))
    .orderBy(asc(tickets.ticketNumber))
    .limit(EXPORT_BATCH);
}

export async function competitionForExport(db: Database, competitionId: number) {
  const [row] = await db
    .select({ id: competitions.id, slug: competitions.slug, status: competitions.status })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  return row ?? null;
}

/**
 * Every participant (ticket) of a competition as CSV, streamed: each pull reads the next batch by ticket number,
 * so a million rows take the memory of one batch. The export itself is audited first; passwords, tokens and
 * payment details are never selected.
 */
export async function participantsCsv(
  db: Database,
  logger: Pick<Logger, "error">,
  staffId: string | null,
  competitionId: number,
): Promise<ReadableStream<Uint8Array>> {
  await recordAudit(db, {
    actorUserId: staffId,
    action: "participants.export",
    subject: `competition:${competitionId}`,
  });
  const encoder = new TextEncoder();
  let after = 0;
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvLine([...PARTICIPANT_COLUMNS])));
          return;
        }
        try {
          const rows = await batch(db, competitionId, after);
          if (rows.length === 0) {
            controller.close();
            return;
          }
          after = rows.at(-1)?.ticketNumber ?? after;
          const text = rows
            .map((r) =>
              csvLine([
                r.ticketNumber,
                r.entryRef,
                r.source,
                r.withdrawnAt ? "withdrawn" : "live",
                r.isCorrectAnswer ? "yes" : "no",
                r.purchaseDate.toISOString(),
                r.orderId,
                r.cardName ?? r.accountName,
                r.cardEmail ?? r.accountEmail,
              ]),
            )
            .join("");
          controller.enqueue(encoder.encode(text));
        } catch (error) {
          logger.error({ err: error, competitionId }, "participants export failed");
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
}
