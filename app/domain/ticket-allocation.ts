// Ticket numbers and skill answers. Pure rules, no I/O.

/**
 * The numbers a sale of `quantity` tickets receives after the number `lastIssued`: lastIssued + 1 … lastIssued +
 * quantity. Each sale takes `lastIssued` from `numberingBase` while it holds the competition's row lock, so
 * consecutive sales get consecutive, disjoint ranges.
 */
export function allocateNumbers(lastIssued: number, quantity: number): number[] {
  if (!Number.isSafeInteger(lastIssued) || lastIssued < 0)
    throw new RangeError(`The last number issued must be a whole number ≥ 0, got ${lastIssued}`);
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new RangeError(`Quantity must be a whole number ≥ 1, got ${quantity}`);
  return Array.from({ length: quantity }, (_, i) => lastIssued + 1 + i);
}

/**
 * Where a sale's numbers continue from: past every number already issued. A refund withdraws its tickets but keeps
 * their rows (and numbers) while tickets_sold goes down, so the count alone would hand a refunded number out again;
 * the count still matters where sales were recorded without ticket rows (ADR 015).
 */
export function numberingBase(ticketsSoldBefore: number, highestIssued: number): number {
  return Math.max(ticketsSoldBefore, highestIssued);
}

/** The answer must be one of the competition's options, exactly as offered. */
export function isOfferedAnswer(answer: unknown, options: readonly string[]): answer is string {
  return typeof answer === "string" && options.includes(answer);
}

/** Whether a ticket can win: its answer is the correct one. Wrong answers are valid paid entries that cannot win. */
export function isCorrectAnswer(answer: string, correctAnswer: string): boolean {
  return answer === correctAnswer;
}
