// The Stripe stand-in is served only without STRIPE_SECRET_KEY, and its code is loaded only then (issue 22).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { loadEnv } from "~/server/platform/env.server";
import { mountPayments } from "../../server/payments";
import { listen } from "../support/http-server";
import { createTestServices, type TestServices } from "../support/services";

// Counts the times the app imports the stand-in's folder (its module is evaluated once, on its first import).
const standinModule = vi.hoisted(() => ({ loads: 0 }));
vi.mock("../../server/stand-ins/payments", async (importOriginal) => {
  standinModule.loads++;
  return importOriginal();
});

let services: TestServices | undefined;
afterEach(async () => {
  await services?.dispose();
  services = undefined;
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), "paddock-switch-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Mounts the payment endpoints as the app does and asks for the stand-in's hosted page and API. */
async function standinAnswers(env: Record<string, string>) {
  services = await createTestServices(env);
  const app = express();
  const standin = await mountPayments(app, services);
  const server = await listen(app);
  try {
    const base = `http://127.0.0.1:${server.port}/stripe-standin`;
    const page = await fetch(`${base}/pay/cs_test_none`);
    const api = await fetch(`${base}/v1/checkout/sessions/cs_test_none`);
    return { standin, page: page.status, api: api.status };
  } finally {
    await server.close();
  }
}

describe("the payment stand-in's switch", () => {
  // First: the stand-in's module must not have been evaluated by anything before this test.
  it("with STRIPE_SECRET_KEY set serves no stand-in and never loads its code", async () => {
    const answered = await standinAnswers({ STRIPE_SECRET_KEY: "sk_test_real", STRIPE_WEBHOOK_SECRET: "whsec_real" });
    expect(answered).toEqual({ standin: undefined, page: 404, api: 404 });
    expect(standinModule.loads).toBe(0);
  });

  it("without STRIPE_SECRET_KEY loads it on demand and serves its page and API", async () => {
    const answered = await standinAnswers({});
    expect(answered.standin).toBeDefined();
    expect(standinModule.loads).toBe(1);
    expect(answered.page).toBe(404);
    // The API asks for its key before anything else.
    expect(answered.api).toBe(401);
  });

  it("with STRIPE_STANDIN_URL serves no stand-in: its payment page is the other process's (ADR 040)", async () => {
    const answered = await standinAnswers({ STRIPE_STANDIN_URL: "http://127.0.0.1:4999" });
    expect(answered).toMatchObject({ standin: undefined, page: 404, api: 404 });
    expect(services?.payments).toMatchObject({ mode: "standin", checkoutOrigins: ["http://127.0.0.1:4999"] });
    expect(() =>
      loadEnv({ DATA_DIR: dataDir, STRIPE_STANDIN_URL: "http://127.0.0.1:4999", STRIPE_SECRET_KEY: "sk_live_x" }),
    ).toThrow("STRIPE_STANDIN_URL: cannot be used with STRIPE_SECRET_KEY");
    expect(() => loadEnv({ DATA_DIR: dataDir, STRIPE_STANDIN_URL: "ftp://x" })).toThrow(/STRIPE_STANDIN_URL: /);
  });

  it("refuses PAYMENTS_STAND_IN=false without a Stripe key, and =true beside one", () => {
    expect(() => loadEnv({ DATA_DIR: dataDir, PAYMENTS_STAND_IN: "false" })).toThrow(
      "STRIPE_SECRET_KEY: required when PAYMENTS_STAND_IN=false",
    );
    expect(() => loadEnv({ DATA_DIR: dataDir, PAYMENTS_STAND_IN: "true", STRIPE_SECRET_KEY: "sk_live_x" })).toThrow(
      "PAYMENTS_STAND_IN: true cannot be used with STRIPE_SECRET_KEY",
    );
    expect(loadEnv({ DATA_DIR: dataDir, PAYMENTS_STAND_IN: "false", STRIPE_SECRET_KEY: "sk_live_x" })).toMatchObject({
      PAYMENTS_STAND_IN: false,
    });
    expect(() => loadEnv({ DATA_DIR: dataDir, PAYMENTS_STAND_IN: "maybe" })).toThrow(/PAYMENTS_STAND_IN: /);
  });

  it("reads STRIPE_STANDIN_RATE_LIMIT as a whole number of requests a second, 25 unless set", () => {
    expect(loadEnv({ DATA_DIR: dataDir }).STRIPE_STANDIN_RATE_LIMIT).toBe(25);
    expect(loadEnv({ DATA_DIR: dataDir, STRIPE_STANDIN_RATE_LIMIT: "0" }).STRIPE_STANDIN_RATE_LIMIT).toBe(0);
    for (const bad of ["-1", "2.5", "fast"]) {
      expect(() => loadEnv({ DATA_DIR: dataDir, STRIPE_STANDIN_RATE_LIMIT: bad })).toThrow(
        /STRIPE_STANDIN_RATE_LIMIT: /,
      );
    }
  });
});
