/** A run of consecutive ticket numbers; `from === to` for a single ticket. */
export type TicketRange = { from: number; to: number };

/**
 * Ticket numbers as runs of consecutive numbers, lowest first: [9, 1, 2, 3, 4] is 1–4 and 9. Duplicates count
 * once; anything that is not a whole number is left out (ticket numbers are positive integers).
 */
export function ticketRanges(numbers: readonly number[]): TicketRange[] {
  const sorted = [...new Set(numbers.filter(Number.isSafeInteger))].sort((a, b) => a - b);
  const ranges: TicketRange[] = [];
  for (const n of sorted) {
    const last = ranges.at(-1);
    if (last && n === last.to + 1) last.to = n;
    else ranges.push({ from: n, to: n });
  }
  return ranges;
}

/** One run as text: "9" alone, "1–4" (an en dash) for a run. */
export function formatTicketRange({ from, to }: TicketRange): string {
  return from === to ? String(from) : `${from}–${to}`;
}

/** Ticket numbers as compact text: [1, 2, 3, 4, 9] is "1–4, 9"; none is "". */
export function formatTicketRanges(numbers: readonly number[]): string {
  return ticketRanges(numbers).map(formatTicketRange).join(", ");
}

/** What a screen reader should say for a run: "1 to 4" rather than "1 dash 4". */
export function spokenTicketRange({ from, to }: TicketRange): string {
  return from === to ? String(from) : `${from} to ${to}`;
}
