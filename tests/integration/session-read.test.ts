// The session read of every signed-in request (ADR 042): the cookie's signature checked with a key made once, the
// session and its user read in one prepared statement (with the protections and competitions on the hold's path).
// The session is read from the database every time, so a signed-out, revoked or expired session is refused at once
// even though its cookie is still well signed; a forged cookie is refused without any read. Both engines.
import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { playerLimits, session } from "~/db/schema";
import { checkoutBuyer } from "~/server/checkout/checkout-buyer.server";
import { findSession } from "~/server/platform/auth.server";
import { textArrayParameter } from "~/server/platform/prepared.server";
import { CORRECT, useCheckoutHarness } from "./checkout-harness";

const h = useCheckoutHarness();

const COOKIE = "better-auth.session_token";
const DAY_MS = 24 * 60 * 60 * 1000;

const hold = (cookie: string, competitionId: number) =>
  fetch(`${h().baseUrl}/api/checkout`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: h().services.env.BASE_URL, Cookie: cookie },
    body: JSON.stringify({ competitionId, quantity: 1, skillAnswer: CORRECT }),
  });
const holdStatus = (cookie: string, orderId: string) =>
  fetch(`${h().baseUrl}/api/checkout/${orderId}`, { headers: { Cookie: cookie } });

/** The session token a cookie header carries (better-auth's signed cookie: token.signature, URL-encoded). */
const tokenOf = (cookie: string) => {
  const value = decodeURIComponent(cookie.split(`${COOKIE}=`)[1]?.split(";")[0] ?? "");
  return value.slice(0, value.lastIndexOf("."));
};
const expireAt = (token: string, at: Date) =>
  h().services.db.update(session).set({ expiresAt: at }).where(eq(session.token, token));
const signedWith = (token: string, secret: string) =>
  `${COOKIE}=${encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`)}`;

describe("the session read of the hold and its status", () => {
  it("refuses a session signed out or revoked at once, though its cookie is still well signed", async () => {
    const comp = await h().createCompetition();
    const buyer = await h().signedInBuyer();
    const first = await hold(buyer.cookie, comp.id);
    expect(first.status).toBe(200);
    const { orderId } = (await first.json()) as { orderId: string };
    expect((await holdStatus(buyer.cookie, orderId)).status).toBe(200);

    const signOut = await fetch(`${h().baseUrl}/api/auth/sign-out`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: h().services.env.BASE_URL, Cookie: buyer.cookie },
      body: "{}",
    });
    expect(signOut.status).toBe(200);
    expect(await hold(buyer.cookie, comp.id)).toMatchObject({ status: 401 });
    expect(await holdStatus(buyer.cookie, orderId)).toMatchObject({ status: 401 });
    expect(await findSession(h().services.auth, new Headers({ Cookie: buyer.cookie }))).toBeNull();

    // Revoked by staff (the row deleted): the next request is refused.
    const other = await h().signedInBuyer();
    expect(await findSession(h().services.auth, new Headers({ Cookie: other.cookie }))).toMatchObject({
      user: { id: other.id },
    });
    await h()
      .services.db.delete(session)
      .where(eq(session.token, tokenOf(other.cookie)));
    expect(await hold(other.cookie, comp.id)).toMatchObject({ status: 401 });
    expect(await findSession(h().services.auth, new Headers({ Cookie: other.cookie }))).toBeNull();
  });

  it("refuses an expired session and removes it, as better-auth does", async () => {
    const comp = await h().createCompetition();
    const buyer = await h().signedInBuyer();
    const token = tokenOf(buyer.cookie);
    await expireAt(token, new Date(Date.now() - 60_000));
    expect(await hold(buyer.cookie, comp.id)).toMatchObject({ status: 401 });
    expect(await h().services.db.select().from(session).where(eq(session.token, token))).toEqual([]);
  });

  it("lets a session due to be renewed in, and better-auth moves its expiry on", async () => {
    const comp = await h().createCompetition();
    const buyer = await h().signedInBuyer();
    const token = tokenOf(buyer.cookie);
    // 30 days' sessions renewed once a day: one that ends in two days was last renewed 28 days ago.
    await expireAt(token, new Date(Date.now() + 2 * DAY_MS));
    expect(await hold(buyer.cookie, comp.id)).toMatchObject({ status: 200 });
    const [renewed] = await h().services.db.select().from(session).where(eq(session.token, token));
    expect(renewed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it("refuses a forged cookie: another secret's signature, another token's, or none", async () => {
    const comp = await h().createCompetition();
    const buyer = await h().signedInBuyer();
    const token = tokenOf(buyer.cookie);
    const secret = h().services.env.AUTH_SECRET;
    // The test signs as the app does: with the app's secret the cookie is good, so the refusals below are the
    // signature's.
    expect(await hold(signedWith(token, secret), comp.id)).toMatchObject({ status: 200 });
    expect(await hold(signedWith(token, `${secret}-not`), comp.id)).toMatchObject({ status: 401 });
    const anotherTokens = decodeURIComponent(signedWith("another-token", secret)).split(".").pop();
    const swapped = `${COOKIE}=${encodeURIComponent(`${token}.${anotherTokens}`)}`;
    expect(await hold(swapped, comp.id)).toMatchObject({ status: 401 });
    expect(await hold(`${COOKIE}=${token}`, comp.id)).toMatchObject({ status: 401 });
    expect(await findSession(h().services.auth, new Headers({ Cookie: signedWith(token, "another") }))).toBeNull();
  });

  it("reads buyers who ask together in one group, each with their own session, limits and competitions", async () => {
    const [first, second] = [await h().createCompetition(), await h().createCompetition()];
    const [limited, other] = [await h().signedInBuyer(), await h().signedInBuyer()];
    await h().services.db.insert(playerLimits).values({ userId: limited.id, monthlyLimitPence: 1234 });
    const ask = (cookie: string, ids: number[]) =>
      checkoutBuyer(h().services, { cookie, all: () => new Headers({ Cookie: cookie }) }, ids);
    const signedOut = signedWith("no-such-token", h().services.env.AUTH_SECRET);
    // Asked at once: the first read goes alone, the others wait for it and go together in one statement.
    const [a, b, c, d] = await Promise.all([
      ask(limited.cookie, [first.id]),
      ask(other.cookie, [second.id, first.id]),
      ask(signedOut, [first.id]),
      ask(limited.cookie, [second.id]),
    ]);
    const seen = (answer: typeof a) => ({
      user: answer?.session.user.id,
      limit: answer?.prefetched?.facts.monthlyLimitPence,
      competitions: answer?.prefetched?.facts.alongside?.map((comp) => comp.id).sort((x, y) => x - y),
    });
    expect(seen(a)).toEqual({ user: limited.id, limit: 1234, competitions: [first.id] });
    expect(seen(b)).toEqual({ user: other.id, limit: null, competitions: [first.id, second.id].sort((x, y) => x - y) });
    expect(c).toBeNull();
    expect(seen(d)).toEqual({ user: limited.id, limit: 1234, competitions: [second.id] });
  });

  it("passes tokens as an array no value can end or split", async () => {
    const values = ['quote"d', "back\\slash", "com,ma", "{brace}", "plain", ""];
    const { rows } = await h().services.db.execute<{ values: string[] }>(
      sql`select ${textArrayParameter(values)}::text[] as values`,
    );
    expect(rows[0]?.values).toEqual(values);
  });
});
