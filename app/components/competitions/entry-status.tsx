import { Star } from "lucide-react";
import { canEnter } from "~/domain/competition-status";
import type { CompetitionSummary } from "~/schemas/competition-query";

type StatusInput = Pick<CompetitionSummary, "endDate" | "ticketsSold" | "totalTickets" | "status">;

/** Why a competition is not taking entries, in words, or null while it is open. */
export function closedLabel(competition: StatusInput, now: Date): string | null {
  const decision = canEnter(competition, now);
  if (decision.ok) return null;
  if (competition.status === "completed") return "Winner drawn";
  if (competition.status === "cancelled") return "Cancelled";
  if (decision.reason === "ended") return "Ended";
  if (decision.reason === "sold_out") return "Sold out";
  return "Not open for entries";
}

/** A clear badge for a closed competition (nothing while it is open). */
export function EntryStatusBadge({ competition, now, className = "" }: { competition: StatusInput; now: Date; className?: string }) {
  const label = closedLabel(competition, now);
  if (!label) return null;
  return (
    <span
      data-testid="entry-status"
      className={`inline-flex items-center rounded-full border border-border bg-card px-3 py-1 text-sm font-semibold text-card-foreground ${className}`}
    >
      {label}
    </span>
  );
}

export function FeaturedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground">
      <Star aria-hidden="true" className="h-3.5 w-3.5" />
      Featured
    </span>
  );
}

/** What the page says when a competition cannot be shown at all, with the way back. */
export function LoadFailed({ title, description, action }: { title: string; description: string; action: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center" role="alert">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted-foreground">{description}</p>
      <p className="mt-8">{action}</p>
    </div>
  );
}
