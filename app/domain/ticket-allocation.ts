// Ticket numbers and skill answers. Pure rules, no I/O.

/** The answer must be one of the competition's options, exactly as offered. */
export function isOfferedAnswer(answer: unknown, options: readonly string[]): answer is string {
  return typeof answer === "string" && options.includes(answer);
}

/** Whether a ticket can win: its answer is the correct one. Wrong answers are valid paid entries that cannot win. */
export function isCorrectAnswer(answer: string, correctAnswer: string): boolean {
  return answer === correctAnswer;
}
