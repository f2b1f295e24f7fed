import { formatUkWeekdayDateTime } from "~/domain/london-format";

export function ClosingDate({ date, className }: { date: Date; className?: string }) {
  return (
    <time dateTime={date.toISOString()} className={className}>
      {formatUkWeekdayDateTime(date)}
    </time>
  );
}
