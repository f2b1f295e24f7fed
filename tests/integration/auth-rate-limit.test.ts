import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as authRoute from "~/routes/accounts/auth";
import * as forgot from "~/routes/accounts/forgot-password";
import * as signin from "~/routes/accounts/signin";
import { createTestServices, type TestServices } from "../support/services";
import { visitor } from "./auth-helpers";

let services: TestServices;

beforeAll(async () => {
  // Limits are off by default under NODE_ENV=test (and in the e2e run, where every browser is 127.0.0.1).
  services = await createTestServices({ AUTH_RATE_LIMIT: "true" });
});
afterAll(async () => {
  await services?.dispose();
});

const TOO_MANY = "Too many attempts. Please wait a minute and try again.";

describe("rate limits, per client address", () => {
  it("allows five sign-ins a minute, then refuses even the right password; other addresses unaffected", async () => {
    const attacker = visitor(services, "198.51.100.1");
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await attacker.post(signin, "/signin", {
            intent: "signin",
            email: "victim@example.test",
            password: `guess-number-${i}`,
          })
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const sixth = await attacker.post(signin, "/signin", {
      intent: "signin",
      email: "victim@example.test",
      password: "guess-number-6",
    });
    expect(sixth.status).toBe(429);
    expect(sixth.data.notice.description).toBe(TOO_MANY);
    const neighbour = visitor(services, "198.51.100.2");
    expect(
      (
        await neighbour.post(signin, "/signin", {
          intent: "signin",
          email: "victim@example.test",
          password: "x-y-z-w-v",
        })
      ).status,
    ).toBe(401);
  });

  it("allows three sign-ups a minute from one address", async () => {
    const v = visitor(services, "198.51.100.3");
    const form = (n: number) => ({
      intent: "signup",
      firstName: "Rate",
      lastName: "Limited",
      email: `limit-${n}@example.test`,
      password: "a-sturdy-password-9",
      confirmPassword: "a-sturdy-password-9",
    });
    for (let n = 0; n < 3; n++) expect((await v.post(authRoute, "/auth", form(n))).status).toBe(200);
    const fourth = await v.post(authRoute, "/auth", form(3));
    expect(fourth.status).toBe(429);
    expect(fourth.data.notice.description).toBe(TOO_MANY);
  });

  it("allows three password-reset requests per five minutes from one address", async () => {
    const v = visitor(services, "198.51.100.4");
    for (let n = 0; n < 3; n++)
      expect((await v.post(forgot, "/forgot-password", { email: `someone-${n}@example.test` })).status).toBe(200);
    const fourth = await v.post(forgot, "/forgot-password", { email: "someone-4@example.test" });
    expect(fourth.status).toBe(429);
    expect(fourth.data.notice.description).toBe(TOO_MANY);
  });

  it("applies the same limits to better-auth's own endpoint", async () => {
    const hit = () =>
      services.auth.handler(
        new Request(`${services.env.BASE_URL}/api/auth/sign-in/email`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: services.env.BASE_URL,
            "x-paddock-client-ip": "198.51.100.9",
          },
          body: JSON.stringify({ email: "api@example.test", password: "wrong-password-1" }),
        }),
      );
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await hit()).status);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});
