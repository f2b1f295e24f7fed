import { listNumbers, splitNumbersParam } from "./chosen-numbers";
import { type NumberRange, pageOf, pageRange, readJumpNumber } from "./number-grid";
import { MAX_TICKETS } from "./pricing";

/**
 * The page that lists a competition's numbers as checkboxes, for browsers without JavaScript (issue 23). Its one form
 * is sent by GET to itself (to turn the page, carrying what is chosen) or to the checkout review page; these rules
 * read what it sends. Pure: the page's taken numbers come from the server.
 */

const WHOLE = /^\s*\d{1,9}\s*$/;

/**
 * The numbers chosen so far, from every `numbers` field (and "5,17" lists): whole numbers in 1..total, each once,
 * in ascending order, at most one purchase's worth; anything else is let go with a note saying so.
 */
export function readChosenOnPage(raw: readonly string[], total: number): { chosen: number[]; notes: string[] } {
  const wanted = new Set<number>();
  const bad: string[] = [];
  for (const item of splitNumbersParam(raw)) {
    const text = String(item);
    if (text.trim() === "") continue;
    const n = Number(text);
    if (WHOLE.test(text) && n >= 1 && n <= total) wanted.add(n);
    else bad.push(text.trim().slice(0, 12));
  }
  const sorted = [...wanted].sort((a, b) => a - b);
  const chosen = sorted.slice(0, MAX_TICKETS);
  const over = sorted.slice(MAX_TICKETS);
  const notes = [
    bad.length > 0 ? `${bad.map((b) => `"${b}"`).join(", ")}: not ticket numbers, left out.` : null,
    over.length > 0
      ? `One purchase has at most ${MAX_TICKETS} numbers, so ${listNumbers(over)} ` +
        `${over.length === 1 ? "was" : "were"} let go.`
      : null,
  ].filter((note): note is string => note !== null);
  return { chosen, notes };
}

/**
 * Which page of numbers to show: the page holding a typed "jump to" number when the buyer asked to jump (or a
 * message saying what is wrong with it), otherwise the page holding `from` (the first page for anything unreadable).
 */
export function numbersPageRange(
  query: { from?: string | null; jump?: string | null; go?: string | null },
  total: number,
): { range: NumberRange; jumpError: string | null } {
  if (query.go === "jump") {
    const jump = readJumpNumber(query.jump ?? "", total);
    if (jump.ok) return { range: pageRange(pageOf(jump.n), total), jumpError: null };
    const stay = numbersPageRange({ from: query.from }, total);
    return { range: stay.range, jumpError: jump.message };
  }
  const from = Number(query.from);
  const start = WHOLE.test(query.from ?? "") && from >= 1 ? Math.min(from, total) : 1;
  return { range: pageRange(pageOf(start), total), jumpError: null };
}
