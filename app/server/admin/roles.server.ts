import { and, count, desc, eq, sql } from "drizzle-orm";
import { ROLE_MESSAGES } from "~/content/account";
import type { Role } from "~/db/constants";
import { profiles, userRoles } from "~/db/schema";
import { isUniqueViolation } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { recordAudit } from "./audit.server";

/** Every role held, newest first, with the holder's profile. */
export async function listRoles(services: Services) {
  return services.db
    .select({
      id: userRoles.id,
      userId: userRoles.userId,
      role: userRoles.role,
      createdAt: userRoles.createdAt,
      email: profiles.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(userRoles)
    .leftJoin(profiles, eq(profiles.userId, userRoles.userId))
    .orderBy(desc(userRoles.createdAt), desc(userRoles.id));
}

type RoleChange = { ok: true; message: string } | { ok: false; message: string; status: number };

/** The person a grant would go to, named for its confirmation; or why it cannot be made (the same words as addRole). */
export async function roleGrantCandidate(
  services: Services,
  email: string,
  role: Role,
): Promise<{ ok: true; who: string } | { ok: false; message: string; status: number }> {
  const [target] = await services.db
    .select({
      userId: profiles.userId,
      email: profiles.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!target) return { ok: false, message: ROLE_MESSAGES.notFound, status: 404 };
  const [held] = await services.db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, target.userId), eq(userRoles.role, role)));
  if (held) return { ok: false, message: ROLE_MESSAGES.duplicate, status: 409 };
  const name = [target.firstName, target.lastName].filter(Boolean).join(" ");
  return { ok: true, who: name ? `${name} (${target.email})` : target.email };
}

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
      await recordAudit(tx, {
        actorUserId,
        action: "role.added",
        subject: `user:${target.userId}`,
        before: null,
        after: { role },
        data: { roleId: row?.id },
      });
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
      // Two removals of different admins must not both see two admins: each first locks every admin row, in id
      // order (so two removers queue rather than deadlock), and counts only after it holds them.
      await tx
        .select({ id: userRoles.id })
        .from(userRoles)
        .where(eq(userRoles.role, "admin"))
        .orderBy(userRoles.id)
        .for("update");
      const [row] = await tx
        .select({ userId: userRoles.userId, role: userRoles.role })
        .from(userRoles)
        .where(eq(userRoles.id, roleId))
        .for("update");
      if (!row) return { ok: false, message: ROLE_MESSAGES.removeFailed, status: 404 };
      if (row.role === "admin") {
        const [admins] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.role, "admin"));
        if ((admins?.n ?? 0) <= 1) return { ok: false, message: ROLE_MESSAGES.lastAdmin, status: 409 };
      }
      await tx.delete(userRoles).where(eq(userRoles.id, roleId));
      await recordAudit(tx, {
        actorUserId,
        action: "role.removed",
        subject: `user:${row.userId}`,
        before: { role: row.role },
        after: null,
        data: { roleId },
      });
      return { ok: true, message: ROLE_MESSAGES.removed };
    });
  } catch (error) {
    services.logger.error({ err: error }, "remove role failed");
    return { ok: false, message: ROLE_MESSAGES.removeFailed, status: 500 };
  }
}
