import { describe, expect, it } from "vitest";
import { formatMetrics, RequestMetrics, routeLabel } from "./metrics.server";

describe("formatMetrics writes Prometheus' text format", () => {
  it("writes HELP and TYPE before each family's samples, labels in order, a newline after every line", () => {
    const text = formatMetrics([
      {
        name: "paddock_orders",
        help: "Orders by payment status.",
        type: "gauge",
        samples: [
          { labels: { status: "paid" }, value: 3 },
          { labels: { status: "pending" }, value: 0 },
        ],
      },
      { name: "paddock_up", help: "Always 1.", type: "gauge", samples: [{ value: 1 }] },
    ]);
    expect(text).toBe(
      [
        "# HELP paddock_orders Orders by payment status.",
        "# TYPE paddock_orders gauge",
        'paddock_orders{status="paid"} 3',
        'paddock_orders{status="pending"} 0',
        "# HELP paddock_up Always 1.",
        "# TYPE paddock_up gauge",
        "paddock_up 1",
        "",
      ].join("\n"),
    );
  });

  it.each([
    ["a backslash", "a\\b", 'x{v="a\\\\b"} 1'],
    ["a double quote", 'say "hi"', 'x{v="say \\"hi\\""} 1'],
    ["a newline", "two\nlines", 'x{v="two\\nlines"} 1'],
  ])("escapes %s in a label value", (_, value, line) => {
    const text = formatMetrics([
      { name: "x", help: "h", type: "gauge", samples: [{ labels: { v: value }, value: 1 }] },
    ]);
    expect(text.split("\n")[2]).toBe(line);
  });

  it("escapes backslashes and newlines in HELP text", () => {
    const text = formatMetrics([{ name: "x", help: "a\\b\nc", type: "gauge", samples: [] }]);
    expect(text.split("\n")[0]).toBe("# HELP x a\\\\b\\nc");
  });

  it.each([
    [Number.NaN, "NaN"],
    [Number.POSITIVE_INFINITY, "+Inf"],
    [Number.NEGATIVE_INFINITY, "-Inf"],
    [0.25, "0.25"],
    [-2, "-2"],
  ])("writes the value %s as %s", (value, written) => {
    const text = formatMetrics([{ name: "x", help: "h", type: "gauge", samples: [{ value }] }]);
    expect(text.split("\n")[2]).toBe(`x ${written}`);
  });

  it("refuses names Prometheus would not parse", () => {
    expect(() => formatMetrics([{ name: "bad-name", help: "h", type: "gauge", samples: [] }])).toThrow(/bad-name/);
    expect(() =>
      formatMetrics([{ name: "x", help: "h", type: "gauge", samples: [{ labels: { "a-b": "1" }, value: 1 }] }]),
    ).toThrow(/a-b/);
  });

  it("writes nothing for no families", () => {
    expect(formatMetrics([])).toBe("");
  });
});

describe("routeLabel keeps the number of series small", () => {
  it.each([
    ["/", 200, "/"],
    ["/competitions?page=2", 200, "/competitions"],
    ["/competition/12", 200, "/competition/:id"],
    ["/competition/12.data", 200, "/competition/:id"],
    ["/draws/7/manifest.txt", 200, "/draws/:id/manifest.txt"],
    ["/checkout/0b9e3c6e-2f7a-4d55-9a43-3b3b0f0f5e21/review", 200, "/checkout/:id/review"],
    ["/recovery/Zx81kQ9pLm2Nb7Vc4Hj", 200, "/recovery/:id"],
    ["/account/security", 200, "/account/security"],
    ["/assets/entry.client-BkR2x.js", 200, "/assets/*"],
    ["/media/ab12cd", 200, "/media/*"],
    ["/no-such-page/anything", 404, "unmatched"],
  ])("%s answered %s is counted as %s", (path, status, route) => {
    expect(routeLabel(path, status)).toBe(route);
  });
});

describe("RequestMetrics", () => {
  it("counts requests by method, route and status, and their latency in cumulative buckets", () => {
    const metrics = new RequestMetrics();
    metrics.observe({ method: "GET", path: "/competition/1", status: 200, seconds: 0.02 });
    metrics.observe({ method: "GET", path: "/competition/2", status: 200, seconds: 0.3 });
    metrics.observe({ method: "POST", path: "/basket", status: 303, seconds: 0.004 });
    const text = formatMetrics(metrics.families());
    expect(text).toContain('paddock_http_requests_total{method="GET",route="/competition/:id",status="200"} 2\n');
    expect(text).toContain('paddock_http_requests_total{method="POST",route="/basket",status="303"} 1\n');
    const bucket = (le: string) =>
      `paddock_http_request_duration_seconds_bucket{method="GET",route="/competition/:id",le="${le}"}`;
    expect(text).toContain(`${bucket("0.01")} 0\n`);
    expect(text).toContain(`${bucket("0.025")} 1\n`);
    expect(text).toContain(`${bucket("0.25")} 1\n`);
    expect(text).toContain(`${bucket("0.5")} 2\n`);
    expect(text).toContain(`${bucket("+Inf")} 2\n`);
    expect(text).toContain('paddock_http_request_duration_seconds_count{method="GET",route="/competition/:id"} 2\n');
    expect(text).toMatch(/paddock_http_request_duration_seconds_sum\{method="GET",route="\/competition\/:id"\} 0\.32/);
    expect(text).toContain("# TYPE paddock_http_request_duration_seconds histogram\n");
  });

  it("counts routes beyond its limit as other", () => {
    const metrics = new RequestMetrics();
    for (let i = 0; i < 305; i++)
      metrics.observe({ method: "GET", path: `/page-${"x".repeat(i)}`, status: 200, seconds: 0 });
    const text = formatMetrics(metrics.families());
    expect(text).toContain('paddock_http_requests_total{method="GET",route="other",status="200"} 5\n');
  });
});
