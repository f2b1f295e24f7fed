import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/server/platform/auth.server";
import { clientIp, hitRateLimit, rateLimitKey } from "~/server/platform/rate-limit.server";
import { createTestServices, type TestServices } from "../support/services";

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices();
});

afterAll(async () => {
  await services?.dispose();
});

const HOUR = 3_600_000;
const options = (now: Date) => ({ limit: 5, windowMs: HOUR, now });

describe("fixed-window rate limit", () => {
  it("allows five hits in an hour, refuses the sixth, and allows again once the window has passed", async () => {
    const start = new Date("2026-03-02T10:00:00Z");
    const key = "test:window";
    for (let i = 0; i < 5; i++) {
      const at = new Date(start.getTime() + i * 60_000);
      expect(await hitRateLimit(services.db, key, options(at))).toEqual({ allowed: true, retryAfterSeconds: 0 });
    }
    const sixth = await hitRateLimit(services.db, key, options(new Date(start.getTime() + 30 * 60_000)));
    expect(sixth).toEqual({ allowed: false, retryAfterSeconds: 30 * 60 });

    // One second before the hour is up: still refused.
    const almost = await hitRateLimit(services.db, key, options(new Date(start.getTime() + HOUR - 1000)));
    expect(almost).toEqual({ allowed: false, retryAfterSeconds: 1 });

    // A new window starts at the first hit after the old one ended.
    const later = new Date(start.getTime() + HOUR);
    expect(await hitRateLimit(services.db, key, options(later))).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const [row] = await services.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row?.count).toBe(1);
    expect(row?.windowStart.getTime()).toBe(later.getTime());
  });

  it("counts each key on its own", async () => {
    const now = new Date("2026-03-02T12:00:00Z");
    for (let i = 0; i < 5; i++) await hitRateLimit(services.db, "test:a", options(now));
    expect((await hitRateLimit(services.db, "test:a", options(now))).allowed).toBe(false);
    expect((await hitRateLimit(services.db, "test:b", options(now))).allowed).toBe(true);
  });

  it("admits exactly the limit when twenty requests arrive at once", async () => {
    const now = new Date("2026-03-02T14:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(services.db, "test:burst", options(now))),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.filter((r) => !r.allowed)).toHaveLength(15);
    const [row] = await services.db.select().from(rateLimits).where(eq(rateLimits.key, "test:burst"));
    expect(row?.count).toBe(6);
  });

  it("keys do not store the address itself, and ignore case", () => {
    const key = rateLimitKey("contact", "email", "Rider@Example.test");
    expect(key).not.toContain("rider");
    expect(key).toBe(rateLimitKey("contact", "email", "rider@example.test"));
  });

  it("reads the client address from X-Forwarded-For only behind a trusted proxy, else the socket's", () => {
    const request = new Request("http://localhost/contact", {
      headers: { "x-forwarded-for": "203.0.113.9, 198.51.100.7", [CLIENT_IP_HEADER]: "192.0.2.5" },
    });
    expect(clientIp(request, false)).toBe("192.0.2.5");
    expect(clientIp(request, undefined)).toBe("192.0.2.5");
    expect(clientIp(request, true)).toBe("198.51.100.7");
    expect(clientIp(new Request("http://localhost/contact"), true)).toBeUndefined();
    expect(clientIp(new Request("http://localhost/contact"), false)).toBeUndefined();
  });
});
