import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/db/constants";
import { auditLog, userRoles } from "~/db/schema";
import { type Permission, permissionsOf, type RoutePermission } from "~/domain/permissions";
import * as adminLayout from "~/routes/admin/admin-layout";
import * as dashboard from "~/routes/admin/dashboard";
import * as roles from "~/routes/admin/roles";
import { concreteRoute } from "../support/param-fixtures";
import { leafRoutes } from "../support/route-list";
import { createTestServices, type TestServices } from "../support/services";
import { type RouteModule, signedInAs as signedInAsRole, visitor } from "./auth-helpers";

let services: TestServices;

beforeAll(async () => {
  // Two-factor for admins is tested in auth-two-factor.test.ts; here only the role decides.
  services = await createTestServices({ ADMIN_REQUIRE_2FA: "false" });
});
afterAll(async () => {
  await services?.dispose();
});

/** Every route under /admin in app/routes.ts, so a new admin page is checked the day it is added. */
const adminRoutes = leafRoutes.filter((r) => r.path === "admin" || r.path?.startsWith("admin/"));
type AdminModule = RouteModule & { permission?: RoutePermission };
const modules = import.meta.glob<AdminModule>("../../app/routes/**/*.{ts,tsx}");
async function load(file: string) {
  const mod = modules[`../../app/${file}`];
  if (!mod) throw new Error(`no module for ${file}`);
  return mod();
}

const concrete = (path: string) => concreteRoute(services, path);

const signedInAs = (role: Role | "none") => signedInAsRole(services, role);

const moderatorMay = (permission: Permission) => permissionsOf(["moderator"]).has(permission);
const auditRows = async () => (await services.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

/** Each intent an action takes with the permission it needs ("" for an action with one permission). */
function actionIntents(action: RoutePermission["action"]): [string, Permission][] {
  if (!action) return [];
  return typeof action === "string" ? [["", action]] : Object.entries(action);
}

describe("every admin route", () => {
  it("there is at least the dashboard to check", () => {
    expect(adminRoutes.map((r) => r.path)).toContain("admin");
  });

  for (const route of adminRoutes) {
    it(`/${route.path}: anonymous → /auth, user → /, staff by its permission (loader, each action)`, async () => {
      const mod = await load(route.file);
      const { permission } = mod;
      // The module says what it needs, for exactly what it has.
      expect(Boolean(permission?.loader), "permission.loader matches the loader").toBe(Boolean(mod.loader));
      expect(Boolean(permission?.action), "permission.action matches the action").toBe(Boolean(mod.action));
      const anonymous = visitor(services);
      const [user, moderator, administrator] = [
        await signedInAs("user"),
        await signedInAs("moderator"),
        await signedInAs("admin"),
      ];
      const signIn = (url: string) => `/auth?redirectTo=${encodeURIComponent(url)}`;

      if (mod.loader && permission?.loader) {
        const { url, params } = await concrete(route.path!);
        expect((await anonymous.get(mod, url, params)).location).toBe(signIn(url));
        expect((await user.v.get(mod, url, params)).location).toBe("/");
        expect((await moderator.v.get(mod, url, params)).status).toBe(moderatorMay(permission.loader) ? 200 : 403);
        const ok = await administrator.v.get(mod, url, params);
        expect(ok.status).toBe(200);
        expect(ok.location).toBeNull();
      }

      for (const [intent, needed] of actionIntents(permission?.action)) {
        const { url, params } = await concrete(route.path!);
        const form: Record<string, string> = intent ? { intent } : {};
        const before = await auditRows();
        expect((await anonymous.post(mod, url, form, params)).location).toBe(signIn(url));
        expect((await user.v.post(mod, url, form, params)).location).toBe("/");
        const moderated = await moderator.v.post(mod, url, form, params);
        if (moderatorMay(needed)) expect(moderated.status, `moderator ${intent}`).not.toBe(403);
        else expect(moderated.status, `moderator ${intent}`).toBe(403);
        // Refused posts change nothing: no staff action was recorded.
        if (!moderatorMay(needed)) expect(await auditRows()).toBe(before);
        const allowed = await administrator.v.post(mod, url, form, params);
        expect(allowed.status, `admin ${intent}`).not.toBe(403);
        expect([signIn(url), "/"]).not.toContain(allowed.location);
      }
    });
  }

  it("shows each staff member only the areas their permissions open", async () => {
    const tabsOf = async (role: Role) => {
      const { v } = await signedInAs(role);
      return (await v.get(adminLayout, "/admin")).data.areas.map((t: { label: string }) => t.label);
    };
    expect(await tabsOf("admin")).toEqual([
      "Dashboard",
      "Competitions",
      "Orders",
      "Winners",
      "Complaints",
      "Roles",
      "Settings",
      "Domain",
      "Audit",
      "Marketing",
      "Consent",
      "Recovery",
      "Promo codes",
    ]);
    expect(await tabsOf("moderator")).toEqual(["Dashboard", "Competitions", "Orders", "Complaints", "Audit"]);
  });

  it("a user whose role check fails is sent home, not let in", async () => {
    const someone = await signedInAs("admin");
    const broken = {
      ...services,
      db: new Proxy(services.db, {
        get: (t, p) =>
          p === "select"
            ? () => {
                throw new Error("db down");
              }
            : Reflect.get(t, p),
      }),
    };
    const { run, makeRequest } = await import("./auth-helpers");
    const out = await run(broken, dashboard.loader, makeRequest(services, "/admin", someone.v.jar));
    expect(out.location).toBe("/");
  });
});

describe("the Roles tab", () => {
  it("adds and removes roles by e-mail with the spec's messages, logging each change", async () => {
    const boss = await signedInAs("admin");
    const rider = await signedInAs("none");
    const missing = await boss.v.post(roles, "/admin/roles", { intent: "add-role", email: "", role: "" });
    expect(missing.status).toBe(400);
    expect(missing.data.notice.description).toBe("Please enter an email and select a role");
    const unknown = await boss.v.post(roles, "/admin/roles", {
      intent: "add-role",
      email: "nobody-here@example.test",
      role: "moderator",
    });
    expect(unknown.data.notice.description).toBe("User not found. Make sure they have an account.");

    const grant = { intent: "add-role", email: rider.email.toUpperCase(), role: "moderator" };
    // The first press only asks, naming the person; no role is given until the confirmation is sent.
    const asked = await boss.v.post(roles, "/admin/roles", grant);
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ confirm: true, grant: { role: "moderator" } });
    expect(asked.data.grant.who).toContain(rider.email);
    expect(await services.db.select().from(userRoles).where(eq(userRoles.userId, rider.id))).toHaveLength(0);
    const refusedUser = await boss.v.post(roles, "/admin/roles", { ...grant, role: "user", confirm: "yes" });
    expect(refusedUser.status).toBe(400);
    const added = await boss.v.post(roles, "/admin/roles", { ...grant, confirm: "yes" });
    expect(added.status).toBe(302);
    expect(added.location).toBe("/admin/roles");
    expect(boss.v.jar.has("paddock_toast")).toBe(true);
    const duplicate = await boss.v.post(roles, "/admin/roles", {
      intent: "add-role",
      email: rider.email,
      role: "moderator",
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.data.notice.description).toBe("User already has this role");

    const page = await boss.v.get(roles, "/admin/roles");
    expect(page.data.roles[0]).toMatchObject({ email: rider.email, role: "moderator" });
    const roleId = page.data.roles[0].id;
    const removed = await boss.v.post(roles, "/admin/roles", { intent: "remove-role", roleId: String(roleId) });
    expect(removed.status).toBe(302);
    expect(await services.db.select().from(userRoles).where(eq(userRoles.id, roleId))).toHaveLength(0);
    const gone = await boss.v.post(roles, "/admin/roles", { intent: "remove-role", roleId: String(roleId) });
    expect(gone.data.notice.description).toBe("Failed to remove role");

    const log = await services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `user:${rider.id}`));
    expect(log.map((l) => [l.action, l.before, l.after]).sort()).toEqual([
      ["role.added", null, { role: "moderator" }],
      ["role.removed", { role: "moderator" }, null],
    ]);
    expect(log.every((l) => l.actorUserId === boss.id)).toBe(true);
  });
});

describe("account routes", () => {
  const accountRoutes = leafRoutes.filter((r) => r.path === "account" || r.path?.startsWith("account/"));

  for (const route of accountRoutes) {
    const path = `/${route.path}`;
    it(`${path} sends an anonymous visitor to sign in`, async () => {
      const mod = await load(route.file);
      const anonymous = visitor(services);
      if (mod.loader)
        expect((await anonymous.get(mod, path)).location).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
      if (mod.action)
        expect((await anonymous.post(mod, path, { intent: "profile" })).location).toBe(
          `/auth?redirectTo=${encodeURIComponent(path)}`,
        );
    });
  }
});
