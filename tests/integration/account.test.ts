import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  competitions,
  consentRecords,
  orders,
  profiles,
  session as sessionTable,
  tickets,
  user as userTable,
} from "~/db/schema";
import * as account from "~/routes/accounts/account";
import * as dataJson from "~/routes/accounts/account-data-json";
import * as privacy from "~/routes/accounts/account-privacy";
import * as security from "~/routes/accounts/account-security";
import * as signin from "~/routes/accounts/signin";
import { fieldError } from "~/schemas/form";
import { createPaidOrder, createVerifiedUser } from "~/server/demo/factories.server";
import { seedCompetitionsIfEmpty } from "~/server/demo/seed.server";
import { selfExclude } from "~/server/protection/player-protection.server";
import { createTestServices, type TestServices } from "../support/services";
import { lastMailTo, makeRequest, run, visitor } from "./auth-helpers";

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices();
  await seedCompetitionsIfEmpty(services);
});
afterAll(async () => {
  await services?.dispose();
});

async function makeRider(email: string, password = "a-fine-long-password") {
  const { id } = await createVerifiedUser(services, { email, password, name: "Polly Pony" });
  const v = visitor(services);
  await v.post(signin, "/signin", { intent: "signin", email, password });
  return { id, email, password, v };
}

const profileForm = (overrides: Record<string, string> = {}) => ({
  intent: "profile",
  firstName: "Polly",
  lastName: "Pony",
  email: "",
  phone: "",
  ...overrides,
});

describe("profile", () => {
  it("shows and saves the profile, recording each change of marketing choice with its wording", async () => {
    const rider = await makeRider("polly@example.test");
    const view = await rider.v.get(account, "/account");
    expect(view.data.profile).toMatchObject({
      email: "polly@example.test",
      firstName: "Polly",
      lastName: "Pony",
      marketingConsent: false,
    });
    expect(view.data.summary).toMatchObject({ email: "polly@example.test", totalOrders: 0 });

    const saved = await rider.v.post(
      account,
      "/account?edit=1",
      profileForm({ email: rider.email, firstName: "Pauline", phone: "+44 7700 900456", marketingConsent: "on" }),
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/account");
    const [profile] = await services.db.select().from(profiles).where(eq(profiles.userId, rider.id));
    expect(profile).toMatchObject({ firstName: "Pauline", phone: "+44 7700 900456" });
    const [u] = await services.db.select().from(userTable).where(eq(userTable.id, rider.id));
    expect(u!.name).toBe("Pauline Pony");

    await rider.v.post(account, "/account?edit=1", profileForm({ email: rider.email, firstName: "Pauline" }));
    const consents = await services.db.select().from(consentRecords).where(eq(consentRecords.userId, rider.id));
    expect(consents.map((c) => c.granted).sort()).toEqual([false, true]);
    expect(consents.every((c) => c.source === "account" && c.wording.length > 20)).toBe(true);
    const history = await rider.v.get(privacy, "/account/privacy");
    expect(history.data.consents.map((c: { granted: boolean }) => c.granted)).toEqual([false, true]);
  });

  it("refuses an invalid profile with a 400 and changes nothing", async () => {
    const rider = await makeRider("invalid@example.test");
    const out = await rider.v.post(account, "/account?edit=1", profileForm({ email: "not-an-email", firstName: "" }));
    expect(out.status).toBe(400);
    expect(fieldError(out.data.result, "firstName")).toBe("Enter your first name");
    const [profile] = await services.db.select().from(profiles).where(eq(profiles.userId, rider.id));
    expect(profile!.firstName).toBe("Polly");
  });

  it("says 'Failed to update profile. Please try again.' when saving fails", async () => {
    const rider = await makeRider("fails@example.test");
    const broken = {
      ...services,
      db: new Proxy(services.db, {
        get: (t, p) => (p === "transaction" ? () => Promise.reject(new Error("database down")) : Reflect.get(t, p)),
      }),
    };
    const out = await run(
      broken,
      account.action,
      makeRequest(services, "/account?edit=1", rider.v.jar, profileForm({ email: rider.email })),
    );
    expect(out.status).toBe(500);
    expect(out.data.notice.description).toBe("Failed to update profile. Please try again.");
  });

  it("changes the e-mail address only once the link sent to the new one is opened", async () => {
    const rider = await makeRider("old-address@example.test");
    const saved = await rider.v.post(account, "/account?edit=1", profileForm({ email: "new-address@example.test" }));
    expect(saved.status).toBe(302);
    let [profile] = await services.db.select().from(profiles).where(eq(profiles.userId, rider.id));
    expect(profile).toMatchObject({ email: "old-address@example.test", pendingEmail: "new-address@example.test" });
    // Another change to the account (here its name, through better-auth) leaves the pending address alone.
    await services.auth.api.updateUser({
      body: { name: "Polly Renamed" },
      headers: new Headers({ cookie: rider.v.jar.header() }),
    });
    [profile] = await services.db.select().from(profiles).where(eq(profiles.userId, rider.id));
    expect(profile!.pendingEmail).toBe("new-address@example.test");
    const mail = await lastMailTo(services, "new-address@example.test", "change-email");
    const opened = await rider.v.openLink(mail.link);
    expect(opened.location).toBe("/account?email=confirmed");
    [profile] = await services.db.select().from(profiles).where(eq(profiles.userId, rider.id));
    expect(profile).toMatchObject({ email: "new-address@example.test", pendingEmail: null });
    const [u] = await services.db.select().from(userTable).where(eq(userTable.id, rider.id));
    expect(u!.email).toBe("new-address@example.test");
    const landing = await rider.v.get(account, "/account?email=confirmed");
    expect(landing.location).toBe("/account");
  });
});

describe("orders, export and deletion", () => {
  it("lists only the rider's own orders, newest first: competition, quantity, total, status, tickets", async () => {
    const rider = await makeRider("orders@example.test");
    const other = await makeRider("other-orders@example.test");
    const [first, second] = await services.db.select().from(competitions).limit(2);
    const older = await createPaidOrder(services.db, {
      userId: rider.id,
      competition: first!,
      quantity: 2,
      paidAt: new Date("2026-01-10T10:00:00Z"),
      firstTicket: 9001,
    });
    const newer = await createPaidOrder(services.db, {
      userId: rider.id,
      competition: second!,
      quantity: 3,
      paidAt: new Date("2026-02-10T10:00:00Z"),
      firstTicket: 9101,
    });
    await createPaidOrder(services.db, {
      userId: other.id,
      competition: first!,
      quantity: 1,
      paidAt: new Date("2026-03-01T10:00:00Z"),
      firstTicket: 9201,
    });

    const view = await rider.v.get(account, "/account");
    expect(view.data.orders.map((o: { id: string }) => o.id)).toEqual([newer.id, older.id]);
    expect(view.data.orders[0]).toMatchObject({ status: "paid", totalPence: 1500 });
    expect(view.data.orders[0].lines[0]).toMatchObject({
      competitionTitle: second!.title,
      quantity: 3,
      totalPence: 1500,
      ticketNumbers: [9101, 9102, 9103],
    });
    expect(view.data.summary.totalOrders).toBe(2);

    const exported = await rider.v.get(dataJson, "/account/data.json");
    expect(exported.status).toBe(200);
    expect(exported.data.account.email).toBe("orders@example.test");
    expect(exported.data.profile.email).toBe("orders@example.test");
    expect(exported.data.orders).toHaveLength(2);
    expect(exported.data.tickets.map((t: { ticketNumber: number }) => t.ticketNumber)).toEqual([
      9001, 9002, 9101, 9102, 9103,
    ]);
    expect(JSON.stringify(exported.data)).not.toContain("other-orders@example.test");
    const raw = await run(services, dataJson.loader, makeRequest(services, "/account/data.json", rider.v.jar));
    expect(raw.status).toBe(200);
  });

  it("sends the export as a JSON attachment", async () => {
    const rider = await makeRider("attach@example.test");
    const res = await run(services, dataJson.loader, makeRequest(services, "/account/data.json", rider.v.jar));
    expect(res.headers?.["content-type"]).toContain("application/json");
    expect(res.headers?.["content-disposition"]).toMatch(
      /^attachment; filename="paddock-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
  });

  it("deleting the account erases the person and keeps their orders and tickets, detached", async () => {
    const rider = await makeRider("leaving@example.test");
    await rider.v.post(account, "/account?edit=1", profileForm({ email: rider.email, marketingConsent: "on" }));
    const [comp] = await services.db.select().from(competitions).limit(1);
    const order = await createPaidOrder(services.db, {
      userId: rider.id,
      competition: comp!,
      quantity: 1,
      firstTicket: 9301,
    });

    const notTyped = await rider.v.post(privacy, "/account/privacy", {
      intent: "delete-account",
      confirm: "delete please",
      password: rider.password,
    });
    expect(notTyped.status).toBe(400);
    expect(fieldError(notTyped.data.result, "confirm")).toBe("Type DELETE to confirm");
    const wrongPassword = await rider.v.post(privacy, "/account/privacy", {
      intent: "delete-account",
      confirm: "DELETE",
      password: "not-my-password",
    });
    expect(fieldError(wrongPassword.data.result, "password")).toBe("That password is not right.");
    expect(await services.db.select().from(userTable).where(eq(userTable.id, rider.id))).toHaveLength(1);

    const gone = await rider.v.post(privacy, "/account/privacy", {
      intent: "delete-account",
      confirm: "DELETE",
      password: rider.password,
    });
    expect(gone.status).toBe(302);
    expect(gone.location).toBe("/");
    expect(rider.v.jar.has("session_token")).toBe(false);
    expect(await services.db.select().from(userTable).where(eq(userTable.id, rider.id))).toHaveLength(0);
    expect(await services.db.select().from(profiles).where(eq(profiles.userId, rider.id))).toHaveLength(0);
    expect(await services.db.select().from(sessionTable).where(eq(sessionTable.userId, rider.id))).toHaveLength(0);
    expect(
      await services.db.select().from(consentRecords).where(eq(consentRecords.email, "leaving@example.test")),
    ).toHaveLength(0);
    const [keptOrder] = await services.db.select().from(orders).where(eq(orders.id, order.id));
    expect(keptOrder).toMatchObject({ userId: null, paymentStatus: "paid" });
    const [keptTicket] = await services.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.orderId, order.id), eq(tickets.ticketNumber, 9301)));
    expect(keptTicket!.userId).toBeNull();
    const audit = await services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `user:${rider.id}`));
    expect(audit.map((a) => a.action)).toContain("account.deleted");
    expect((await rider.v.get(account, "/account")).location).toBe("/auth?redirectTo=%2Faccount");
  });
});

describe("deleting a self-excluded account", () => {
  it("is refused until the exclusion ends, so signing up again cannot lift it", async () => {
    const rider = await makeRider("excluded-leaver@example.test");
    expect(await selfExclude(services, rider.id, 6, new Date())).toEqual({ ok: true });
    const refused = await rider.v.post(privacy, "/account/privacy", {
      intent: "delete-account",
      confirm: "DELETE",
      password: rider.password,
    });
    expect(refused.status).toBe(409);
    expect(refused.data.notice.description).toMatch(
      /^Your account is self-excluded until .+ you can delete it after that date\.$/,
    );
    expect(await services.db.select().from(userTable).where(eq(userTable.id, rider.id))).toHaveLength(1);
  });
});

describe("sessions", () => {
  it("lists the rider's devices and signs one out; another person's session id changes nothing", async () => {
    const rider = await makeRider("devices@example.test");
    const laptop = visitor(services);
    await laptop.post(signin, "/signin", { intent: "signin", email: rider.email, password: rider.password });
    const stranger = await makeRider("stranger-devices@example.test");
    const [strangerSession] = await services.db.select().from(sessionTable).where(eq(sessionTable.userId, stranger.id));

    const page = await rider.v.get(security, "/account/security");
    expect(page.data.sessions).toHaveLength(2);
    expect(page.data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(page.data.sessions[0].userAgent).toContain("Chrome");

    const forged = await rider.v.post(security, "/account/security", {
      intent: "revoke-session",
      sessionId: strangerSession!.id,
    });
    expect(forged.status).toBe(404);
    expect(await services.db.select().from(sessionTable).where(eq(sessionTable.id, strangerSession!.id))).toHaveLength(
      1,
    );

    const other = page.data.sessions.find((s: { current: boolean }) => !s.current);
    const revoked = await rider.v.post(security, "/account/security", {
      intent: "revoke-session",
      sessionId: other.id,
    });
    expect(revoked.status).toBe(302);
    expect((await laptop.get(account, "/account")).location).toBe("/auth?redirectTo=%2Faccount");
    expect((await rider.v.get(account, "/account")).status).toBe(200);
  });

  it("shows each device's own address, IPv6 in its short form, never better-auth's zeroed /64 network", async () => {
    const rider = await makeRider("addresses@example.test");
    const phone = visitor(services, "2001:db8:85a3::8a2e:370:7334");
    await phone.post(signin, "/signin", { intent: "signin", email: rider.email, password: rider.password });
    const loopback = visitor(services, "::1");
    await loopback.post(signin, "/signin", { intent: "signin", email: rider.email, password: rider.password });

    const page = await rider.v.get(security, "/account/security");
    const shown = page.data.sessions.map((s: { ipAddress: string | null }) => s.ipAddress).sort();
    expect(shown).toEqual(["2001:db8:85a3::8a2e:370:7334", "203.0.113.7", "::1"].sort());
  });

  it("changes the password and signs out the other devices, keeping this one", async () => {
    const rider = await makeRider("change-pass@example.test");
    const tablet = visitor(services);
    await tablet.post(signin, "/signin", { intent: "signin", email: rider.email, password: rider.password });
    const wrong = await rider.v.post(security, "/account/security", {
      intent: "change-password",
      currentPassword: "nope-nope-nope",
      password: "new-and-better-one",
      confirmPassword: "new-and-better-one",
    });
    expect(fieldError(wrong.data.result, "currentPassword")).toBe("That password is not right.");
    const common = await rider.v.post(security, "/account/security", {
      intent: "change-password",
      currentPassword: rider.password,
      password: "football123",
      confirmPassword: "football123",
    });
    expect(fieldError(common.data.result, "password")).toBe("This password is too common. Please choose another.");
    const ok = await rider.v.post(security, "/account/security", {
      intent: "change-password",
      currentPassword: rider.password,
      password: "new-and-better-one",
      confirmPassword: "new-and-better-one",
    });
    expect(ok.status).toBe(302);
    expect((await rider.v.get(account, "/account")).status).toBe(200);
    expect((await tablet.get(account, "/account")).status).toBe(302);
    const again = visitor(services);
    expect(
      (await again.post(signin, "/signin", { intent: "signin", email: rider.email, password: "new-and-better-one" }))
        .status,
    ).toBe(302);
  });
});
