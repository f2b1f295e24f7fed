// Prometheus' text exposition format (version 0.0.4), written here rather than taken from a client library: the
// app exposes a handful of counters, gauges and one histogram, read at scrape time.

export type MetricType = "counter" | "gauge" | "histogram";
export type Labels = Record<string, string>;
/** One line of a family; `suffix` names a histogram's `_bucket`, `_sum` and `_count` lines. */
export type Sample = { labels?: Labels; value: number; suffix?: "_bucket" | "_sum" | "_count" };
export type MetricFamily = { name: string; help: string; type: MetricType; samples: Sample[] };

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

const escapeHelp = (text: string) => text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
const escapeLabelValue = (text: string) => text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

function formatLabels(labels: Labels | undefined): string {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return "";
  for (const [name] of entries) if (!LABEL_NAME.test(name)) throw new Error(`Invalid metric label name: ${name}`);
  return `{${entries.map(([name, value]) => `${name}="${escapeLabelValue(value)}"`).join(",")}}`;
}

/** The families as one exposition: HELP and TYPE, then each sample, a newline after every line. */
export function formatMetrics(families: MetricFamily[]): string {
  const lines: string[] = [];
  for (const family of families) {
    if (!NAME.test(family.name)) throw new Error(`Invalid metric name: ${family.name}`);
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      lines.push(`${family.name}${sample.suffix ?? ""}${formatLabels(sample.labels)} ${formatValue(sample.value)}`);
    }
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

/** Upper bounds (seconds) of the request latency histogram. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
/** Routes beyond this many distinct labels are counted as "other", so odd paths cannot grow the series forever. */
const MAX_ROUTES = 300;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids, hashes and tokens: all digits, a UUID, or a long run of letters and digits with at least one digit. */
const isIdSegment = (segment: string) =>
  /^\d+$/.test(segment) ||
  UUID.test(segment) ||
  (segment.length >= 16 && /\d/.test(segment) && /^[\w-]+$/.test(segment));

/**
 * The route a request is counted under: its path with ids and tokens as `:id`, assets and media as one route each,
 * React Router's `.data` requests under their page, and any path that was not found as "unmatched".
 */
export function routeLabel(path: string, status: number): string {
  if (status === 404) return "unmatched";
  const pathname = (path.split("?")[0] ?? "/").replace(/\.data$/, "");
  if (pathname.startsWith("/assets/")) return "/assets/*";
  if (pathname.startsWith("/media/")) return "/media/*";
  const segments = pathname.split("/").map((segment) => (isIdSegment(segment) ? ":id" : segment));
  return segments.join("/") || "/";
}

type RouteSeries = { count: number; sum: number; buckets: number[] };

/** Request counts by method, route and status, and the latency histogram by method and route. */
export class RequestMetrics {
  private readonly counts = new Map<string, { labels: Labels; value: number }>();
  private readonly latency = new Map<string, { labels: Labels; series: RouteSeries }>();
  private readonly routes = new Set<string>();

  observe(request: { method: string; path: string; status: number; seconds: number }) {
    let route = routeLabel(request.path, request.status);
    if (!this.routes.has(route)) {
      if (this.routes.size >= MAX_ROUTES) route = "other";
      else this.routes.add(route);
    }
    const status = String(request.status);
    const countKey = `${request.method} ${route} ${status}`;
    const count = this.counts.get(countKey) ?? { labels: { method: request.method, route, status }, value: 0 };
    count.value++;
    this.counts.set(countKey, count);
    const latencyKey = `${request.method} ${route}`;
    const entry = this.latency.get(latencyKey) ?? {
      labels: { method: request.method, route },
      series: { count: 0, sum: 0, buckets: LATENCY_BUCKETS.map(() => 0) },
    };
    entry.series.count++;
    entry.series.sum += request.seconds;
    entry.series.buckets = entry.series.buckets.map((n, i) =>
      request.seconds <= (LATENCY_BUCKETS[i] ?? 0) ? n + 1 : n,
    );
    this.latency.set(latencyKey, entry);
  }

  families(): MetricFamily[] {
    const histogram: Sample[] = [];
    for (const { labels, series } of this.latency.values()) {
      series.buckets.forEach((n, i) => {
        histogram.push({ suffix: "_bucket", labels: { ...labels, le: String(LATENCY_BUCKETS[i]) }, value: n });
      });
      histogram.push({ suffix: "_bucket", labels: { ...labels, le: "+Inf" }, value: series.count });
      histogram.push({ suffix: "_sum", labels, value: series.sum });
      histogram.push({ suffix: "_count", labels, value: series.count });
    }
    return [
      {
        name: "paddock_http_requests_total",
        help: "HTTP requests answered, by method, route and status.",
        type: "counter",
        samples: [...this.counts.values()],
      },
      {
        name: "paddock_http_request_duration_seconds",
        help: "Time from a request's arrival to its response's end, by method and route.",
        type: "histogram",
        samples: histogram,
      },
    ];
  }
}
