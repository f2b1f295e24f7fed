// When an entrant may learn whether their answer was right. Pure rules, no I/O.
import type { CompetitionStatus } from "../db/constants";

/**
 * Correctness is told only once entries have closed: told at once, a buyer could learn the answer for the price
 * of one ticket and share it (an answer oracle). Staff see it at any time.
 */
export const ANSWER_REVEALED_STATUSES = ["closed", "completed"] as const satisfies readonly CompetitionStatus[];

export function isAnswerRevealed(status: string): boolean {
  return (ANSWER_REVEALED_STATUSES as readonly string[]).includes(status);
}

/** What an entrant may see of a ticket's answer: right or wrong after close, nothing before. */
export function revealedCorrectness(status: string, isCorrectAnswer: boolean): boolean | null {
  return isAnswerRevealed(status) ? isCorrectAnswer : null;
}

/** Said wherever an entry is confirmed before the close. */
export const ANSWER_RECORDED =
  "Your answer is recorded. We tell you whether it was correct when the competition closes.";
