import { describe, expect, it } from "vitest";
import { app } from "./support/app";

describe("the production server's edges", () => {
  it("does not announce Express on pages, data requests or the inner app's own routes", async () => {
    const { baseUrl } = await app();
    for (const path of ["/", "/competitions", "/competitions.data", "/healthz", "/no-such-page"]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.headers.get("x-powered-by"), path).toBeNull();
    }
  });

  it("refuses a 70 KB contact form with 413 and a clear message before reading it", async () => {
    const { baseUrl, services } = await app();
    const before = await services.db.$count((await import("~/db/schema")).contactSubmissions);
    const res = await fetch(`${baseUrl}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: new URLSearchParams({ name: "A", email: "a@example.test", subject: "S", message: "x".repeat(70_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("This request is too large: at most 64 KB is accepted.");
    expect(await services.db.$count((await import("~/db/schema")).contactSubmissions)).toBe(before);
  });
});
