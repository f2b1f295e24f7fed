import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, userRoles, user as userTable } from "~/db/schema";
import type { Role } from "~/db/constants";
import routes from "~/routes";
import * as admin from "~/routes/admin";
import * as signin from "~/routes/signin";
import { createTestServices, type TestServices } from "../support/services";
import { visitor, type RouteModule } from "./auth-helpers";

let services: TestServices;

beforeAll(async () => {
  // Two-factor for admins is tested in auth-two-factor.test.ts; here only the role decides.
  services = await createTestServices({ ADMIN_REQUIRE_2FA: "false" });
});
afterAll(async () => {
  await services?.dispose();
});

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };
function flatten(entries: RouteEntry[]): RouteEntry[] {
  return entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);
}

/** Every route under /admin in app/routes.ts, so a new admin page is checked the day it is added. */
const adminRoutes = flatten(routes as RouteEntry[]).filter((r) => r.path === "admin" || r.path?.startsWith("admin/"));
const modules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}");
async function load(file: string) {
  const mod = modules[`../../app/${file}`];
  if (!mod) throw new Error(`no module for ${file}`);
  return mod();
}

const concretePath = (path: string) => `/${path.replace(/:[^/]+/g, "1")}`;

async function signedInAs(role: Role | "none") {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = "a-role-test-password";
  const made = await services.auth.api.signUpEmail({ body: { email, password, name: `Role ${role}` } });
  await services.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, made.user.id));
  if (role !== "none") await services.db.insert(userRoles).values({ userId: made.user.id, role });
  const v = visitor(services);
  await v.post(signin, "/signin", { intent: "signin", email, password });
  return { v, id: made.user.id, email };
}

describe("every admin route", () => {
  it("there is at least the dashboard to check", () => {
    expect(adminRoutes.map((r) => r.path)).toContain("admin");
  });

  for (const route of adminRoutes) {
    const path = concretePath(route.path!);
    it(`${path}: anonymous → /auth, user → /, moderator → /, admin → 200 (loader and action)`, async () => {
      const mod = await load(route.file);
      const anonymous = visitor(services);
      const [user, moderator, administrator] = [await signedInAs("user"), await signedInAs("moderator"), await signedInAs("admin")];
      if (mod.loader) {
        expect((await anonymous.get(mod, path)).location).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
        expect((await user.v.get(mod, path)).location).toBe("/");
        expect((await moderator.v.get(mod, path)).location).toBe("/");
        const ok = await administrator.v.get(mod, path);
        expect(ok.status).toBe(200);
        expect(ok.location).toBeNull();
      }
      if (mod.action) {
        const form = { intent: "add-role", email: user.email, role: "admin" };
        expect((await anonymous.post(mod, path, form)).location).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
        expect((await user.v.post(mod, path, form)).location).toBe("/");
        expect((await moderator.v.post(mod, path, form)).location).toBe("/");
        const roles = await services.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
        expect(roles.map((r) => r.role)).toEqual(["user"]);
      }
    });
  }

  it("a user whose role check fails is sent home, not let in", async () => {
    const someone = await signedInAs("admin");
    const broken = { ...services, db: new Proxy(services.db, { get: (t, p) => (p === "select" ? () => { throw new Error("db down"); } : Reflect.get(t, p)) }) };
    const { run, makeRequest } = await import("./auth-helpers");
    const out = await run(broken, admin.loader, makeRequest(services, "/admin", someone.v.jar));
    expect(out.location).toBe("/");
  });
});

describe("the Roles tab", () => {
  it("adds and removes roles by e-mail with the spec's messages, logging each change", async () => {
    const boss = await signedInAs("admin");
    const rider = await signedInAs("none");
    const missing = await boss.v.post(admin, "/admin", { intent: "add-role", email: "", role: "" });
    expect(missing.status).toBe(400);
    expect(missing.data.notice.description).toBe("Please enter an email and select a role");
    const unknown = await boss.v.post(admin, "/admin", { intent: "add-role", email: "nobody-here@example.test", role: "moderator" });
    expect(unknown.data.notice.description).toBe("User not found. Make sure they have an account.");

    const added = await boss.v.post(admin, "/admin", { intent: "add-role", email: rider.email.toUpperCase(), role: "moderator" });
    expect(added.status).toBe(302);
    expect(boss.v.jar.has("paddock_toast")).toBe(true);
    const duplicate = await boss.v.post(admin, "/admin", { intent: "add-role", email: rider.email, role: "moderator" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.data.notice.description).toBe("User already has this role");

    const page = await boss.v.get(admin, "/admin");
    expect(page.data.roles[0]).toMatchObject({ email: rider.email, role: "moderator" });
    const roleId = page.data.roles[0].id;
    const removed = await boss.v.post(admin, "/admin", { intent: "remove-role", roleId: String(roleId) });
    expect(removed.status).toBe(302);
    expect(await services.db.select().from(userRoles).where(eq(userRoles.id, roleId))).toHaveLength(0);
    const gone = await boss.v.post(admin, "/admin", { intent: "remove-role", roleId: String(roleId) });
    expect(gone.data.notice.description).toBe("Failed to remove role");

    const log = await services.db.select().from(auditLog).where(eq(auditLog.subject, `user:${rider.id}`));
    expect(log.map((l) => l.action).sort()).toEqual(["role.added", "role.removed"]);
    expect(log.every((l) => l.actorUserId === boss.id)).toBe(true);
  });

  it("shows the dashboard's numbers from the database", async () => {
    const boss = await signedInAs("admin");
    const page = await boss.v.get(admin, "/admin");
    expect(page.data.stats).toEqual({ revenuePence: 0, ticketsSold: 0, activeCompetitions: 0, totalOrders: 0 });
  });
});

describe("account routes", () => {
  const accountRoutes = flatten(routes as RouteEntry[]).filter((r) => r.path === "account" || r.path?.startsWith("account/"));

  for (const route of accountRoutes) {
    const path = concretePath(route.path!);
    it(`${path} sends an anonymous visitor to sign in`, async () => {
      const mod = await load(route.file);
      const anonymous = visitor(services);
      if (mod.loader) expect((await anonymous.get(mod, path)).location).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
      if (mod.action) expect((await anonymous.post(mod, path, { intent: "profile" })).location).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    });
  }
});
