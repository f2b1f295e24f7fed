import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funnelEvents, orders, tickets, userRoles } from "~/db/schema";
import * as dashboardPage from "~/routes/admin/dashboard";
import * as orderPage from "~/routes/admin/order";
import * as competitionPage from "~/routes/catalogue/competition";
import type { Dashboard } from "~/server/admin/dashboard.server";
import { createPaidOrder } from "~/server/demo/factories.server";
import { CLIENT_IP_HEADER } from "~/server/platform/auth.server";
import { makeRequest, run, signedInAs, visitor } from "./auth-helpers";
import { CORRECT, createCheckoutHarness, type Harness, WRONG } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness({ ADMIN_REQUIRE_2FA: "false" });
});
afterAll(async () => {
  await h?.close();
});

describe("the dashboard", () => {
  it("shows the figures of the orders, tickets and visits this test made, net of a refund", async () => {
    const admin = await signedInAs(h.services, "admin");
    const hour = 3_600_000;
    const slow = await h.createCompetition({ totalTickets: 100 });
    const quick = await h.createCompetition({ totalTickets: 20 });
    const pastClosing = await h.createCompetition({ endDate: new Date(Date.now() - hour) });
    const toDraw = await h.createCompetition({ status: "closed", endDate: new Date(Date.now() - hour) });

    // Two visitors view the slow competition (one of them twice); a crawler's visit is not counted.
    const [first, second] = [visitor(h.services, "198.51.100.1"), visitor(h.services, "198.51.100.2")];
    const path = `/competition/${slow.id}`;
    for (const v of [first, first, second])
      expect((await v.get(competitionPage, path, { id: String(slow.id) })).status).toBe(200);
    const crawler = makeRequest(h.services, path);
    crawler.headers.set("user-agent", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
    crawler.headers.set(CLIENT_IP_HEADER, "198.51.100.3");
    await run(h.services, competitionPage.loader, crawler, { id: String(slow.id) });

    const refunded = (await h.paidOrder(slow.id, 3)).orderId;
    const wrong = (await h.paidOrder(slow.id, 2, WRONG)).orderId;
    const right = (await h.paidOrder(slow.id, 1)).orderId;
    const bulk = (await h.paidOrder(quick.id, 10, CORRECT, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).orderId;
    expect(
      (
        await admin.v.post(
          orderPage,
          `/admin/orders/${refunded}`,
          { intent: "refund", reason: "Asked.", confirm: "yes" },
          { id: refunded },
        )
      ).status,
    ).toBe(302);

    const paid = await h.services.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [wrong, right, bulk]));
    const revenue = paid.reduce((sum, o) => sum + o.totalAmountPence, 0);
    expect(revenue).toBeGreaterThan(0);

    // A free postal entry counts apart from the paid tickets.
    await h.services.db.insert(tickets).values({
      competitionId: quick.id,
      ticketNumber: 11,
      skillAnswer: "Eventing",
      isCorrectAnswer: true,
      source: "postal",
    });

    const page = await admin.v.get(dashboardPage, "/admin");
    expect(page.status).toBe(200);
    const dashboard = page.data.dashboard as Dashboard;
    expect(dashboard.cards).toEqual({
      revenuePence: { current: revenue, previous: 0 },
      tickets: { current: 14, previous: 0 },
      paidTickets: 13,
      postalEntries: 1,
      activeCompetitions: 2,
      paidOrders: { current: 3, previous: 0 },
    });
    expect(dashboard.period).toMatchObject({ range: "30", days: 30, problem: null });
    expect(dashboard.latest.map((o) => o.id).sort()).toEqual([wrong, right, bulk].sort());
    expect(dashboard.latest[0]?.lines[0]).toMatchObject({ competitionId: quick.id, quantity: 10 });

    expect(dashboard.daily).toHaveLength(30);
    // Tickets by day count every entry in the draw, the postal one too.
    expect(dashboard.daily.at(-1)).toMatchObject({ revenuePence: revenue, tickets: 14 });
    expect(dashboard.daily.slice(0, -1).every((d) => d.revenuePence === 0 && d.tickets === 0)).toBe(true);

    const selling = new Map(dashboard.selling.map((row) => [row.id, row]));
    // Both went live today, so the pace is measured over one day: 3 a day leaves 97 for 32 days (after closing);
    // 10 a day sells the last 10 by tomorrow.
    expect(selling.get(slow.id)).toMatchObject({ ticketsSold: 3, perDay: 3, projection: { kind: "not_at_this_rate" } });
    expect(selling.get(quick.id)).toMatchObject({ ticketsSold: 10, soldShare: 0.5, projection: { kind: "on_date" } });
    expect(selling.has(pastClosing.id)).toBe(false);

    const perCompetition = new Map(dashboard.perCompetition.rows.map((row) => [row.id, row]));
    expect(perCompetition.get(slow.id)).toMatchObject({
      funnel: { viewed: 2, answered: 3, checkout_started: 3, paid: 3 },
      paidTickets: 3,
      wrongAnswers: 2,
    });
    expect(perCompetition.get(quick.id)).toMatchObject({
      funnel: { viewed: 0, answered: 1, checkout_started: 1, paid: 1 },
      paidTickets: 10,
      wrongAnswers: 0,
    });

    expect(dashboard.todo.pastClosing).toEqual({ items: [expect.objectContaining({ id: pastClosing.id })], total: 1 });
    expect(dashboard.todo.toDraw).toEqual({ items: [expect.objectContaining({ id: toDraw.id })], total: 1 });
    expect(dashboard.todo.failedRefunds).toEqual({ items: [], total: 0 });
    expect(dashboard.todo.cancelling).toEqual({ items: [], total: 0 });

    const moderator = await signedInAs(h.services, "moderator");
    expect((await moderator.v.get(dashboardPage, "/admin")).data.dashboard.cards.revenuePence.current).toBe(revenue);
  });

  it("compares a chosen period with the one just before it, in London days; lists only the first few", async () => {
    const admin = await signedInAs(h.services, "admin");
    const comp = await h.createCompetition({ totalTickets: 1000 });
    const buyer = await h.createBuyer();
    const competition = { id: comp.id, correctAnswer: comp.correctAnswer };
    // 00:30 on 1 January 2025 in London is still in the period from 1 January; 23:30 on 31 December is before it.
    const sales: [string, number][] = [
      ["2025-01-01T00:30:00Z", 2],
      ["2025-01-10T12:00:00Z", 1],
      ["2024-12-31T23:30:00Z", 4],
      ["2024-12-22T09:00:00Z", 4],
      ["2024-12-21T09:00:00Z", 7],
    ];
    let ticket = 1;
    for (const [at, quantity] of sales) {
      await createPaidOrder(h.services.db, {
        userId: buyer.id,
        competition,
        quantity,
        firstTicket: ticket,
        paidAt: new Date(at),
      });
      ticket += quantity;
    }
    const page = await admin.v.get(dashboardPage, "/admin?range=custom&from=01/01/2025&to=10/01/2025");
    const dashboard = page.data.dashboard as Dashboard;
    expect(dashboard.period).toMatchObject({
      range: "custom",
      from: "2025-01-01",
      to: "2025-01-10",
      previous: { from: "2024-12-22", to: "2024-12-31" },
    });
    expect(dashboard.cards.revenuePence).toEqual({ current: 1500, previous: 4000 });
    expect(dashboard.cards.paidOrders).toEqual({ current: 2, previous: 2 });
    expect(dashboard.daily).toHaveLength(10);
    expect(dashboard.daily[0]).toMatchObject({ day: "2025-01-01", revenuePence: 1000 });

    const week = (await admin.v.get(dashboardPage, "/admin?range=7")).data.dashboard as Dashboard;
    expect(week.period).toMatchObject({ range: "7", days: 7 });
    expect(week.daily).toHaveLength(7);
    const typo = (await admin.v.get(dashboardPage, "/admin?from=2025-01-01&to=10/01/2025")).data.dashboard as Dashboard;
    expect(typo.period).toMatchObject({ range: "30", problem: expect.stringContaining("dd/mm/yyyy") });

    for (let i = 0; i < 7; i++)
      await h.createCompetition({ status: "closed", endDate: new Date(Date.now() - (i + 2) * 3_600_000) });
    const busy = (await admin.v.get(dashboardPage, "/admin")).data.dashboard as Dashboard;
    expect(busy.todo.toDraw.items).toHaveLength(5);
    expect(busy.todo.toDraw.total).toBeGreaterThanOrEqual(7);
    expect(busy.latest.length).toBeLessThanOrEqual(10);
    expect(busy.selling.length).toBeLessThanOrEqual(5);
    expect(busy.perCompetition.rows.length).toBeLessThanOrEqual(5);
  });

  it("says so when its data cannot be loaded", async () => {
    const admin = await signedInAs(h.services, "admin");
    // Everything but the staff check fails, as when the database refuses the dashboard's queries.
    const db = h.services.db;
    const broken = {
      ...h.services,
      db: new Proxy(db, {
        get: (target, prop) =>
          prop === "select"
            ? (...args: Parameters<typeof db.select>) => {
                const query = target.select(...args);
                return new Proxy(query, {
                  get: (q, p) =>
                    p === "from"
                      ? (table: unknown) => {
                          if (table === userRoles) return q.from(userRoles);
                          throw new Error("permission denied");
                        }
                      : Reflect.get(q, p),
                });
              }
            : Reflect.get(target, prop),
      }),
    };
    const out = await run(broken, dashboardPage.loader, makeRequest(h.services, "/admin", admin.v.jar));
    expect(out.status).toBe(200);
    expect(out.data).toEqual({ dashboard: null });
  });

  it("never lets counting a view break the competition page", async () => {
    const comp = await h.createCompetition();
    const failing = {
      ...h.services,
      db: new Proxy(h.services.db, {
        get: (target, prop) =>
          prop === "insert"
            ? () => {
                throw new Error("funnel table is gone");
              }
            : Reflect.get(target, prop),
      }),
    };
    const out = await run(failing, competitionPage.loader, makeRequest(h.services, `/competition/${comp.id}`), {
      id: String(comp.id),
    });
    expect(out.status).toBe(200);
    expect(out.data.competition.id).toBe(comp.id);
    expect(await h.services.db.select().from(funnelEvents).where(eq(funnelEvents.competitionId, comp.id))).toEqual([]);
  });
});
