// A failover or a PostgreSQL restart cuts the app's connections (issue 29): the process stays up, what was in flight
// answers 503 "try again" (never a sign-out), and the pool makes new connections for what comes next.
import { sql } from "drizzle-orm";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE } from "~/content/unavailable";
import { findSession } from "~/server/platform/auth.server";
import { requestContext } from "~/server/platform/context";
import { isDatabaseUnavailable } from "~/server/platform/db.server";
import { logger } from "~/server/platform/logger.server";
import { withDatabaseUnavailablePages } from "../../server/database-unavailable";
import { CORRECT, createCheckoutHarness, type Harness } from "./checkout-harness";

const onPostgres = process.env.TEST_DB_ENGINE === "postgres";

describe("what counts as the database being away", () => {
  it.each([
    ["terminated by an administrator (57P01)", { code: "57P01" }, true],
    ["a server shutting down or starting (57P03)", { code: "57P03" }, true],
    ["a broken connection (08006)", { code: "08006" }, true],
    ["no free connection slot (53300)", { code: "53300" }, true],
    ["refused connection", { code: "ECONNREFUSED" }, true],
    ["a lost socket", new Error("Connection terminated unexpectedly"), true],
    ["a pool that cannot connect in time", new Error("timeout exceeded when trying to connect"), true],
    ["Drizzle's wrapping of a cut query", { message: "Failed query: select 1", cause: { code: "57P01" } }, true],
    [
      "better-auth's wrapping of Drizzle's",
      { message: "Failed to get session", cause: { cause: { code: "08006" } } },
      true,
    ],
    ["a unique violation (a bug or a race, not an outage)", { code: "23505" }, false],
    ["a syntax error", { message: "Failed query: selec", cause: { code: "42601" } }, false],
    ["any other error", new Error("boom"), false],
    ["nothing", null, false],
  ])("%s: %s", (_name, error, unavailable) => {
    expect(isDatabaseUnavailable(error)).toBe(unavailable);
  });
});

describe("pages and forms while the database is away", () => {
  const context = new RouterContextProvider();
  context.set(requestContext, { id: "test", logger });
  const cut = Object.assign(new Error("Failed query: select"), { cause: { code: "57P01" } });
  const build = withDatabaseUnavailablePages({
    routes: {
      page: {
        id: "page",
        path: "page",
        module: {
          loader: async () => {
            throw cut;
          },
          action: async () => {
            throw new Error("a bug");
          },
          middleware: [
            async () => {
              throw cut;
            },
          ],
        },
      },
    },
  } as never);
  const route = build.routes.page!.module;

  it("a loader or a guard that lost the database answers 503, Retry-After and 'try again'", async () => {
    for (const handler of [route.loader, route.middleware?.[0]]) {
      const call = handler as (args: unknown, next?: unknown) => Promise<unknown>;
      const thrown = await call({ context }, () => {}).then(
        () => null,
        (error: unknown) => error,
      );
      expect(thrown).toMatchObject({
        type: "DataWithResponseInit",
        data: { message: DATABASE_UNAVAILABLE.message },
        init: { status: 503, headers: { "Retry-After": String(DATABASE_UNAVAILABLE.retryAfterSeconds) } },
      });
    }
  });

  it("any other error is left as it was (a 500, with its support reference)", async () => {
    await expect((route.action as (args: unknown) => Promise<unknown>)({ context })).rejects.toThrow("a bug");
  });
});

describe.skipIf(!onPostgres)("connections cut under the app (PostgreSQL only)", () => {
  let h: Harness;
  let admin: pg.Client;

  beforeAll(async () => {
    h = await createCheckoutHarness();
    admin = new pg.Client({ connectionString: h.services.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await h?.close();
  });

  /** The app's backends, whatever they are doing (the test's own admin connection left out). */
  const appBackends = async (where = "true") =>
    (
      await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND backend_type = 'client backend' AND ${where}`,
      )
    ).rows.map((r) => r.pid);

  /**
   * Holds `table` locked, starts `request`, and once the app's query is waiting on the lock terminates the backends
   * waiting (as a failover does to every connection), then lets go: the request's query is cut mid-flight.
   */
  async function cutWhileWaiting<T>(table: string, request: () => Promise<T>): Promise<T> {
    await admin.query("BEGIN");
    await admin.query(`LOCK TABLE ${pg.escapeIdentifier(table)} IN ACCESS EXCLUSIVE MODE`);
    const pending = request();
    try {
      await expect
        .poll(() => appBackends("wait_event_type = 'Lock'"), { timeout: 10_000, interval: 50 })
        .not.toHaveLength(0);
      const waiting = await appBackends("wait_event_type = 'Lock'");
      await admin.query("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", [waiting]);
    } finally {
      await admin.query("COMMIT");
    }
    return pending;
  }

  const checkout = (cookie: string, competitionId: number) =>
    fetch(`${h.baseUrl}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: h.services.env.BASE_URL, Cookie: cookie },
      body: JSON.stringify({ competitionId, quantity: 1, skillAnswer: CORRECT }),
    });

  it("a connection cut inside a transaction fails that transaction only; the process goes on", async () => {
    const held = h.services.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      const pid = rows[0]!.pid;
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      // Gone from the server: its client has had the termination message while checked out and idle.
      await expect.poll(() => appBackends(`pid = ${pid}`), { timeout: 10_000, interval: 50 }).toHaveLength(0);
      await tx.execute(sql`select 1`);
    });
    await expect(held).rejects.toSatisfy(isDatabaseUnavailable);
    const { rows } = await h.services.db.execute<{ ok: number }>(sql`select 1 as ok`);
    expect(rows).toEqual([{ ok: 1 }]);
  });

  it("a buyer whose session lookup is cut is told to try again (503), never to sign in; then checks out", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.signedInBuyer();
    const cutShort = await cutWhileWaiting("session", () => checkout(buyer.cookie, comp.id));
    expect(cutShort.status).toBe(503);
    expect(cutShort.headers.get("Retry-After")).toBe(String(DATABASE_UNAVAILABLE.retryAfterSeconds));
    expect(await cutShort.json()).toEqual({ error: DATABASE_UNAVAILABLE.message });
    expect((await checkout(buyer.cookie, comp.id)).status).toBe(200);
  });

  const changePassword = (cookie: string) =>
    fetch(`${h.baseUrl}/api/auth/change-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: h.services.env.BASE_URL, Cookie: cookie },
      body: JSON.stringify({ currentPassword: "wrong-password-1", newPassword: "another-Passw0rd-9" }),
    });

  it("better-auth's endpoint whose session lookup is cut answers 503; the buyer stays signed in", async () => {
    const buyer = await h.signedInBuyer();
    const cutShort = await cutWhileWaiting("session", () => changePassword(buyer.cookie));
    expect(cutShort.status).toBe(503);
    expect(cutShort.headers.get("Retry-After")).toBe(String(DATABASE_UNAVAILABLE.retryAfterSeconds));
    expect(cutShort.headers.getSetCookie()).toEqual([]);
    expect(await cutShort.json()).toMatchObject({ message: DATABASE_UNAVAILABLE.message });
    // Signed in still: the cookie's session is there, and better-auth answers the next call for it (a wrong current
    // password is a 400, not the 401 of a missing session).
    const session = await findSession(h.services.auth, new Headers({ Cookie: buyer.cookie }));
    expect(session?.user.id).toBe(buyer.id);
    expect((await changePassword(buyer.cookie)).status).toBe(400);
  });

  it("a sign-in whose query is cut answers 503, and the next sign-in works", async () => {
    const buyer = await h.signedInBuyer();
    const signIn = () =>
      fetch(`${h.baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: h.services.env.BASE_URL },
        body: JSON.stringify({ email: buyer.email, password: "wrong-password-1" }),
      });
    const cutShort = await cutWhileWaiting("user", signIn);
    expect(cutShort.status).toBe(503);
    expect(cutShort.headers.get("Retry-After")).toBe(String(DATABASE_UNAVAILABLE.retryAfterSeconds));
    expect((await signIn()).status).toBe(401);
  });

  it("a sale whose connection is cut mid-checkout answers 503, and the app answers the next sale", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.signedInBuyer();
    const cutShort = await cutWhileWaiting("competitions", () => checkout(buyer.cookie, comp.id));
    expect(cutShort.status).toBe(503);
    const again = await checkout(buyer.cookie, comp.id);
    expect(again.status).toBe(200);
    expect((await h.competition(comp.id)).ticketsReserved).toBe(1);
  });
});
