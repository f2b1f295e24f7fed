// Shared set-up for the checkout, fulfilment, reconciler, basket and protection tests: real services on a fresh
// database, plus the Stripe stand-in and the webhook endpoint served over HTTP by a small Express app, so the
// app's provider (the official Stripe SDK) talks to the stand-in exactly as it would to Stripe.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "better-auth/node";
import { and, asc, eq, sql } from "drizzle-orm";
import express from "express";
import type pg from "pg";
import { afterEach } from "vitest";
import {
  competitions,
  emailOutbox,
  type NewCompetition,
  orders,
  profiles,
  stripeStandinSessions,
  ticketNumbers,
  tickets,
  user,
  walletLedger,
} from "~/db/schema";
import { type CheckoutLineInput, startCheckout } from "~/server/checkout/checkout.server";
import { createCompetition, createVerifiedUser, SAMPLE_SKILL_QUESTION } from "~/server/demo/factories.server";
import { creditWallet } from "~/server/instant-wins/wallet.server";
import { authHandler } from "~/server/platform/auth.server";
import type { Database } from "~/server/platform/db.server";
import {
  type CreateCheckoutSessionInput,
  createPaymentProvider,
  standinCredentials,
} from "~/server/platform/payments.server";
import { databaseUnavailableErrors } from "../../server/database-unavailable";
import { mountPayments } from "../../server/payments";
import { signPayload } from "../../server/stand-ins/payments";
import { useFileValue } from "../support/file-value";
import { createTestServices, type TestServices } from "../support/services";

export const CORRECT = SAMPLE_SKILL_QUESTION.correctAnswer;
export const WRONG = SAMPLE_SKILL_QUESTION.skillOptions.find((option) => option !== CORRECT)!;

const eligibleProfile = () => ({ dateOfBirth: "1990-05-01", country: "GB", eligibilityConfirmedAt: new Date() });

export type Harness = Awaited<ReturnType<typeof createCheckoutHarness>>;

/** `env` overrides the test services' environment (as createTestServices takes it). */
export async function createCheckoutHarness(env: Record<string, string> = {}) {
  const services = await createTestServices(env);
  const realNow = services.now;
  const app = express();
  const control = { webhooksDown: false };
  app.post("/api/stripe/webhook", (_req, res, next) => {
    if (control.webhooksDown) res.status(503).json({ error: "down for the test" });
    else next();
  });
  // Mounted as the app mounts it (server/app.ts): a database outage answers 503.
  app.all("/api/auth/{*splat}", toNodeHandler(authHandler(services.auth)));
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = () =>
    createPaymentProvider({
      baseUrl: services.env.BASE_URL,
      standinApiOrigin: baseUrl,
      authSecret: services.env.AUTH_SECRET,
    });
  services.payments = provider();
  // The webhook retries are not started, so a test decides when (and whether) a failed event arrives
  // (`standin.webhooks.deliverDue()`); the stand-in keeps the app's clock, so a test that moves time moves it for
  // the provider too.
  const standin = await mountPayments(app, services, {
    publicBaseUrl: baseUrl,
    standin: { now: () => services.now() },
  });
  if (!standin) throw new Error("the checkout harness needs the payment stand-in");
  app.use(databaseUnavailableErrors(services));
  const credentials = standinCredentials(services.env.AUTH_SECRET);

  const harness = {
    services,
    baseUrl,
    control,
    standin,
    /** Points the app's provider somewhere nothing listens (a provider outage), or back at the stand-in. */
    providerDown(down: boolean) {
      services.payments = down
        ? createPaymentProvider({
            baseUrl: services.env.BASE_URL,
            standinApiOrigin: "http://127.0.0.1:9",
            authSecret: services.env.AUTH_SECRET,
          })
        : provider();
    },
    /** Runs `act` while the provider cannot be reached, then puts the provider back. */
    async whileProviderDown<T>(act: () => Promise<T>): Promise<T> {
      harness.providerDown(true);
      try {
        return await act();
      } finally {
        harness.providerDown(false);
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await untilPoolClosed(services);
      await services.dispose();
    },

    async createBuyer(options: { eligible?: boolean; email?: string } = {}) {
      const id = randomUUID();
      const email = options.email ?? `buyer-${id.slice(0, 8)}@example.test`;
      await services.db.insert(user).values({ id, name: "Test Buyer", email, emailVerified: true });
      await services.db
        .insert(profiles)
        .values({ userId: id, email, ...(options.eligible === false ? {} : eligibleProfile()) });
      return { id, email };
    },

    /** A buyer whose wallet holds `pence` of site credit (won in an instant win, the only credit there is today). */
    async buyerWithCredit(pence: number) {
      const buyer = await harness.createBuyer();
      if (pence > 0)
        await creditWallet(services.db, {
          userId: buyer.id,
          amountPence: pence,
          reason: "instant-win",
          ref: `instant-win:test-${randomUUID()}`,
          at: services.now(),
        });
      return buyer;
    },

    /** A real account made through better-auth and signed in over HTTP: returns its session cookie. */
    async signedInBuyer() {
      const { id, email, password } = await createVerifiedUser(services, { name: "Signed Buyer" });
      await services.db.update(profiles).set(eligibleProfile()).where(eq(profiles.userId, id));
      const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: services.env.BASE_URL },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
      const cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      return { id, email, cookie };
    },

    createCompetition(overrides: Partial<NewCompetition> = {}) {
      return createCompetition(services.db, overrides);
    },

    checkout(
      buyer: { id: string; email: string },
      lines: CheckoutLineInput[],
      options: { key?: string; source?: "single" | "basket"; promoCode?: string; useSiteCredit?: boolean } = {},
    ) {
      return startCheckout(services, {
        userId: buyer.id,
        email: buyer.email,
        lines,
        idempotencyKey: options.key ?? randomUUID(),
        source: options.source ?? "single",
        promoCode: options.promoCode,
        useSiteCredit: options.useSiteCredit,
      });
    },

    /** A new buyer checks out and pays at the stand-in; the webhook fulfils the order. */
    /** A paid order; `numbers` are chosen numbers (none: a lucky dip, ADR 031). */
    async paidOrder(competitionId: number, quantity: number, skillAnswer: string = CORRECT, numbers?: number[]) {
      const buyer = await harness.createBuyer();
      const started = await harness.checkout(buyer, [{ competitionId, quantity, skillAnswer, numbers }]);
      if (!started.ok) throw new Error(started.message);
      const paid = await harness.pay(started.url);
      if (paid.status !== 303) throw new Error(`payment answered ${paid.status}`);
      const order = await harness.order(started.orderId);
      if (order.paymentStatus !== "paid") throw new Error(`order ${order.id} is ${order.paymentStatus}, not paid`);
      return { buyer, orderId: started.orderId, sessionId: sessionIdFromUrl(started.url) };
    },

    /** Submits the stand-in's hosted payment form, as a browser would. */
    async pay(url: string, card = "4242 4242 4242 4242") {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ cardNumber: card, expiry: "12 / 34", cvc: "123", name: "Test Buyer" }),
        redirect: "manual",
      });
      return { status: response.status, location: response.headers.get("location"), html: await response.text() };
    },

    /** Pays while the webhook endpoint is down: the provider has the money, the app has heard nothing. */
    async payUnannounced(url: string, card?: string) {
      control.webhooksDown = true;
      try {
        return await harness.pay(url, card);
      } finally {
        control.webhooksDown = false;
      }
    },

    /** Posts a Stripe-signed event to the webhook endpoint, exactly as the provider does. */
    async deliver(type: string, session: Record<string, unknown>, options: { secret?: string } = {}) {
      const payload = JSON.stringify({
        id: `evt_${randomUUID()}`,
        object: "event",
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object: session },
      });
      const response = await fetch(`${baseUrl}/api/stripe/webhook`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": signPayload(
            payload,
            options.secret ?? credentials.webhookSecret,
            Math.floor(Date.now() / 1000),
          ),
        },
        body: payload,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },

    /** The stand-in's session as Stripe's JSON (what a webhook event carries). */
    async sessionJson(sessionId: string) {
      const response = await fetch(`${baseUrl}/stripe-standin/v1/checkout/sessions/${sessionId}`, {
        headers: { Authorization: `Bearer ${credentials.apiKey}` },
      });
      return (await response.json()) as Record<string, unknown>;
    },

    async order(orderId: string) {
      const [row] = await services.db.select().from(orders).where(eq(orders.id, orderId));
      if (!row) throw new Error(`no order ${orderId}`);
      return row;
    },

    async competition(id: number) {
      const [row] = await services.db.select().from(competitions).where(eq(competitions.id, id));
      if (!row) throw new Error(`no competition ${id}`);
      return row;
    },

    async ticketsOf(competitionId: number) {
      return services.db
        .select()
        .from(tickets)
        .where(eq(tickets.competitionId, competitionId))
        .orderBy(asc(tickets.ticketNumber));
    },

    /** The numbers an order holds or owns (all competitions), ascending. */
    async numbersOf(orderId: string) {
      const rows = await services.db
        .select({ n: ticketNumbers.ticketNumber })
        .from(ticketNumbers)
        .where(eq(ticketNumbers.orderId, orderId))
        .orderBy(asc(ticketNumbers.ticketNumber));
      return rows.map((r) => r.n);
    },

    async mailTo(email: string, kind?: string) {
      return services.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, email), kind ? eq(emailOutbox.kind, kind) : sql`true`))
        .orderBy(asc(emailOutbox.id));
    },

    async standinSession(sessionId: string) {
      const [row] = await services.db
        .select()
        .from(stripeStandinSessions)
        .where(eq(stripeStandinSessions.id, sessionId));
      if (!row) throw new Error(`no stand-in session ${sessionId}`);
      return row;
    },

    /**
     * Every session request the app makes from now on, in order, as the provider interface receives it; `fail` may
     * make some of them fail. `restore` puts the provider back.
     */
    watchProvider(fail: (input: CreateCheckoutSessionInput, call: number) => Error | null = () => null) {
      const real = services.payments.createCheckoutSession.bind(services.payments);
      const calls: CreateCheckoutSessionInput[] = [];
      services.payments.createCheckoutSession = async (input) => {
        calls.push(input);
        const error = fail(input, calls.length);
        if (error) throw error;
        return real(input);
      };
      return { calls, restore: () => Object.assign(services.payments, { createCheckoutSession: real }) };
    },

    /** Moves the clock of the app and the stand-in, as time passing would. */
    advanceClock(ms: number) {
      const offset = ms;
      const previous = services.now;
      services.now = () => new Date(previous().getTime() + offset);
    },

    /** Puts the clock back to real time, so a test that moved it leaves nothing behind for the next. */
    resetClock() {
      services.now = realNow;
    },
  };
  return harness;
}

/**
 * pg's Pool.end() resolves before its clients have finished closing their connections, and the test database is
 * then dropped WITH (FORCE), which terminates those backends mid-goodbye and surfaces as an unhandled error. This
 * makes the handle's close wait for every client's own 'remove' (emitted once its connection has ended).
 */
async function untilPoolClosed(services: TestServices) {
  if (services.handle.kind !== "postgres") return;
  const pool = (services.db as unknown as { $client: pg.Pool }).$client;
  const close = services.handle.close.bind(services.handle);
  services.handle.close = async () => {
    let open = pool.totalCount;
    const allRemoved = new Promise<void>((resolve) => {
      if (open === 0) resolve();
      pool.on("remove", () => {
        if (--open <= 0) resolve();
      });
    });
    await close();
    await Promise.race([allRemoved, new Promise((r) => setTimeout(r, 2000))]);
  };
}

/**
 * A harness for the whole file: made before its first test, closed after its last, the clock put back after each
 * test (unless `resetClock` is false: the file's tests then see where the ones before them moved it). Call at the
 * top of a test file; the returned function gives the harness inside tests.
 */
export function useCheckoutHarness(
  env: Record<string, string> = {},
  { resetClock = true }: { resetClock?: boolean } = {},
): () => Harness {
  const harness = useFileValue(
    () => createCheckoutHarness(env),
    (made) => made.close(),
  );
  if (resetClock) afterEach(() => harness().resetClock());
  return harness;
}

/** The wallet's movements for an order, oldest first, as "reason amount" ("checkout -500"). */
export async function walletMovementsOf(db: Database, orderId: string) {
  const rows = await db
    .select({ reason: walletLedger.reason, amountPence: walletLedger.amountPence })
    .from(walletLedger)
    .where(eq(walletLedger.ref, orderId))
    .orderBy(asc(walletLedger.id));
  return rows.map((m) => `${m.reason} ${m.amountPence}`);
}

/**
 * A copy of a database handle (so the holds sent on it make a group of their own, ADR 039) whose first statement (the
 * first hold, sent alone) waits until `release`; the number of holds in every statement sent is recorded in `groups`.
 */
export function gatedHoldDatabase(db: Database) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const groups: number[] = [];
  let first = true;
  const execute = async (query: Parameters<Database["execute"]>[0]) => {
    if (first) {
      first = false;
      await gate;
    }
    const result = await db.execute(query);
    const held = (result.rows[0] as { held?: unknown } | undefined)?.held;
    if (Array.isArray(held)) groups.push(held.length);
    return result;
  };
  const gated = new Proxy(db, {
    get: (target, prop, receiver) => (prop === "execute" ? execute : Reflect.get(target, prop, receiver)),
  });
  return { db: gated, groups, release };
}

export function sessionIdFromUrl(url: string) {
  const id = url.split("/").pop();
  if (!id?.startsWith("cs_test_")) throw new Error(`not a stand-in session url: ${url}`);
  return id;
}
