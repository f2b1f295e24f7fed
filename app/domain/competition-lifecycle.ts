import type { CompetitionRow } from "~/db/schema";
// A competition's life as staff and the clock move it: draft → scheduled → active → closed (→ completed by the draw;
// cancelling → cancelled by a cancellation). Pure rules: the use-cases and the lifecycle job enforce them.
import type { CompetitionStatus } from "../db/constants";

/** What staff set on a competition: those columns of its row. */
export type CompetitionValues = Pick<
  CompetitionRow,
  | "title"
  | "description"
  | "prizeTitle"
  | "prizeDescription"
  | "prizeValue"
  | "cashAlternativePence"
  | "entryPricePence"
  | "totalTickets"
  | "maxTicketsPerUser"
  | "goLiveAt"
  | "endDate"
  | "featured"
  | "closesAtSellOut"
  | "skillQuestion"
  | "skillOptions"
  | "correctAnswer"
  | "multiBuyTiers"
>;
export type CompetitionField = keyof CompetitionValues;

export const COMPETITION_FIELDS = [
  "title",
  "description",
  "prizeTitle",
  "prizeDescription",
  "prizeValue",
  "cashAlternativePence",
  "entryPricePence",
  "totalTickets",
  "maxTicketsPerUser",
  "goLiveAt",
  "endDate",
  "featured",
  "closesAtSellOut",
  "skillQuestion",
  "skillOptions",
  "correctAnswer",
  "multiBuyTiers",
] as const satisfies readonly CompetitionField[];

/**
 * Once live, entrants have relied on the terms (CAP Code 8.17.4.e; the DCMS code forbids changes made because
 * sales are low): only wording that fixes a typo and the featured flag may change (pictures are managed apart, at
 * any time).
 */
export const EDITABLE_WHEN_LIVE = ["description", "featured"] as const satisfies readonly CompetitionField[];

export const LOCKED_MESSAGE = "This can't change once the competition is live: entrants relied on it.";

type Timing = { status: CompetitionStatus; goLiveAt: Date | null };

/** Live from its go-live time, even in the moment before the job has moved a scheduled competition on. */
export function isLive(comp: Timing, now: Date): boolean {
  if (comp.status === "draft") return false;
  if (comp.status === "scheduled") return comp.goLiveAt !== null && comp.goLiveAt.getTime() <= now.getTime();
  return true;
}

export function editableFields(comp: Timing, now: Date): readonly CompetitionField[] {
  return isLive(comp, now) ? EDITABLE_WHEN_LIVE : COMPETITION_FIELDS;
}

const MINUTE_MS = 60_000;

/** Times are entered to the minute, so seconds a stored time happens to carry are no change. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date)
    return Math.floor(a.getTime() / MINUTE_MS) === Math.floor(b.getTime() / MINUTE_MS);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  // Objects in a list (multi-buy tiers): the same keys with the same values, in whatever order the database kept them.
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return a === b;
}

/** The fields whose value differs between the two. */
export function changedFields(before: CompetitionValues, after: CompetitionValues): CompetitionField[] {
  return COMPETITION_FIELDS.filter((field) => !sameValue(before[field], after[field]));
}

/** The changes the competition's state forbids: none while it is a draft or scheduled and not yet due. */
export function lockedChanges(
  comp: Timing,
  before: CompetitionValues,
  after: CompetitionValues,
  now: Date,
): CompetitionField[] {
  const editable = new Set<CompetitionField>(editableFields(comp, now));
  return changedFields(before, after).filter((field) => !editable.has(field));
}

export const SCHEDULE_MESSAGES = {
  goLiveMissing: "Set a go-live time to schedule the competition.",
  goLivePast: "The go-live time must be in the future.",
  closingPast: "The closing time must be in the future.",
  closingBeforeGoLive: "The closing time must be after the go-live time.",
} as const;

type ScheduleProblems = Partial<Record<"goLiveAt" | "endDate", string>>;

/** Why these dates cannot be scheduled now (empty when they can): go-live and closing ahead, closing last. */
export function scheduleProblems(dates: { goLiveAt: Date | null; endDate: Date }, now: Date): ScheduleProblems {
  const problems: ScheduleProblems = {};
  const { goLiveAt, endDate } = dates;
  if (!goLiveAt) problems.goLiveAt = SCHEDULE_MESSAGES.goLiveMissing;
  else if (goLiveAt.getTime() <= now.getTime()) problems.goLiveAt = SCHEDULE_MESSAGES.goLivePast;
  if (endDate.getTime() <= now.getTime()) problems.endDate = SCHEDULE_MESSAGES.closingPast;
  else if (goLiveAt && endDate.getTime() <= goLiveAt.getTime())
    problems.endDate = SCHEDULE_MESSAGES.closingBeforeGoLive;
  return problems;
}

/** Who may move a competition from one status to another here; the draw and cancellation add their own. */
const TRANSITIONS = [
  { from: "draft", to: "scheduled", by: "staff" },
  { from: "scheduled", to: "draft", by: "staff" },
  { from: "scheduled", to: "active", by: "system" },
  { from: "active", to: "closed", by: "system" },
] as const satisfies readonly { from: CompetitionStatus; to: CompetitionStatus; by: "staff" | "system" }[];

export function canTransition(from: CompetitionStatus, to: CompetitionStatus, by: "staff" | "system"): boolean {
  return TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === by);
}

type ClockFacts = Timing & {
  endDate: Date;
  closesAtSellOut: boolean;
  ticketsSold: number;
  totalTickets: number;
};

/**
 * Where the clock (or a sell-out) moves a competition now, or null. The lifecycle job's conditional UPDATEs say the
 * same in SQL, so that two processes cannot both make the move.
 */
export function dueTransition(comp: ClockFacts, now: Date): "active" | "closed" | null {
  if (comp.status === "scheduled" && isLive(comp, now)) return "active";
  if (comp.status !== "active") return null;
  if (comp.endDate.getTime() <= now.getTime()) return "closed";
  if (comp.closesAtSellOut && comp.ticketsSold >= comp.totalTickets) return "closed";
  return null;
}

/** A competition can be cancelled until it is drawn (or is already being cancelled). */
export const canCancel = (status: CompetitionStatus) =>
  status === "draft" || status === "scheduled" || status === "active" || status === "closed";

/** Only a draft has never been offered to anyone, so only a draft may be deleted. */
export const canDelete = (status: CompetitionStatus) => status === "draft";
