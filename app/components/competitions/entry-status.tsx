import { Star } from "lucide-react";
import { SupportReference } from "~/components/support-reference";
import { ticketAvailability } from "~/domain/ticket-availability";
import type { CompetitionSummary } from "~/schemas/competition-query";

/** A card knows no reserved count; the detail page does, and then tickets held in checkouts count as taken. */
type StatusInput = Pick<CompetitionSummary, "endDate" | "ticketsSold" | "totalTickets" | "status"> & {
  ticketsReserved?: number;
};

/** Why a competition is not taking entries, in words, or null while it is open. */
export function closedLabel(competition: StatusInput, now: Date): string | null {
  const { endDate, ticketsSold, totalTickets, status } = competition;
  const facts = { endDate, ticketsSold, totalTickets, status, ticketsReserved: competition.ticketsReserved ?? 0 };
  const { reason } = ticketAvailability(facts, 0, now);
  if (!reason) return null;
  if (status === "completed") return "Winner drawn";
  if (status === "cancelled" || status === "cancelling") return "Cancelled";
  // Closed by the lifecycle job at its closing time, or early at sell-out when its terms say so.
  if (reason === "ended") return "Ended";
  if (status === "closed") return ticketsSold >= totalTickets ? "Sold out" : "Closed";
  if (reason === "sold_out") return "Sold out";
  return "Not open for entries";
}

const statusBadgeClass =
  "inline-flex items-center rounded-full border border-border bg-card px-3 py-1 text-sm font-semibold " +
  "text-card-foreground";
const featuredBadgeClass =
  "inline-flex items-center gap-1 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground";

/** A clear badge for a closed competition (nothing while it is open). */
export function EntryStatusBadge({
  competition,
  now,
  className = "",
}: {
  competition: StatusInput;
  now: Date;
  className?: string;
}) {
  const label = closedLabel(competition, now);
  if (!label) return null;
  return (
    <span data-testid="entry-status" className={`${statusBadgeClass} ${className}`}>
      {label}
    </span>
  );
}

export function FeaturedBadge() {
  return (
    <span className={featuredBadgeClass}>
      <Star aria-hidden="true" className="h-3.5 w-3.5" />
      Featured
    </span>
  );
}

/** What the page says when a competition cannot be shown at all (an unexpected error), with the way back. */
export function LoadFailed({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center" role="alert">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted-foreground">{description}</p>
      <SupportReference className="mt-4" />
      <p className="mt-8">{action}</p>
    </div>
  );
}
