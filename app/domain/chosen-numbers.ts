// The ticket numbers a buyer chose (ADR 031). Pure rules, no I/O: what a form or a link may carry, and the words a
// refusal uses. Whether a number is free is the database's to say, at Pay.

import { MAX_TICKETS } from "./pricing";

/** A number as a form sends it: digits only (no signs, points, exponents or hex), up to a million. */
const NUMBER_TEXT = /^\s*\d{1,7}\s*$/;

export type ChosenNumbersResult = { ok: true; numbers: number[] } | { ok: false; message: string };

/** "5", "5 and 17", "5, 17 and 230": numbers as a sentence names them. */
export function listNumbers(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.join("");
  return `${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}

const ticketWord = (count: number) => (count === 1 ? "ticket" : "tickets");

/** "numbers=5,17" in a link, or each `numbers` field of a form: one list of texts either way. */
export function splitNumbersParam(raw: readonly unknown[]): unknown[] {
  return raw.flatMap((item) => (typeof item === "string" && item.includes(",") ? item.split(",") : [item]));
}

/**
 * The numbers chosen for a purchase of `quantity` tickets of a competition numbered 1..total, in the order chosen:
 * whole numbers, each in range, none twice, no more than the tickets bought (the rest are a lucky dip). Each refusal
 * names the problem. An empty list is a lucky dip for every ticket.
 */
export function parseChosenNumbers(raw: readonly unknown[], quantity: number, total: number): ChosenNumbersResult {
  const items = splitNumbersParam(raw).filter((item) => !(typeof item === "string" && item.trim() === ""));
  if (items.length > MAX_TICKETS) {
    return { ok: false, message: `You chose ${items.length} numbers: one purchase has at most ${MAX_TICKETS}.` };
  }
  const numbers: number[] = [];
  for (const item of items) {
    const value =
      typeof item === "number" ? item : typeof item === "string" && NUMBER_TEXT.test(item) ? Number(item) : Number.NaN;
    if (!Number.isSafeInteger(value)) {
      return { ok: false, message: `"${String(item).trim().slice(0, 20)}" is not a ticket number: use whole numbers.` };
    }
    if (value < 1 || value > total) {
      return { ok: false, message: `There is no ticket ${value} in this competition: choose from 1 to ${total}.` };
    }
    if (numbers.includes(value)) return { ok: false, message: `You chose ticket ${value} twice.` };
    numbers.push(value);
  }
  if (numbers.length > quantity) {
    return {
      ok: false,
      message:
        `You chose ${numbers.length} numbers for ${quantity} ${ticketWord(quantity)}: ` +
        `choose ${quantity} or buy ${numbers.length}.`,
    };
  }
  return { ok: true, numbers };
}

/**
 * What a buyer is told when some of their numbers were taken between choosing and paying: which ones, that the rest
 * are kept, and what happens to the difference if they go on.
 */
export function takenNumbersMessage(taken: readonly number[]): string {
  const sorted = [...taken].sort((a, b) => a - b);
  const verb = sorted.length === 1 ? "was" : "were";
  return (
    `${sorted.length === 1 ? "Ticket" : "Tickets"} ${listNumbers(sorted)} ${verb} taken by someone else ` +
    `while you were choosing. Your other numbers are kept: choose ${sorted.length === 1 ? "another" : "others"}, ` +
    `or pay now and we will pick ${sorted.length === 1 ? "one" : sorted.length} at random for you.`
  );
}

/** The numbers as a link carries them: "5,17,230". */
export const numbersParam = (numbers: readonly number[]) => numbers.join(",");

/** What the review page and the basket say about a line's numbers before Pay. */
export function numbersPlan(numbers: readonly number[], quantity: number): string {
  const rest = quantity - numbers.length;
  if (numbers.length === 0)
    return quantity === 1
      ? "Lucky dip: your number is picked at random when you pay."
      : `Lucky dip: your ${quantity} numbers are picked at random when you pay.`;
  const yours = `Your ${numbers.length === 1 ? "number" : "numbers"}: ${listNumbers(numbers)}.`;
  if (rest <= 0) return `${yours} ${numbers.length === 1 ? "It is" : "They are"} held for you when you pay.`;
  return `${yours} ${rest === 1 ? "One more is" : `${rest} more are`} picked at random when you pay.`;
}
