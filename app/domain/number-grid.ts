// The number grid's pure rules: the taken-numbers endpoint's range (read on the server) and the grid's paging and
// choosing (in the browser, loaded with the grid). No imports, so the grid's chunk carries nothing else.

/** The most numbers one request for taken numbers may cover; a longer range is cut to this many. */
export const NUMBERS_RANGE_MAX = 1000;

/** Numbers shown on one page of the grid: 10 by 10 on a wide screen, 5 by 20 on a phone. */
export const NUMBER_GRID_PAGE_SIZE = 100;

export type NumberRange = { from: number; to: number };

export type RangeResult = { ok: true; range: NumberRange } | { ok: false; message: string };

export const RANGE_NOT_WHOLE = "from and to must be whole numbers of at least 1.";
export const RANGE_BACKWARDS = "to must not be less than from.";

const WHOLE = /^[1-9]\d{0,9}$/;

function wholeNumber(raw: string | null, fallback: number): number | null {
  if (raw === null || raw === "") return fallback;
  if (!WHOLE.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * The query's `from` and `to` (each optional: from 1, to as far as one request may go). Not whole numbers from 1
 * up, or `to` before `from`, is refused; a range longer than NUMBERS_RANGE_MAX is cut to that many numbers.
 */
export function parseNumbersRange(rawFrom: string | null, rawTo: string | null): RangeResult {
  const from = wholeNumber(rawFrom, 1);
  if (from === null) return { ok: false, message: RANGE_NOT_WHOLE };
  const to = wholeNumber(rawTo, from + NUMBERS_RANGE_MAX - 1);
  if (to === null) return { ok: false, message: RANGE_NOT_WHOLE };
  if (to < from) return { ok: false, message: RANGE_BACKWARDS };
  return { ok: true, range: { from, to: Math.min(to, from + NUMBERS_RANGE_MAX - 1) } };
}

/** The most chosen numbers one read asks about: one purchase's most tickets. */
export const CHOSEN_QUERY_MAX = 10;
const CHOSEN_AT_MOST = `at most ${CHOSEN_QUERY_MAX} different whole numbers`;
/** Why a `chosen` query was refused. */
export const CHOSEN_NOT_WHOLE = `chosen must be ${CHOSEN_AT_MOST} of at least 1, comma-separated.`;

/**
 * The query's `chosen` (optional: "5,17,230"): the chosen numbers the grid asks about, wherever they are. Not whole
 * numbers from 1 up, one twice or more than ten is refused; a number past the last ticket is simply not taken.
 */
export function parseChosenQuery(raw: string | null): { ok: true; numbers: number[] } | { ok: false; message: string } {
  if (raw === null || raw === "") return { ok: true, numbers: [] };
  const numbers = raw.split(",").map((text) => wholeNumber(text, 0));
  const whole = numbers.filter((n): n is number => n !== null && n > 0);
  if (whole.length !== numbers.length || new Set(whole).size !== whole.length || whole.length > CHOSEN_QUERY_MAX) {
    return { ok: false, message: CHOSEN_NOT_WHOLE };
  }
  return { ok: true, numbers: whole };
}

/** The range within a competition of `total` numbers, or a refusal when it starts past the last number. */
export function rangeWithin(range: NumberRange, total: number): RangeResult {
  if (range.from > total) {
    return { ok: false, message: `from must be at most ${total}, the competition's last ticket number.` };
  }
  return { ok: true, range: { from: range.from, to: Math.min(range.to, total) } };
}

/** How many pages numbers 1 to `total` fill. */
export function pageCount(total: number, size = NUMBER_GRID_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The 0-based page holding `n`. */
export function pageOf(n: number, size = NUMBER_GRID_PAGE_SIZE): number {
  return Math.floor((n - 1) / size);
}

/** The numbers on 0-based page `page` (the last page may be short); out-of-bounds pages are clamped. */
export function pageRange(page: number, total: number, size = NUMBER_GRID_PAGE_SIZE): NumberRange {
  const last = pageCount(total, size) - 1;
  const p = Math.min(Math.max(0, Math.trunc(page)), last);
  return { from: p * size + 1, to: Math.min(total, (p + 1) * size) };
}

/**
 * A typed "jump to" number: a whole number from 1 to `total`, or a message saying what is wrong with it.
 */
export function readJumpNumber(raw: string, total: number): { ok: true; n: number } | { ok: false; message: string } {
  const text = raw.trim();
  const n = Number(text);
  if (!WHOLE.test(text) || n > total) {
    return { ok: false, message: `Enter a ticket number from 1 to ${total.toLocaleString("en-GB")}.` };
  }
  return { ok: true, n };
}

/**
 * Chooses or un-chooses `n`, keeping the list in ascending order. Choosing beyond `max` numbers changes nothing
 * (the grid says why).
 */
export function toggleChosen(chosen: readonly number[], n: number, max: number): number[] {
  if (chosen.includes(n)) return chosen.filter((c) => c !== n);
  if (chosen.length >= max) return [...chosen];
  return [...chosen, n].sort((a, b) => a - b);
}

/** What one read of the grid brings back: the taken numbers of the page shown, and which chosen numbers are taken. */
export type TakenRead = { from: number; to: number; taken: readonly number[]; chosenTaken: readonly number[] };

/**
 * The chosen numbers a fresh read finds taken, in the order chosen: those the read was asked about (wherever they
 * are in the competition) and any on the page it read (one chosen after the read was sent). They are dropped and
 * announced.
 */
export function lostChosen(chosen: readonly number[], read: TakenRead): number[] {
  const taken = new Set(read.chosenTaken);
  const onPage = new Set(read.taken);
  return chosen.filter((n) => taken.has(n) || (n >= read.from && n <= read.to && onPage.has(n)));
}

/** "1 number chosen", "3 numbers chosen". */
export function chosenCountText(count: number): string {
  return `${count} ${count === 1 ? "number" : "numbers"} chosen`;
}

/** What happens to the tickets without a chosen number: "" when every ticket has one. */
export function luckyDipText(quantity: number, chosen: number): string {
  const left = quantity - chosen;
  if (left <= 0) return "";
  const numbers = `${left}${chosen === 0 ? "" : " more"} ${left === 1 ? "number" : "numbers"}`;
  return `We'll pick ${numbers} at random when you pay.`;
}

/** "17 and 40", "5, 17 and 40". */
function listed(numbers: readonly number[]): string {
  const words = numbers.map(String);
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** Said when chosen numbers were taken by someone else before this buyer paid. */
export function lostNumbersText(lost: readonly number[]): string {
  const one = lost.length === 1;
  const which = one ? `Number ${listed(lost)} has` : `Numbers ${listed(lost)} have`;
  return `${which} just been taken, so we've removed ${one ? "it" : "them"}. Choose ${
    one ? "another or leave it" : "others or leave them"
  } to the lucky dip.`;
}

/** Said when the buyer has chosen as many numbers as this purchase allows. */
export function chosenLimitText(max: number): string {
  const numbers = `${max} ${max === 1 ? "number" : "numbers"}`;
  return `You've chosen ${numbers}, the most this purchase allows. Remove one to choose another.`;
}

const ARROW_STEPS: Record<string, (columns: number) => number> = {
  ArrowLeft: () => -1,
  ArrowRight: () => 1,
  ArrowUp: (columns) => -columns,
  ArrowDown: (columns) => columns,
};

/**
 * Where an arrow key (or Home, End) moves the focus from `current` in a page of `columns` numbers a row: the next
 * number that way that can be chosen, skipping taken ones; null when there is none (the focus stays).
 */
export function arrowTarget(
  key: string,
  current: number,
  range: NumberRange,
  columns: number,
  selectable: (n: number) => boolean,
): number | null {
  const move = ARROW_STEPS[key]?.(Math.max(1, columns)) ?? 0;
  const [start, step] = key === "Home" ? [range.from, 1] : key === "End" ? [range.to, -1] : [current + move, move];
  if (!step) return null;
  for (let n = start; n >= range.from && n <= range.to; n += step) if (selectable(n)) return n;
  return null;
}

/** Whether `key` is one the grid moves the focus with (so the page does not scroll instead). */
export function isGridKey(key: string): boolean {
  return key === "Home" || key === "End" || key in ARROW_STEPS;
}
