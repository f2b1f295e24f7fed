import { and, count, desc, eq, gt, sql, sum } from "drizzle-orm";
import { auditLog, competitions, orders, profiles, userRoles } from "~/db/schema";
import type { Role } from "~/db/constants";
import { ROLE_MESSAGES } from "~/content/account";
import type { Services } from "./services.server";



/** The dashboard's four numbers, straight from the database. */
export async function getAdminStats(services: Services) {
  const [[revenue], [sold], [active], [paidOrders]] = await Promise.all([
    services.db.select({ pence: sum(orders.totalAmountPence) }).from(orders).where(eq(orders.paymentStatus, "paid")),
    services.db.select({ n: sum(competitions.ticketsSold) }).from(competitions),
    services.db
      .select({ n: count() })
      .from(competitions)
      .where(and(eq(competitions.status, "active"), gt(competitions.endDate, services.now()))),
    services.db.select({ n: count() }).from(orders).where(eq(orders.paymentStatus, "paid")),
  ]);
  return {
    revenuePence: Number(revenue?.pence ?? 0),
    ticketsSold: Number(sold?.n ?? 0),
    activeCompetitions: active?.n ?? 0,
    totalOrders: paidOrders?.n ?? 0,
  };
}

/** Every role held, newest first, with the holder's profile. */
export async function listRoles(services: Services) {
  return services.db
    .select({ id: userRoles.id, userId: userRoles.userId, role: userRoles.role, createdAt: userRoles.createdAt, email: profiles.email, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(userRoles)
    .leftJoin(profiles, eq(profiles.userId, userRoles.userId))
    .orderBy(desc(userRoles.createdAt), desc(userRoles.id));
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export type RoleChange = { ok: true; message: string } | { ok: false; message: string; status: number };

/** Looks the person up by their profile e-mail, as the spec's admin does, and records who granted what. */
export async function addRole(services: Services, actorUserId: string, email: string, role: Role): Promise<RoleChange> {
  const [target] = await services.db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!target) return { ok: false, message: ROLE_MESSAGES.notFound, status: 404 };
  try {
    await services.db.transaction(async (tx) => {
      const [row] = await tx.insert(userRoles).values({ userId: target.userId, role }).returning({ id: userRoles.id });
      await tx.insert(auditLog).values({ actorUserId, action: "role.added", subject: `user:${target.userId}`, data: { role, roleId: row?.id } });
    });
    return { ok: true, message: ROLE_MESSAGES.added };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: ROLE_MESSAGES.duplicate, status: 409 };
    services.logger.error({ err: error }, "add role failed");
    return { ok: false, message: ROLE_MESSAGES.addFailed, status: 500 };
  }
}

export async function removeRole(services: Services, actorUserId: string, roleId: number): Promise<RoleChange> {
  try {
    return await services.db.transaction(async (tx): Promise<RoleChange> => {
      const [row] = await tx.select({ userId: userRoles.userId, role: userRoles.role }).from(userRoles).where(eq(userRoles.id, roleId)).for("update");
      if (!row) return { ok: false, message: ROLE_MESSAGES.removeFailed, status: 404 };
      if (row.role === "admin") {
        const [admins] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.role, "admin"));
        if ((admins?.n ?? 0) <= 1) return { ok: false, message: ROLE_MESSAGES.lastAdmin, status: 409 };
      }
      await tx.delete(userRoles).where(eq(userRoles.id, roleId));
      await tx.insert(auditLog).values({ actorUserId, action: "role.removed", subject: `user:${row.userId}`, data: { role: row.role, roleId } });
      return { ok: true, message: ROLE_MESSAGES.removed };
    });
  } catch (error) {
    services.logger.error({ err: error }, "remove role failed");
    return { ok: false, message: ROLE_MESSAGES.removeFailed, status: 500 };
  }
}
