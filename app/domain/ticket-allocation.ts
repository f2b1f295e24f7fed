// Ticket numbers and skill answers. Pure rules, no I/O.

/**
 * The numbers a sale of `quantity` tickets receives when `soldBefore` tickets were sold before it:
 * soldBefore + 1 … soldBefore + quantity. Because `tickets_sold` only grows and each sale reads and
 * increments it in one UPDATE, consecutive sales get consecutive, disjoint ranges.
 */
export function allocateNumbers(soldBefore: number, quantity: number): number[] {
  if (!Number.isSafeInteger(soldBefore) || soldBefore < 0) throw new RangeError(`Tickets sold must be a whole number ≥ 0, got ${soldBefore}`);
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`Quantity must be a whole number ≥ 1, got ${quantity}`);
  return Array.from({ length: quantity }, (_, i) => soldBefore + 1 + i);
}

/** The answer must be one of the competition's options, exactly as offered. */
export function isOfferedAnswer(answer: unknown, options: readonly string[]): answer is string {
  return typeof answer === "string" && options.includes(answer);
}

/** Whether a ticket can win: its answer is the correct one. Wrong answers are valid paid entries that cannot win. */
export function isCorrectAnswer(answer: string, correctAnswer: string): boolean {
  return answer === correctAnswer;
}
