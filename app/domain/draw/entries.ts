// Which tickets a draw takes (draw-v1.md, "Close"): every ticket not withdrawn by a refund whose answer was
// correct, paid and postal alike. The manifest lists them; its counts say, by reason, why the others were not.
import type { ManifestEntry } from "./manifest";

export type DrawTicket = ManifestEntry & { withdrawn: boolean; isCorrectAnswer: boolean };

/** Why a ticket is left out of the draw, or null when it is in. A refund counts first, whatever the answer. */
export function drawExclusion(ticket: {
  withdrawn: boolean;
  isCorrectAnswer: boolean;
}): "refunded" | "wrong_answer" | null {
  if (ticket.withdrawn) return "refunded";
  return ticket.isCorrectAnswer ? null : "wrong_answer";
}

export type DrawEntries = {
  entries: ManifestEntry[];
  eligible: { paid: number; postal: number };
  excluded: { wrongAnswer: number; refunded: number };
};

/** A competition's tickets split into the manifest's entries (in the order given) and the counts it publishes. */
export function drawEntries(tickets: Iterable<DrawTicket>): DrawEntries {
  const result: DrawEntries = {
    entries: [],
    eligible: { paid: 0, postal: 0 },
    excluded: { wrongAnswer: 0, refunded: 0 },
  };
  for (const ticket of tickets) {
    const exclusion = drawExclusion(ticket);
    if (exclusion === "refunded") result.excluded.refunded++;
    else if (exclusion === "wrong_answer") result.excluded.wrongAnswer++;
    else {
      result.entries.push({ ticketNumber: ticket.ticketNumber, entryRef: ticket.entryRef, source: ticket.source });
      result.eligible[ticket.source]++;
    }
  }
  return result;
}
