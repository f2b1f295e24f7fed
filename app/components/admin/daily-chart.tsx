import { formatPence } from "~/domain/money";

type Day = { day: string; revenuePence: number; tickets: number };

const dayLabelFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
/** "21 Nov" for the key "2026-11-21" (a calendar date, so no time zone can move it). */
function dayLabel(key: string) {
  const [year, month, day] = key.split("-").map(Number) as [number, number, number];
  return dayLabelFormat.format(new Date(Date.UTC(year, month - 1, day)));
}

const WIDTH = 600;
const HEIGHT = 180;
const TOP = 16;
const BOTTOM = 22;

/** Bars for one figure per day; the role="img" label sums it up and the table beside it holds every figure. */
function BarChart({
  id,
  title,
  days,
  value,
  format,
}: {
  id: string;
  title: string;
  days: Day[];
  value: (day: Day) => number;
  format: (n: number) => string;
}) {
  const values = days.map(value);
  const max = Math.max(0, ...values);
  const total = values.reduce((sum, n) => sum + n, 0);
  const slot = WIDTH / Math.max(1, days.length);
  const plot = HEIGHT - TOP - BOTTOM;
  const best = days[values.indexOf(max)];
  const summary =
    max > 0 && best
      ? `${title}: ${format(total)} in ${days.length} days, highest ${format(max)} on ${dayLabel(best.day)}.`
      : `${title}: nothing in the last ${days.length} days.`;
  return (
    <figure className="min-w-0">
      <figcaption id={`${id}-caption`} className="font-medium">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="mt-2 h-auto w-full">
        <text x="0" y="11" className="fill-muted-foreground text-[11px]">
          {format(max)}
        </text>
        <line x1="0" x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-border" />
        {days.map((day, i) => {
          const height = max > 0 ? (value(day) / max) * plot : 0;
          return (
            <rect
              key={day.day}
              x={i * slot + 2}
              y={HEIGHT - BOTTOM - height}
              width={Math.max(1, slot - 4)}
              height={height}
              className="fill-primary"
            >
              <title>{`${dayLabel(day.day)}: ${format(value(day))}`}</title>
            </rect>
          );
        })}
        <text x="0" y={HEIGHT - 6} className="fill-muted-foreground text-[11px]">
          {days[0] ? dayLabel(days[0].day) : ""}
        </text>
        <text x={WIDTH} y={HEIGHT - 6} textAnchor="end" className="fill-muted-foreground text-[11px]">
          {days.at(-1) ? dayLabel(days.at(-1)?.day ?? "") : ""}
        </text>
      </svg>
    </figure>
  );
}

/** Revenue and tickets by day as two bar charts, and the same figures as a table for screen readers. */
export function DailyCharts({ days }: { days: Day[] }) {
  return (
    <div className="relative">
      <div className="grid gap-6 lg:grid-cols-2">
        <BarChart id="revenue-chart" title="Revenue" days={days} value={(d) => d.revenuePence} format={formatPence} />
        <BarChart
          id="tickets-chart"
          title="Tickets"
          days={days}
          value={(d) => d.tickets}
          format={(n) => n.toLocaleString("en-GB")}
        />
      </div>
      {/* A table keeps its content width whatever it is told, so the hiding box around it clips it instead. */}
      <div className="sr-only">
        <table>
          <caption>Revenue and tickets by day, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Revenue</th>
              <th scope="col">Tickets</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayLabel(d.day)}</th>
                <td>{formatPence(d.revenuePence)}</td>
                <td>{d.tickets}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
