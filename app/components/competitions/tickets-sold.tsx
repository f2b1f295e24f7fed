import { percentSold } from "~/domain/competition-status";
import { usePoliteAnnouncement } from "~/lib/polite-announcer";
import { LIVE_SALES_ANNOUNCE_MS } from "../motion-timings";

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

/** A competition page's polite live region: its ticket count as sales come in, at most every few seconds. */
export function LiveSalesAnnouncement({ ticketsSold, totalTickets }: { ticketsSold: number; totalTickets: number }) {
  const text = `${count.format(ticketsSold)} of ${count.format(totalTickets)} tickets sold`;
  const said = usePoliteAnnouncement(text, LIVE_SALES_ANNOUNCE_MS);
  return (
    <p role="status" className="sr-only" data-testid="live-sales-announcement">
      {said}
    </p>
  );
}
