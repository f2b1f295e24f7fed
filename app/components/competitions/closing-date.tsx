const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
});

/**
 * "Saturday 21 November 2026, 14:00 GMT" in UK time. Built from parts rather than a locale's full pattern,
 * so the server's ICU and the browser's produce the same text and hydration matches.
 */
export function formatLondonDateTime(date: Date): string {
  const parts = Object.fromEntries(londonParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

export function ClosingDate({ date, className }: { date: Date; className?: string }) {
  return (
    <time dateTime={date.toISOString()} className={className}>
      {formatLondonDateTime(date)}
    </time>
  );
}
