import { formatTicketRange, spokenTicketRange, ticketRanges } from "~/domain/ticket-ranges";

/** Ticket numbers as compact chips, one per run of consecutive numbers: "1–4" "9" (said "1 to 4", "9"). */
export function TicketNumberRanges({ numbers, label }: { numbers: readonly number[]; label: string }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {ticketRanges(numbers).map((range) => (
        <li key={range.from} className="rounded-md bg-muted px-2 py-0.5 font-mono text-sm tabular-nums">
          <span aria-hidden="true">{formatTicketRange(range)}</span>
          <span className="sr-only">{spokenTicketRange(range)}</span>
        </li>
      ))}
    </ul>
  );
}
