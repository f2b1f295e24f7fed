import { and, count, desc, eq, gte, ilike, isNull, lt, or, type SQL } from "drizzle-orm";
import { auditLog, user } from "~/db/schema";
import { londonMidnight } from "~/domain/london-time";
import { AUDIT_PAGE_SIZE, type AuditQuery } from "~/schemas/admin-audit";
import type { Executor } from "../platform/db.server";
import type { Services } from "../platform/services.server";

type AuditEntry = {
  /** Null when the system acted (the lifecycle job, a webhook). */
  actorUserId: string | null;
  action: string;
  /** What was acted on, as "kind:id": "competition:12", "user:abc". */
  subject: string;
  before?: unknown;
  after?: unknown;
  data?: unknown;
};

/** One staff (or system) action, written in the caller's transaction so it exists exactly when the change does. */
export async function recordAudit(tx: Executor, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    subject: entry.subject,
    before: entry.before ?? null,
    after: entry.after ?? null,
    data: entry.data ?? null,
  });
}

/** The e-mail the audit page shows and filters on for actions the system took itself. */
const SYSTEM_ACTOR = "system";

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The instant a London calendar day ("2026-11-21") starts, `plusDays` later. */
function londonDayStart(day: string, plusDays = 0): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1, date + plusDays));
  return londonMidnight({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
}

function auditConditions(query: AuditQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.actor.toLowerCase() === SYSTEM_ACTOR) conditions.push(isNull(auditLog.actorUserId));
  else if (query.actor) conditions.push(ilike(user.email, likePattern(query.actor)));
  // "competition" finds every competition; "competition:12" that one only.
  if (query.subject)
    conditions.push(or(eq(auditLog.subject, query.subject), ilike(auditLog.subject, `${query.subject}:%`)));
  if (query.from) conditions.push(gte(auditLog.createdAt, londonDayStart(query.from)));
  if (query.to) conditions.push(lt(auditLog.createdAt, londonDayStart(query.to, 1)));
  return and(...conditions);
}

/** One page of the audit log, newest first, with the actions there are to filter by. */
export async function listAudit(services: Services, query: AuditQuery) {
  const where = auditConditions(query);
  const [entries, [counted], actions] = await Promise.all([
    services.db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        actorUserId: auditLog.actorUserId,
        actorEmail: user.email,
        action: auditLog.action,
        subject: auditLog.subject,
        before: auditLog.before,
        after: auditLog.after,
        data: auditLog.data,
      })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    services.db.select({ n: count() }).from(auditLog).leftJoin(user, eq(user.id, auditLog.actorUserId)).where(where),
    services.db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return { entries, total: counted?.n ?? 0, actions: actions.map((a) => a.action) };
}
