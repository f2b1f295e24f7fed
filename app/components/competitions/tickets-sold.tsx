import { percentSold } from "~/domain/competition-status";

const count = new Intl.NumberFormat("en-GB");

/** "4,126 / 9,999 sold" with a bar; the numbers are the accessible text, the bar is decoration. */
export function TicketsSold({
  ticketsSold,
  totalTickets,
  className = "",
}: {
  ticketsSold: number;
  totalTickets: number;
  className?: string;
}) {
  const percent = percentSold(ticketsSold, totalTickets);
  return (
    <div className={className}>
      <p className="flex justify-between gap-2 text-sm">
        <span>
          <span data-testid="tickets-sold">{count.format(ticketsSold)}</span> / {count.format(totalTickets)} sold
        </span>
        <span className="text-muted-foreground">{percent}%</span>
      </p>
      <div aria-hidden="true" className="mt-1.5 h-2 overflow-hidden rounded-full bg-muted">
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
