import { describe, expect, it } from "vitest";
import {
  ByteLru,
  cacheablePage,
  inlineScripts,
  isSoftChange,
  PAGE_FRESHNESS,
  pageFreshness,
  preferredEncoding,
  tagsChangedBy,
} from "./page-cache";

const get = (url: string, cookie?: string) => cacheablePage({ method: "GET", url, cookie });

describe("cacheablePage", () => {
  it.each([
    ["/", "listings"],
    ["/?utm_source=post", "listings"],
    ["/competitions", "listings"],
    ["/competitions?filter=featured&sort=newest&page=3", "listings"],
    ["/competition/42", "competition:42"],
  ])("caches an anonymous GET of %s under its own URL", (url, tag) => {
    expect(get(url)).toEqual({ key: url, tag });
  });

  it.each([
    "/competitions.data",
    "/competition/42.data",
    "/competition/0",
    "/competition/abc",
    "/competition/42/share",
    "/account",
    "/admin",
    "/basket",
    "/signin",
    "/about",
  ])("never caches %s", (url) => {
    expect(get(url)).toBeNull();
  });

  it("never caches another method", () => {
    expect(cacheablePage({ method: "POST", url: "/competition/1" })).toBeNull();
    expect(cacheablePage({ method: "HEAD", url: "/" })).toBeNull();
  });

  it.each([
    "better-auth.session_token=abc",
    "__Secure-better-auth.session_token=abc",
    "better-auth.session_data=abc",
    "theme=dark; paddock_toast=xyz",
    "a=1;better-auth.dont_remember=true",
  ])("never caches for a visitor whose cookies make the page personal (%s)", (cookie) => {
    expect(get("/", cookie)).toBeNull();
  });

  it("still caches for a visitor carrying cookies that are not ours", () => {
    expect(get("/", "_ga=GA1.2.3; consent=yes")).toEqual({ key: "/", tag: "listings" });
  });

  it("renders an oversized URL afresh", () => {
    expect(get(`/competitions?q=${"x".repeat(600)}`)).toBeNull();
  });
});

describe("tagsChangedBy", () => {
  it("makes the competition's page and every listing stale", () => {
    expect(tagsChangedBy(7)).toEqual(["competition:7", "listings"]);
  });
});

describe("pageFreshness", () => {
  const limits = { maxAgeMs: 5_000, staleWindowMs: 750, minRefreshMs: 250 };

  it("is fresh with no change since it was rendered, until its maximum age", () => {
    expect(pageFreshness(1_000, {}, 5_999, limits)).toEqual({ state: "fresh", refresh: false });
    expect(pageFreshness(1_000, { soft: 900 }, 5_999, limits)).toEqual({ state: "fresh", refresh: false });
  });

  it("turns stale at its maximum age, and expires a stale window later", () => {
    expect(pageFreshness(1_000, {}, 6_000, limits)).toEqual({ state: "stale", refresh: true });
    expect(pageFreshness(1_000, {}, 6_749, limits).state).toBe("stale");
    expect(pageFreshness(1_000, {}, 6_750, limits)).toEqual({ state: "expired", refresh: true });
  });

  it("turns stale at a change made while or after it rendered, and expires a stale window later", () => {
    expect(pageFreshness(1_000, { soft: 1_000 }, 1_000, limits).state).toBe("stale");
    expect(pageFreshness(1_000, { soft: 2_000 }, 2_000, limits)).toEqual({ state: "stale", refresh: true });
    expect(pageFreshness(1_000, { soft: 2_000 }, 2_749, limits).state).toBe("stale");
    expect(pageFreshness(1_000, { soft: 2_000 }, 2_750, limits).state).toBe("expired");
  });

  it("sends a stale page that has only just rendered without starting another render", () => {
    expect(pageFreshness(1_000, { soft: 1_100 }, 1_200, limits)).toEqual({ state: "stale", refresh: false });
    expect(pageFreshness(1_000, { soft: 1_100 }, 1_250, limits)).toEqual({ state: "stale", refresh: true });
  });

  it("expires at once on a hard change made while or after it rendered, never on an older one", () => {
    expect(pageFreshness(1_000, { hard: 1_000 }, 1_001, limits)).toEqual({ state: "expired", refresh: true });
    expect(pageFreshness(1_000, { hard: 1_500, soft: 1_100 }, 1_600, limits).state).toBe("expired");
    expect(pageFreshness(1_000, { hard: 999 }, 1_001, limits)).toEqual({ state: "fresh", refresh: false });
  });

  it("never sends a page more than a second after the change that made it stale", () => {
    expect(PAGE_FRESHNESS.staleWindowMs).toBeLessThan(1_000);
    for (let now = 2_000; now < 10_000; now += 50) {
      const { state } = pageFreshness(1_000, { soft: 2_000 }, now, PAGE_FRESHNESS);
      if (now - 2_000 >= 1_000) expect(state).toBe("expired");
    }
  });
});

describe("isSoftChange", () => {
  const listed = { status: "active", totalTickets: 100 };

  it("is soft when only the counts moved on a competition already known", () => {
    expect(isSoftChange(listed, { ...listed })).toBe(true);
  });

  it("is hard for a competition not seen before, a new status or a new size", () => {
    expect(isSoftChange(undefined, listed)).toBe(false);
    expect(isSoftChange(listed, { ...listed, status: "completed" })).toBe(false);
    expect(isSoftChange(listed, { ...listed, totalTickets: 200 })).toBe(false);
  });
});

describe("ByteLru", () => {
  const page = (bytes: number) => ({ bytes });

  it("evicts the least recently used values once over its byte budget", () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    lru.set("a", page(40));
    lru.set("b", page(40));
    lru.get("a");
    lru.set("c", page(40));
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toEqual(page(40));
    expect(lru.get("c")).toEqual(page(40));
    expect(lru.bytes).toBe(80);
    expect(lru.size).toBe(2);
  });

  it("replaces a value under the same key, counting its bytes once", () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    lru.set("a", page(60));
    lru.set("a", page(30));
    expect(lru.bytes).toBe(30);
    lru.delete("a");
    expect(lru.bytes).toBe(0);
    expect(lru.size).toBe(0);
  });

  it("refuses a value larger than the whole budget", () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    lru.set("a", page(50));
    expect(lru.set("huge", page(101))).toBe(false);
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.get("a")).toEqual(page(50));
  });
});

describe("inlineScripts", () => {
  it("returns the text of inline scripts exactly, and skips scripts loaded from a URL", () => {
    const html =
      '<head><script>a()</script><script src="/assets/x.js"></script></head>' +
      '<body><script nonce="n" type="module" async="">import "/x";\n</script><SCRIPT>b()</SCRIPT><script></script>';
    expect(inlineScripts(html)).toEqual(["a()", 'import "/x";\n', "b()", ""]);
  });
});

describe("preferredEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip;q=0.5", "gzip"],
    ["*", "gzip"],
    ["identity", null],
    ["gzip;q=0", null],
    [undefined, null],
  ])("for %j is %j", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
