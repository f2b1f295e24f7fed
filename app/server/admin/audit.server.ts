import { and, count, eq, gte, ilike, inArray, isNull, like, lt, or, type SQL } from "drizzle-orm";
import { auditLog, campaigns, competitions, customDomains, orders, user } from "~/db/schema";
import { subjectView } from "~/domain/audit-subject";
import { dayAfter, startOfDay } from "~/domain/daily-series";
import type { Permission } from "~/domain/permissions";
import type { AUDIT_TABLE, QueryOf } from "~/schemas/admin-tables";
import { isUuid } from "~/schemas/ids";
import type { Executor } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { containsPattern, startsWithPattern, tableOrder, tablePage } from "../platform/table-query.server";

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

type AuditQuery = QueryOf<typeof AUDIT_TABLE>;

function auditConditions({ filters }: AuditQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.actor.toLowerCase() === SYSTEM_ACTOR) conditions.push(isNull(auditLog.actorUserId));
  else if (filters.actor) conditions.push(ilike(user.email, containsPattern(filters.actor)));
  // "competition" finds every competition; "competition:12" that one only.
  if (filters.subject)
    conditions.push(
      or(eq(auditLog.subject, filters.subject), like(auditLog.subject, startsWithPattern(`${filters.subject}:`))),
    );
  if (filters.from) conditions.push(gte(auditLog.createdAt, startOfDay(filters.from)));
  if (filters.to) conditions.push(lt(auditLog.createdAt, startOfDay(dayAfter(filters.to))));
  return and(...conditions);
}

/** What each subject on this page is called now: competitions' titles, orders' and users' e-mails, campaigns' names. */
async function subjectNames(db: Executor, subjects: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = (kind: string) => [
    ...new Set(subjects.flatMap((s) => (s?.startsWith(`${kind}:`) ? [s.slice(kind.length + 1)] : []))),
  ];
  const numeric = (kind: string) =>
    ids(kind)
      .filter((id) => /^\d{1,9}$/.test(id))
      .map(Number);
  const [competitionIds, orderIds, userIds, campaignIds, domainIds] = [
    numeric("competition"),
    ids("order").filter(isUuid),
    ids("user"),
    numeric("campaign"),
    numeric("domain"),
  ];
  const none = Promise.resolve([] as { id: string | number; name: string | null }[]);
  const found = await Promise.all([
    competitionIds.length
      ? db
          .select({ id: competitions.id, name: competitions.title })
          .from(competitions)
          .where(inArray(competitions.id, competitionIds))
      : none,
    orderIds.length
      ? db.select({ id: orders.id, name: orders.email }).from(orders).where(inArray(orders.id, orderIds))
      : none,
    userIds.length ? db.select({ id: user.id, name: user.email }).from(user).where(inArray(user.id, userIds)) : none,
    campaignIds.length
      ? db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(inArray(campaigns.id, campaignIds))
      : none,
    domainIds.length
      ? db
          .select({ id: customDomains.id, name: customDomains.domain })
          .from(customDomains)
          .where(inArray(customDomains.id, domainIds))
      : none,
  ]);
  const names = new Map<string, string>();
  const kinds = ["competition", "order", "user", "campaign", "domain"] as const;
  kinds.forEach((kind, i) => {
    for (const row of found[i] ?? []) {
      const id = String(row.id);
      if (kind === "order") names.set(`order:${id}`, `${id.slice(0, 8)}${row.name ? ` (${row.name})` : ""}`);
      else if (row.name) names.set(`${kind}:${id}`, row.name);
    }
  });
  return names;
}

/**
 * One page of the audit log, newest first unless asked, with the actions there are to filter by, each subject named
 * and linked to its admin page where `can` opens it.
 */
export async function listAudit(services: Services, query: AuditQuery, can: (permission: Permission) => boolean) {
  const where = auditConditions(query);
  const order = tableOrder(query, { when: auditLog.createdAt }, auditLog.id);
  const [page, actions] = await Promise.all([
    tablePage(
      query,
      () =>
        services.db
          .select({ n: count() })
          .from(auditLog)
          .leftJoin(user, eq(user.id, auditLog.actorUserId))
          .where(where),
      (limit, offset) =>
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
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
    ),
    services.db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  const names = await subjectNames(
    services.db,
    page.rows.map((r) => r.subject),
  );
  return {
    ...page,
    entries: page.rows.map((row) => ({ ...row, subjectView: subjectView(row.subject, names, can) })),
    actions: actions.map((a) => a.action),
  };
}
