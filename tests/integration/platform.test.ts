import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { count, eq, min, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  campaignRecipients,
  campaigns,
  competitions,
  complaintReplies,
  complaints,
  emailOutbox,
  orders,
  promoCodes,
  userRoles,
} from "~/db/schema";
import { londonDayKey } from "~/domain/daily-series";
import { readDashboardPeriod } from "~/domain/dashboard-period";
import { formatUkDay } from "~/domain/table-query";
import { getDashboard } from "~/server/admin/dashboard.server";
import { DEMO_BUYER_COUNT } from "~/server/demo/demo-sales";
import { ensureAdmin, seedCompetitionsIfEmpty } from "~/server/demo/seed.server";
import { MARKETING_EVERY } from "~/server/demo/seed-console.server";
import { seedCompetitions } from "~/server/demo/seed-data";
import { artworkFile } from "~/server/platform/artwork.server";
import { loadEnv, loadLogLevel } from "~/server/platform/env.server";
import { deliverDueEmails, enqueueEmail, type Mailer } from "~/server/platform/mail.server";
import { plainEmail } from "../support/mail";
import { createTestServices, type TestServices } from "../support/services";

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.dispose();
});

describe("configuration", () => {
  it("refuses bad values with one readable message naming each", () => {
    expect(() => loadEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", DATA_DIR: services.env.DATA_DIR })).toThrow(
      /Invalid configuration:\n\s+PORT: .*\n\s+DATABASE_URL: must be a postgres:\/\/ URL/,
    );
  });

  it("fills in defaults and keeps a generated secret stable across starts", () => {
    const first = loadEnv({ DATA_DIR: services.env.DATA_DIR });
    const second = loadEnv({ DATA_DIR: services.env.DATA_DIR });
    expect(first.PORT).toBe(3000);
    expect(first.BASE_URL).toBe("http://localhost:3000");
    expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.AUTH_SECRET).toBe(first.AUTH_SECRET);
  });

  it("reads the log level, pool size and migrations folder through the same validation", () => {
    const dataDir = services.env.DATA_DIR;
    const env = loadEnv({ DATA_DIR: dataDir, NODE_ENV: "test" });
    expect(env.LOG_LEVEL).toBe("silent");
    expect(env.DATABASE_POOL_SIZE).toBe(10);
    expect(env.MIGRATIONS_DIR).toBe(path.resolve("drizzle"));
    expect(loadLogLevel({ NODE_ENV: "production" })).toBe("info");
    expect(loadLogLevel({ NODE_ENV: "test", LOG_LEVEL: "debug" })).toBe("debug");
    expect(loadEnv({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: "25" }).DATABASE_POOL_SIZE).toBe(25);
    const bad = { DATA_DIR: dataDir, DATABASE_POOL_SIZE: "lots", LOG_LEVEL: "loud" };
    expect(() => loadEnv(bad)).toThrow(/LOG_LEVEL: .*\n\s+DATABASE_POOL_SIZE: /);
    expect(() => loadLogLevel({ LOG_LEVEL: "loud" })).toThrow(/Invalid configuration:\n\s+LOG_LEVEL: /);
  });
});

describe("database", () => {
  it("is migrated and answers", async () => {
    await services.handle.ping();
    const rows = await services.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name = 'competitions'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it("refuses more tickets sold and reserved than exist", async () => {
    await seedCompetitionsIfEmpty(services);
    const [comp] = await services.db.select().from(competitions).limit(1);
    await expect(
      services.db
        .update(competitions)
        .set({ ticketsReserved: comp!.totalTickets - comp!.ticketsSold + 1 })
        .where(eq(competitions.id, comp!.id)),
    ).rejects.toThrow();
  });
});

describe("seed", () => {
  it("creates the demo competitions once, each with four options containing its answer", async () => {
    await seedCompetitionsIfEmpty(services);
    expect(await seedCompetitionsIfEmpty(services)).toBe(0);
    const rows = await services.db.select().from(competitions);
    expect(rows).toHaveLength(seedCompetitions.length);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      expect(row.skillOptions).toHaveLength(4);
      expect(row.skillOptions).toContain(row.correctAnswer);
      expect(existsSync(artworkFile(row.imageUrl) ?? "")).toBe(true);
    }
    const now = Date.now();
    const ended = seedCompetitions.filter((s) => s.endsInHours < 0);
    expect(rows.filter((r) => r.endDate.getTime() < now)).toHaveLength(ended.length);
    // A newcomer sees every state: a draft, a scheduled one, a cancelled one, the live ones, and those whose
    // closing time has passed closed then, as the lifecycle job would have closed them (the job then draws them).
    const stateOf = new Map(seedCompetitions.map((s) => [s.title, s.demoState]));
    for (const row of rows) {
      const state = stateOf.get(row.title);
      if (state === "cancelled") expect([row.status, row.closedAt]).toEqual(["cancelled", null]);
      else if (state) expect([row.status, row.closedAt]).toEqual([state, null]);
      else
        expect([row.status, row.closedAt]).toEqual(
          row.endDate.getTime() < now ? ["closed", row.endDate] : ["active", null],
        );
    }
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(["draft", "scheduled", "active", "closed", "cancelled"]),
    );
    expect(rows.some((r) => r.ticketsSold / r.totalTickets >= 0.97)).toBe(true);
    expect(rows.filter((r) => r.featured).length).toBeGreaterThanOrEqual(3);
  });

  it("backs every ticket a demo competition shows as sold with a paid order and a numbered ticket", async () => {
    await seedCompetitionsIfEmpty(services);
    const rows = await services.db.execute(sql`
      select c.id, c.tickets_sold as sold, c.total_tickets as total,
        (select count(*)::int from tickets t where t.competition_id = c.id and t.withdrawn_at is null) as issued,
        (select coalesce(max(t.ticket_number), 0)::int from tickets t where t.competition_id = c.id) as highest,
        (select coalesce(sum(l.quantity), 0)::int from order_lines l join orders o on o.id = l.order_id
          where l.competition_id = c.id and o.payment_status = 'paid') as paid,
        (select count(*)::int from tickets t where t.competition_id = c.id and not t.is_correct_answer) as wrong
      from competitions c`);
    const sales = (
      rows as unknown as {
        rows: { sold: number; total: number; issued: number; highest: number; paid: number; wrong: number }[];
      }
    ).rows;
    expect(sales).toHaveLength(seedCompetitions.length);
    for (const s of sales) {
      expect([s.issued, s.paid]).toEqual([s.sold, s.sold]);
      expect(s.highest).toBeLessThanOrEqual(s.total);
    }
    // Some entrants answered wrongly, as they do: their tickets are paid entries that cannot win.
    expect(sales.reduce((n, s) => n + s.wrong, 0)).toBeGreaterThan(0);
  });

  it("gives each competition's tickets numbers within 1 to its total, each once, and holds nothing", async () => {
    await seedCompetitionsIfEmpty(services);
    // The demo's sales take their numbers by lucky dip, as a buyer who chooses none does (ADR 031).
    const rows = await services.db.execute(sql`
      select c.id, c.tickets_sold as sold, c.tickets_reserved as reserved, c.total_tickets as total,
        count(distinct t.ticket_number)::int as distinct, count(t.id)::int as issued,
        coalesce(min(t.ticket_number), 1)::int as lowest, coalesce(max(t.ticket_number), 0)::int as highest
      from competitions c left join tickets t on t.competition_id = c.id group by c.id`);
    const numbering = (rows as unknown as { rows: Record<string, number>[] }).rows;
    expect(numbering).toHaveLength(seedCompetitions.length);
    for (const n of numbering) {
      expect([n.distinct, n.issued, n.reserved]).toEqual([n.sold, n.sold, 0]);
      expect(n.lowest).toBeGreaterThanOrEqual(1);
      expect(n.highest).toBeLessThanOrEqual(n.total as number);
    }
  });

  it("shows on the dashboard the revenue, orders and tickets its paid orders add up to", async () => {
    await seedCompetitionsIfEmpty(services);
    const [paid] = (
      (await services.db.execute(sql`
        select count(*)::int as orders, coalesce(sum(o.total_amount_pence), 0)::int as pence,
          (select coalesce(sum(l.quantity), 0)::int from order_lines l join orders p on p.id = l.order_id
            where p.payment_status = 'paid') as tickets,
          (select coalesce(sum(l.total_pence), 0)::int from order_lines l
            join orders p on p.id = l.order_id where p.payment_status = 'paid') as priced,
          (select count(*)::int from order_lines l where l.discount_pence > 0) as discounted
        from orders o where o.payment_status = 'paid'`)) as unknown as { rows: Record<string, number>[] }
    ).rows;
    // A period from the first sale to today holds every sale, so the dashboard's figures are the whole shop's.
    const [first] = await services.db.select({ at: min(orders.paidAt) }).from(orders);
    const since = {
      from: formatUkDay(londonDayKey(first?.at ?? new Date())),
      to: formatUkDay(londonDayKey(new Date())),
    };
    const { cards } = await getDashboard(services, readDashboardPeriod(new URLSearchParams(since), new Date()));
    expect(paid!.orders).toBeGreaterThan(50);
    // Priced by the checkout: the lines add up to the orders, and multi-ticket discounts were applied.
    expect(paid!.pence).toBe(paid!.priced);
    expect(paid!.discounted).toBeGreaterThan(0);
    expect(cards).toMatchObject({
      revenuePence: { current: paid!.pence, previous: 0 },
      paidOrders: { current: paid!.orders, previous: 0 },
      paidTickets: paid!.tickets,
    });
    const seeded = seedCompetitions.reduce((n, s) => n + s.ticketsSold, 0);
    expect(cards.paidTickets).toBe(seeded);
  });

  it("made the competitions through the staff use-cases and moved them with the lifecycle", async () => {
    await seedCompetitionsIfEmpty(services);
    const rows = await services.db.execute(sql`
      select action, count(*)::int as n from audit_log where subject like 'competition:%' group by action`);
    const actions = Object.fromEntries(
      (rows as unknown as { rows: { action: string; n: number }[] }).rows.map((r) => [r.action, r.n]),
    );
    const closed = seedCompetitions.filter((s) => s.endsInHours < 0).length;
    const inState = (state: string) => seedCompetitions.filter((s) => s.demoState === state).length;
    expect(actions).toMatchObject({
      "competition.created": seedCompetitions.length,
      "competition.scheduled": seedCompetitions.length - inState("draft"),
      "competition.went_live": seedCompetitions.length - inState("draft") - inState("scheduled"),
      "competition.closed": closed,
      "competition.cancel": inState("cancelled"),
    });
  });

  it("gives the console a complaint with a reply, a sent and a draft campaign, a live and a lapsed code", async () => {
    await seedCompetitionsIfEmpty(services);
    const now = Date.now();
    const threads = await services.db.select().from(complaints);
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ status: "answered", userId: "demo-buyer-02" });
    const replies = await services.db.select().from(complaintReplies);
    expect(replies.map((r) => [r.complaintId, r.final])).toEqual([[threads[0]!.id, false]]);

    const rows = await services.db.select().from(campaigns).orderBy(campaigns.id);
    expect(rows.map((c) => c.state)).toEqual(["sent", "draft"]);
    // Sent to the demo buyers who chose marketing at sign-up, each a queued e-mail: no count without recipients.
    const consenting = Math.ceil(DEMO_BUYER_COUNT / MARKETING_EVERY);
    const recipients = await services.db.select().from(campaignRecipients);
    expect(recipients).toHaveLength(consenting);
    expect(recipients.every((r) => r.campaignId === rows[0]!.id && r.status === "queued")).toBe(true);
    const [mail] = await services.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.kind, "campaign"));
    expect(mail?.n).toBe(consenting);

    const codes = await services.db.select().from(promoCodes).orderBy(promoCodes.code);
    expect(codes.map((c) => [c.code, c.active])).toEqual([
      ["SPRING-FAIR", true],
      ["WELCOME10", true],
    ]);
    expect(codes[0]!.endsAt!.getTime()).toBeLessThan(now);
    expect(codes[1]!.endsAt).toBeNull();
  });

  it("creates an admin once with printed credentials when none is configured", async () => {
    const first = await ensureAdmin(services);
    expect(first?.email).toBe("admin@paddock.local");
    expect(first?.password.length).toBeGreaterThanOrEqual(12);
    expect(await ensureAdmin(services)).toBeUndefined();
    const [admins] = await services.db.select({ n: count() }).from(userRoles).where(eq(userRoles.role, "admin"));
    expect(admins?.n).toBe(1);
    const signIn = await services.auth.api.signInEmail({ body: { email: first!.email, password: first!.password } });
    expect(signIn.user.email).toBe("admin@paddock.local");
  });
});

describe("mail outbox", () => {
  // These tests deliver the outbox themselves: the services' own worker must not claim their messages first.
  beforeAll(async () => {
    await services.mail.stop();
  });

  it("delivers a queued message once, even when two workers race", async () => {
    await enqueueEmail(services.db, {
      to: "someone@example.test",
      subject: "Race",
      content: plainEmail("hello"),
      kind: "test-race",
    });
    const sent: string[] = [];
    const mailer: Mailer = { describe: "memory", send: async (m) => void sent.push(m.subject) };
    await Promise.all([
      deliverDueEmails(services.db, mailer, "from@example.test"),
      deliverDueEmails(services.db, mailer, "from@example.test"),
    ]);
    expect(sent.filter((s) => s === "Race")).toHaveLength(1);
    const [row] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "test-race"));
    expect(row?.status).toBe("sent");
  });

  it("retries a failed send later with backoff instead of losing it", async () => {
    await enqueueEmail(services.db, {
      to: "x@example.test",
      subject: "Flaky",
      content: plainEmail("t"),
      kind: "test-flaky",
    });
    const failing: Mailer = { describe: "down", send: async () => Promise.reject(new Error("SMTP down")) };
    await deliverDueEmails(services.db, failing, "from@example.test");
    const [row] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "test-flaky"));
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP down" });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("writes .eml files under DATA_DIR/mail when no SMTP server is configured", async () => {
    await enqueueEmail(services.db, {
      to: "file@example.test",
      subject: "To a file",
      content: plainEmail("body text"),
      headers: { "List-Unsubscribe": "<https://paddock.test/u?t=1>" },
      kind: "test-file",
    });
    await deliverDueEmails(services.db, services.mailer, services.env.MAIL_FROM);
    const dir = path.join(services.env.DATA_DIR, "mail");
    const files = readdirSync(dir).filter((f) => f.includes("test-file"));
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(dir, files[0]!), "utf8");
    expect(raw).toMatch(/^To: file@example.test$/m);
    expect(raw).toMatch(/^Subject: To a file$/m);
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/paddock.test\/u\?t=1>$/m);
  });
});
