import { listNumbers } from "~/domain/chosen-numbers";
import { numbersPageRange, readChosenOnPage } from "~/domain/numbers-page";
import { ticketAvailability } from "~/domain/ticket-availability";
import type { Services } from "../platform/services.server";
import { getPublicCompetition } from "./competitions.server";
import { takenNumbers } from "./taken-numbers.server";

type NumbersPageQuery = { from: string | null; jump: string | null; go: string | null; numbers: string[] };

/**
 * The numbers page without JavaScript (issue 23): one page of a published competition's numbers with those taken
 * now (sold, or held by a checkout that has not lapsed), and the buyer's choice so far as their form carried it.
 * A chosen number someone has taken meanwhile is let go, with a note. Null for a competition that is not public.
 */
export async function numbersPage(services: Services, competitionId: number, query: NumbersPageQuery) {
  const competition = await getPublicCompetition(services.db, competitionId);
  if (!competition) return null;
  const now = services.now();
  const total = competition.totalTickets;
  const { range, jumpError } = numbersPageRange(query, total);
  const result = await takenNumbers(services.db, competitionId, range, now);
  if (result.status !== "found") return null;
  const read = readChosenOnPage(query.numbers, total);
  const taken = new Set(result.numbers.taken);
  const lost = read.chosen.filter((n) => taken.has(n));
  const lostNote =
    lost.length === 0
      ? []
      : [
          `${lost.length === 1 ? "Ticket" : "Tickets"} ${listNumbers(lost)} ${lost.length === 1 ? "was" : "were"} ` +
            `taken by someone else meanwhile, so we let ${lost.length === 1 ? "it" : "them"} go.`,
        ];
  return {
    competition: { id: competition.id, title: competition.title, totalTickets: total },
    unavailable: ticketAvailability(competition, 0, now).reason,
    range,
    taken: result.numbers.taken,
    chosen: read.chosen.filter((n) => !taken.has(n)),
    notes: [...read.notes, ...lostNote],
    jumpError,
  };
}
