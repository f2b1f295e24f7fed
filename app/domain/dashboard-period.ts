// The dashboard's period (?range=7|30|90, or ?from=&to= as UK dates) and the period of the same length before it,
// as London calendar days. Pure: the clock is passed in.
import { londonDayKey } from "./daily-series";
import { formatUkDay, parseUkDay } from "./table-query";

/** The dashboard shows the first few of each list, each with a link to the full, filtered list page. */
export const DASHBOARD_TOP = 5;

export const PERIOD_RANGES = ["7", "30", "90"] as const;
export type PeriodRange = (typeof PERIOD_RANGES)[number] | "custom";
export const DEFAULT_RANGE = "30";
/** A custom period spans at most a year (a longer chart is unreadable and its query a scan). */
export const MAX_PERIOD_DAYS = 366;

export const PERIOD_MESSAGES = {
  badDates: "Enter both dates as dd/mm/yyyy, the first no later than the second, neither after today.",
  tooLong: `Choose a period of at most ${MAX_PERIOD_DAYS} days.`,
} as const;

/** London days, inclusive: "2026-11-01" to "2026-11-30". */
export type DaySpan = { from: string; to: string };

export type DashboardPeriod = DaySpan & {
  range: PeriodRange;
  days: number;
  previous: DaySpan;
  /** Why custom dates that were given were not used (the default period is shown instead). */
  problem: string | null;
};

const DAY_MS = 86_400_000;
const toUtc = (key: string) => Date.parse(`${key}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The London day `n` days after (or before, when negative) this one. */
export const shiftDay = (key: string, n: number) => fromUtc(toUtc(key) + n * DAY_MS);

/** How many days from `from` to `to`, both counted. */
export const spanDays = ({ from, to }: DaySpan) => Math.round((toUtc(to) - toUtc(from)) / DAY_MS) + 1;

/** Every day of the span, oldest first. */
export const daysOf = (span: DaySpan) => Array.from({ length: spanDays(span) }, (_, i) => shiftDay(span.from, i));

function period(range: PeriodRange, span: DaySpan, problem: string | null = null): DashboardPeriod {
  const days = spanDays(span);
  return {
    range,
    ...span,
    days,
    previous: { from: shiftDay(span.from, -days), to: shiftDay(span.from, -1) },
    problem,
  };
}

export function readDashboardPeriod(params: URLSearchParams, now: Date): DashboardPeriod {
  const today = londonDayKey(now);
  const last = (n: number) => ({ from: shiftDay(today, 1 - n), to: today });
  const range = params.get("range");
  const fromText = params.get("from")?.trim();
  const toText = params.get("to")?.trim();
  if (range === "custom" || fromText || toText) {
    const from = parseUkDay(fromText ?? "");
    const to = parseUkDay(toText ?? "");
    if (!from || !to || from > to || to > today)
      return period(DEFAULT_RANGE, last(Number(DEFAULT_RANGE)), PERIOD_MESSAGES.badDates);
    if (spanDays({ from, to }) > MAX_PERIOD_DAYS)
      return period(DEFAULT_RANGE, last(Number(DEFAULT_RANGE)), PERIOD_MESSAGES.tooLong);
    return period("custom", { from, to });
  }
  const chosen = PERIOD_RANGES.find((r) => r === range) ?? DEFAULT_RANGE;
  return period(chosen, last(Number(chosen)));
}

/** "previous 30 days", or for a custom period "01/10/2026 to 15/10/2026". */
export function previousLabel(p: DashboardPeriod): string {
  if (p.range !== "custom") return `previous ${p.days} days`;
  return `${formatUkDay(p.previous.from)} to ${formatUkDay(p.previous.to)}`;
}

/** "Last 30 days", or "01/11/2026 to 15/11/2026". */
export function periodLabel(p: DashboardPeriod): string {
  return p.range === "custom" ? `${formatUkDay(p.from)} to ${formatUkDay(p.to)}` : `Last ${p.days} days`;
}

export type Change = { direction: "up" | "down" | "same"; percent: number | null };

/** How a figure moved from the previous period: up or down, by what share (none when there was nothing before). */
export function changeBetween(current: number, previous: number): Change {
  const direction = current > previous ? "up" : current < previous ? "down" : "same";
  if (previous === 0) return { direction, percent: current === 0 ? 0 : null };
  return { direction, percent: Math.round(((current - previous) / previous) * 1000) / 10 };
}

/** "+12.5%", "−3%", "no change", or "new" when the previous period had none. */
export function changeText(change: Change): string {
  if (change.direction === "same") return "no change";
  if (change.percent === null) return "new";
  const size = Math.abs(change.percent).toLocaleString("en-GB", { maximumFractionDigits: 1 });
  return `${change.direction === "up" ? "+" : "−"}${size}%`;
}
