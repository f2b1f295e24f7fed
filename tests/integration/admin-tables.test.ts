import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, campaigns, complaints, orderLines, orders } from "~/db/schema";
import * as auditPage from "~/routes/admin/audit";
import * as competitionsPage from "~/routes/admin/competitions";
import * as complaintsPage from "~/routes/admin/complaints";
import * as ordersPage from "~/routes/admin/orders";
import * as campaignsPage from "~/routes/marketing/campaigns";
import * as recoveryPage from "~/routes/recovery/admin-recovery";
import { createCompetition, createVerifiedUser } from "~/server/demo/factories.server";
import { createTestServices, type TestServices } from "../support/services";
import { signedInAs } from "./auth-helpers";

// Every staff list pages, sorts, filters and searches on the server from its query string; whatever the string
// says, the page answers 200 with the list's defaults in place of what it could not read.

let services: TestServices;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  services = await createTestServices({ ADMIN_REQUIRE_2FA: "false" });
  admin = await signedInAs(services, "admin");
});
afterAll(async () => {
  await services?.dispose();
});

const tag = () => `t${Math.random().toString(36).slice(2, 8)}`;
const DAY = 86_400_000;
type Row = Record<string, unknown>;
const pluck = (rows: Row[], key: string) => rows.map((r) => r[key]);

/** Nonsense in every parameter: the page still answers, with defaults. */
const NONSENSE =
  "page=-1&size=9999&sort=id;drop%20table%20orders&dir=sideways&status=bogus&from=31/02/2026&to=2026-01-01" +
  "&competition=abc&state=x&audience=y&recovery=z";

describe("the competitions list", () => {
  it("searches, filters by status, sorts by a heading either way, pages, keeps the last page in range", async () => {
    const t = tag();
    for (let i = 0; i < 30; i++)
      await createCompetition(services.db, {
        title: `${t} competition ${String(i).padStart(2, "0")}`,
        ticketsSold: i * 3,
        status: i % 3 === 0 ? "draft" : "active",
      });
    const get = (q: string) => admin.v.get(competitionsPage, `/admin/competitions?q=${t}&${q}`);

    const first = await get("sort=sold&dir=asc");
    expect(first.data).toMatchObject({ total: 30, pages: 2, query: { sort: "sold", dir: "asc", page: 1, size: 25 } });
    expect(pluck(first.data.competitions, "ticketsSold")).toEqual(Array.from({ length: 25 }, (_, i) => i * 3));
    const second = await get("sort=sold&dir=asc&page=2");
    expect(pluck(second.data.competitions, "ticketsSold")).toEqual([75, 78, 81, 84, 87]);
    const beyond = await get("sort=sold&dir=asc&page=40");
    expect(beyond.data.query.page).toBe(2);
    expect(pluck(beyond.data.competitions, "ticketsSold")).toEqual([75, 78, 81, 84, 87]);

    const byTitle = await get("sort=title&dir=desc&size=50");
    expect(byTitle.data.competitions[0].title).toBe(`${t} competition 29`);
    expect(byTitle.data.competitions).toHaveLength(30);

    const drafts = await get("status=draft");
    expect(drafts.data.total).toBe(10);
    expect(drafts.data.competitions.every((c: Row) => c.status === "draft")).toBe(true);

    const odd = await admin.v.get(competitionsPage, `/admin/competitions?q=${t}&${NONSENSE}`);
    expect(odd.status).toBe(200);
    expect(odd.data.query).toMatchObject({ page: 1, size: 25, sort: "created", dir: "desc", filters: { status: "" } });
    expect(odd.data.total).toBe(30);
  });

  it("matches a search's % and _ literally, never as wildcards", async () => {
    const t = tag();
    await createCompetition(services.db, { title: `${t} 100% cotton rug` });
    await createCompetition(services.db, { title: `${t} 100 rosettes` });
    const get = (q: string) => admin.v.get(competitionsPage, `/admin/competitions?q=${encodeURIComponent(q)}`);
    expect(pluck((await get(`${t} 100%`)).data.competitions, "title")).toEqual([`${t} 100% cotton rug`]);
    expect((await get(`${t} 100_`)).data.total).toBe(0);
    expect((await get(`${t}' or '1'='1`)).data.total).toBe(0);
  });
});

describe("the orders list", () => {
  it("searches by e-mail, filters by status, competition and UK dates, sorts by total and pages", async () => {
    const t = tag();
    const competition = await createCompetition(services.db, { title: `${t} prize` });
    const now = Date.now();
    for (let i = 0; i < 40; i++) {
      const createdAt = new Date(now - (i % 4) * 10 * DAY);
      const [order] = await services.db
        .insert(orders)
        .values({
          email: `${t}-${i}@example.test`,
          paymentStatus: i % 5 === 0 ? "expired" : "paid",
          subtotalPence: 100 + i,
          totalAmountPence: 100 + i,
          createdAt,
          paidAt: i % 5 === 0 ? null : createdAt,
        })
        .returning();
      if (order && i < 8)
        await services.db.insert(orderLines).values({
          orderId: order.id,
          competitionId: competition.id,
          quantity: 1,
          unitPricePence: 100 + i,
          discountPence: 0,
          totalPence: 100 + i,
          skillAnswer: "x",
        });
    }
    const get = (q: string) => admin.v.get(ordersPage, `/admin/orders?q=${t}&${q}`);

    const paid = await get("sort=total&dir=asc&size=25");
    expect(paid.data).toMatchObject({ total: 32, pages: 2 });
    const totals = pluck(paid.data.orders, "totalPence") as number[];
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(totals[0]).toBe(101);
    expect((await get("sort=total&dir=asc&size=25&page=2")).data.orders).toHaveLength(7);

    expect((await get("status=all")).data.total).toBe(40);
    expect((await get("status=expired")).data.total).toBe(8);
    expect((await get(`status=all&competition=${competition.id}`)).data.total).toBe(8);
    expect(pluck((await get("status=all&sort=email")).data.orders, "email")[0]).toBe(`${t}-0@example.test`);

    // Days are London days typed the UK way; orders were made today and 10, 20 and 30 days ago.
    const uk = (ms: number) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London" }).format(new Date(ms));
    const recent = await get(`status=all&from=${uk(now - 15 * DAY)}&to=${uk(now)}`);
    expect(recent.data.total).toBe(20);
    expect(recent.data.query.ignored).toEqual([]);
    const typo = await get(`status=all&from=2026-11-01`);
    expect(typo.data.total).toBe(40);
    expect(typo.data.query.ignored).toEqual(["from"]);

    const odd = await admin.v.get(ordersPage, `/admin/orders?${NONSENSE}`);
    expect(odd.status).toBe(200);
    expect(odd.data.query).toMatchObject({ filters: { status: "paid", competition: "", from: "", to: "" }, page: 1 });
    expect(odd.data.query.ignored).toEqual(expect.arrayContaining(["status", "competition", "from", "to"]));
  });
});

describe("the audit log", () => {
  it("names each subject and links it to its admin page, sorts oldest first when asked, reads UK dates", async () => {
    const competition = await createCompetition(services.db, { title: "Hand-Stitched Bridle" });
    const moderator = await signedInAs(services, "moderator");
    const [order] = await services.db
      .insert(orders)
      .values({ email: "audited@example.test", subtotalPence: 1, totalAmountPence: 1 })
      .returning();
    if (!order) throw new Error("no order");
    const t = tag();
    await services.db.insert(auditLog).values([
      { actorUserId: admin.id, action: `${t}.edited`, subject: `competition:${competition.id}` },
      { actorUserId: admin.id, action: `${t}.refunded`, subject: `order:${order.id}` },
      { actorUserId: admin.id, action: `${t}.granted`, subject: `user:${moderator.id}` },
      { actorUserId: null, action: `${t}.gone`, subject: "competition:987654" },
    ]);
    const list = async (who: typeof admin, q: string) =>
      (await who.v.get(auditPage, `/admin/audit?actor=${encodeURIComponent(admin.email)}&${q}`)).data;

    const page = await list(admin, "");
    const views = new Map(page.entries.map((e: Row) => [e.action, e.subjectView]));
    expect(views.get(`${t}.edited`)).toEqual({
      text: "Competition: Hand-Stitched Bridle",
      href: `/admin/competitions/${competition.id}`,
    });
    expect(views.get(`${t}.refunded`)).toEqual({
      text: `Order: ${order.id.slice(0, 8)} (audited@example.test)`,
      href: `/admin/orders/${order.id}`,
    });
    expect(views.get(`${t}.granted`)).toEqual({ text: `User: ${moderator.email}`, href: "/admin/roles" });
    const system = await moderator.v.get(auditPage, `/admin/audit?actor=system&action=${t}.gone`);
    expect(system.data.entries[0].subjectView).toEqual({
      text: "Competition: #987654 (no longer exists)",
      href: null,
    });

    const asModerator = await list(moderator, `action=${t}.edited`);
    expect(asModerator.entries[0].subjectView.href).toBe("/admin/competitions?q=Hand-Stitched+Bridle");

    const newest = pluck(page.entries, "id") as number[];
    const oldest = pluck((await list(admin, "sort=when&dir=asc")).entries, "id") as number[];
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    expect(newest).toEqual([...newest].sort((a, b) => b - a));

    const bad = await list(admin, "from=32/01/2026&page=abc");
    expect(bad.query).toMatchObject({ page: 1, filters: { from: "" }, ignored: ["from"] });
    expect(bad.total).toBe(page.total);
  });
});

describe("the complaints list", () => {
  it("shows unresolved ones oldest first by default; filters by status, finds by reference or name", async () => {
    const t = tag();
    const base = Date.now() - 30 * DAY;
    const inserted = await services.db
      .insert(complaints)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          name: `${t} Rider ${String.fromCharCode(65 + (i % 26))}`,
          email: `${t}-${i}@example.test`,
          details: "The draw was late.",
          status: (["open", "answered", "resolved"] as const)[i % 3],
          replyWorkingDays: 5,
          createdAt: new Date(base + i * 3_600_000),
        })),
      )
      .returning({ id: complaints.id });
    const get = (q: string) => admin.v.get(complaintsPage, `/admin/complaints?q=${t}&${q}`);

    const unresolved = await get("");
    expect(unresolved.data).toMatchObject({ total: 20, pages: 1 });
    const ids = pluck(unresolved.data.complaints, "id") as number[];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(unresolved.data.complaints.every((c: Row) => c.status !== "resolved")).toBe(true);

    expect((await get("status=resolved")).data.total).toBe(10);
    const all = await get("status=all&sort=name&dir=desc&size=25&page=2");
    expect(all.data).toMatchObject({ total: 30, pages: 2 });
    expect(all.data.complaints).toHaveLength(5);
    const target = inserted[7]?.id as number;
    const reference = `PDK-C-${String(target).padStart(6, "0")}`;
    const byReference = await admin.v.get(complaintsPage, `/admin/complaints?status=all&q=${reference}`);
    expect(pluck(byReference.data.complaints, "id")).toEqual([target]);
    expect((await admin.v.get(complaintsPage, `/admin/complaints?${NONSENSE}`)).status).toBe(200);
  });
});

describe("the recovery list", () => {
  it("searches by e-mail, filters by how a checkout ended, sorts by total and pages", async () => {
    const t = tag();
    const competition = await createCompetition(services.db, { title: `${t} saddle` });
    const buyers = [
      await createVerifiedUser(services, { email: `${t}-a@example.test` }),
      await createVerifiedUser(services, { email: `${t}-b@example.test` }),
    ];
    for (let i = 0; i < 30; i++) {
      const buyer = buyers[i % 2] as (typeof buyers)[number];
      const [order] = await services.db
        .insert(orders)
        .values({
          userId: buyer.id,
          email: buyer.email,
          paymentStatus: i % 3 === 0 ? "cancelled" : "expired",
          subtotalPence: 200 + i,
          totalAmountPence: 200 + i,
        })
        .returning();
      if (!order) throw new Error("no order");
      await services.db.insert(orderLines).values({
        orderId: order.id,
        competitionId: competition.id,
        quantity: 1,
        unitPricePence: 200 + i,
        discountPence: 0,
        totalPence: 200 + i,
        skillAnswer: "x",
      });
    }
    const get = (q: string) => admin.v.get(recoveryPage, `/admin/recovery?q=${t}&${q}`);

    const first = await get("sort=total&dir=asc&size=25");
    expect(first.data).toMatchObject({ total: 30, pages: 2 });
    expect(pluck(first.data.abandoned, "totalPence")).toEqual(Array.from({ length: 25 }, (_, i) => 200 + i));
    expect((await get("sort=total&dir=asc&size=25&page=2")).data.abandoned).toHaveLength(5);
    expect((await get("status=cancelled")).data.total).toBe(10);
    expect((await get("recovery=sent")).data.total).toBe(0);
    const one = await admin.v.get(recoveryPage, `/admin/recovery?q=${t}-b@`);
    expect(one.data.total).toBe(15);
    expect(one.data.abandoned.every((r: Row) => r.email === `${t}-b@example.test`)).toBe(true);
    expect((await admin.v.get(recoveryPage, `/admin/recovery?${NONSENSE}`)).status).toBe(200);
  });
});

describe("the campaigns list", () => {
  it("filters by state and audience, searches names and subjects, sorts by name and pages", async () => {
    const t = tag();
    await services.db.insert(campaigns).values(
      Array.from({ length: 28 }, (_, i) => ({
        name: `${t} campaign ${String(i).padStart(2, "0")}`,
        subject: i === 5 ? `${t} spring rosette offer` : "News",
        content: "Hello.",
        audience: i % 2 ? ("everyone" as const) : ("recent-buyers" as const),
        state: i % 4 === 0 ? ("sent" as const) : ("draft" as const),
      })),
    );
    const get = (q: string) => admin.v.get(campaignsPage, `/admin/marketing?q=${t}&${q}`);

    const first = await get("sort=name");
    expect(first.data).toMatchObject({ total: 28, pages: 2, query: { sort: "name", dir: "asc" } });
    expect(first.data.campaigns[0].name).toBe(`${t} campaign 00`);
    expect((await get("sort=name&page=2")).data.campaigns.map((c: Row) => c.name)).toEqual([
      `${t} campaign 25`,
      `${t} campaign 26`,
      `${t} campaign 27`,
    ]);
    expect((await get("state=sent")).data.total).toBe(7);
    expect((await get("state=sent&audience=recent-buyers")).data.total).toBe(7);
    expect((await get("audience=everyone")).data.total).toBe(14);
    const bySubject = await admin.v.get(campaignsPage, `/admin/marketing?q=${encodeURIComponent(`${t} spring`)}`);
    expect(pluck(bySubject.data.campaigns, "name")).toEqual([`${t} campaign 05`]);
    expect((await admin.v.get(campaignsPage, `/admin/marketing?${NONSENSE}`)).status).toBe(200);
  });
});
