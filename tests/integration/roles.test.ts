import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_MESSAGES } from "~/content/account";
import { auditLog, userRoles } from "~/db/schema";
import { removeRole } from "~/server/admin/roles.server";
import { createVerifiedUser } from "~/server/demo/factories.server";
import { createTestServices, type TestServices } from "../support/services";

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.dispose();
});

const postgres = process.env.TEST_DB_ENGINE === "postgres";

async function adminRoleIds() {
  const rows = await services.db.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.role, "admin"));
  return rows.map((r) => r.id);
}

async function newAdmin() {
  const email = `admin-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const { id } = await createVerifiedUser(services, { email, password: "a-role-test-password", roles: ["admin"] });
  return id;
}

describe("the last admin always survives", () => {
  it("refuses to remove the only admin, with the reason", async () => {
    await services.db.delete(userRoles).where(eq(userRoles.role, "admin"));
    const actor = await newAdmin();
    const [only] = await adminRoleIds();
    const out = await removeRole(services, actor, only ?? 0);
    expect(out).toEqual({ ok: false, message: ROLE_MESSAGES.lastAdmin, status: 409 });
    expect(await adminRoleIds()).toEqual([only]);
  });

  // Real concurrency needs real connections: PGlite runs one transaction at a time, so this runs on PostgreSQL.
  it.skipIf(!postgres)("two admins removing each other at the same moment: one wins, one admin is left", async () => {
    for (let round = 0; round < 10; round++) {
      await services.db.delete(userRoles).where(eq(userRoles.role, "admin"));
      const [a, b] = [await newAdmin(), await newAdmin()];
      const ids = await adminRoleIds();
      expect(ids).toHaveLength(2);
      const [idA, idB] = ids as [number, number];
      const results = await Promise.all([removeRole(services, a, idB), removeRole(services, b, idA)]);
      expect(await adminRoleIds()).toHaveLength(1);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, message: ROLE_MESSAGES.lastAdmin, status: 409 }]);
    }
    const removals = await services.db.select().from(auditLog).where(eq(auditLog.action, "role.removed"));
    expect(removals).toHaveLength(10);
  });
});
