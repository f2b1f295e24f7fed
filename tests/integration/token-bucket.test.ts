// The provider's token bucket (ADR 027 §2) is one SQL function, paddock_take_tokens (drizzle/0027), taken in the same
// statement that claims the orders: its rule, case by case, on both engines.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../support/services";

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.dispose();
});

const ENDPOINT = "checkout.sessions.create";
const limits = { rate: 20, burst: 20 };
const t0 = new Date("2026-11-27T12:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

/** Puts the bucket in a state (null: no row yet). */
async function setBucket(state: { tokens: number; refilledAt: Date } | null) {
  await services.db.execute(sql`delete from provider_rate_buckets`);
  if (state)
    await services.db.execute(
      sql`insert into provider_rate_buckets (endpoint, tokens, refilled_at)
        values (${ENDPOINT}, ${state.tokens}::double precision, ${state.refilledAt}::timestamptz)`,
    );
}

async function take(wanted: number, now: Date, { rate, burst } = limits) {
  const result = await services.db.execute<{ took: { taken: number; nextTokenInMs: number } }>(
    sql`select paddock_take_tokens(${ENDPOINT}, ${wanted}::integer, ${now}::timestamptz,
      ${rate}::double precision, ${burst}::double precision) as took`,
  );
  const [row] = (
    await services.db.execute<{ tokens: number; refilled_at: string | Date }>(
      sql`select tokens, refilled_at from provider_rate_buckets where endpoint = ${ENDPOINT}`,
    )
  ).rows;
  return {
    ...(result.rows[0]?.took as { taken: number; nextTokenInMs: number }),
    tokens: Number(row?.tokens),
    refilledAt: new Date(row?.refilled_at as string),
  };
}

describe("the provider's token bucket", () => {
  beforeEach(() => setBucket(null));

  it.each([
    ["an empty bucket, no time passed", { tokens: 0, refilledAt: t0 }, 0, 0],
    ["an empty bucket after 100 ms at 20/s", { tokens: 0, refilledAt: t0 }, 100, 2],
    ["a full bucket never exceeds its burst", { tokens: 20, refilledAt: t0 }, 10_000, 20],
    ["a half bucket after half a second", { tokens: 10, refilledAt: t0 }, 500, 20],
    ["a clock behind the last refill adds nothing", { tokens: 3, refilledAt: at(1000) }, 0, 3],
    ["a corrupt count counts as empty", { tokens: Number.NaN, refilledAt: t0 }, 50, 1],
    ["a negative count counts as empty", { tokens: -5, refilledAt: t0 }, 0, 0],
  ])("%s gives the right tokens", async (_name, state, ms, expected) => {
    await setBucket(state);
    expect((await take(100, at(ms))).taken).toBe(expected);
  });

  it("starts a missing bucket full", async () => {
    expect((await take(100, t0)).taken).toBe(20);
  });

  it("takes only whole tokens, never more than asked or held, and keeps the fraction", async () => {
    await setBucket({ tokens: 2.5, refilledAt: t0 });
    const took = await take(10, t0);
    expect(took.taken).toBe(2);
    expect(took.tokens).toBeCloseTo(0.5, 9);
    expect(took.refilledAt).toEqual(t0);
    await setBucket({ tokens: 20, refilledAt: t0 });
    expect((await take(3, t0)).taken).toBe(3);
    await setBucket({ tokens: 20, refilledAt: t0 });
    expect((await take(-1, t0)).taken).toBe(0);
  });

  it("never moves the refill time back for a caller whose clock is behind: no interval paid twice", async () => {
    const later = at(1000);
    await setBucket({ tokens: 0, refilledAt: later });
    const behind = await take(5, at(400));
    expect(behind.taken).toBe(0);
    expect(behind.refilledAt).toEqual(later);
    // The next caller, on time, gets only what accrued since the real last refill.
    expect((await take(5, at(1100))).taken).toBe(2);
  });

  it("says how long until the next whole token when it has none to give", async () => {
    await setBucket({ tokens: 0.5, refilledAt: t0 });
    const empty = await take(1, t0);
    expect(empty.taken).toBe(0);
    expect(empty.nextTokenInMs).toBe(25);
    await setBucket({ tokens: 5, refilledAt: t0 });
    expect((await take(1, t0)).nextTokenInMs).toBe(0);
  });

  it("over any second of steady demand gives out no more than the rate plus the burst", async () => {
    await setBucket({ tokens: 20, refilledAt: t0 });
    let given = 0;
    for (let ms = 0; ms <= 1000; ms += 7) given += (await take(5, at(ms))).taken;
    expect(given).toBeLessThanOrEqual(20 + 20);
    expect(given).toBeGreaterThanOrEqual(39);
  });
});
