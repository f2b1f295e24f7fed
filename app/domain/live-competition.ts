// The live numbers of one competition, as the competitions event stream sends them. Read in the browser by a small
// guard rather than a schema library, so every page's first load does not carry a validator for four fields.
import { COMPETITION_STATUSES, type CompetitionStatus } from "~/db/constants";

export type LiveCompetition = {
  id: number;
  ticketsSold: number;
  totalTickets: number;
  status: CompetitionStatus;
};

const count = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isStatus = (value: unknown): value is CompetitionStatus =>
  typeof value === "string" && (COMPETITION_STATUSES as readonly string[]).includes(value);

/** One stream message's data, or null when it is not valid JSON of the right shape (it is then ignored). */
export function readLiveCompetition(data: string): LiveCompetition | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { id, ticketsSold, totalTickets, status } = value as Record<string, unknown>;
  if (!count(id) || id === 0 || !count(ticketsSold) || !count(totalTickets) || !isStatus(status)) return null;
  return { id, ticketsSold, totalTickets, status };
}
