/**
 * The system draws by itself a little after the round's time, not at it: the beacon's relays take a moment to
 * publish a round everywhere, and in that window staff may press Select winner themselves (the same draw, from the
 * same published values). Either way nothing can be re-rolled: the first recorded draw stands.
 */
export const AUTOMATIC_DRAW_DELAY_MS = 2 * 60_000;

/** Whether the system should draw now, for a round due at `roundAt`. */
export function automaticDrawDue(roundAt: Date, now: Date): boolean {
  return now.getTime() >= roundAt.getTime() + AUTOMATIC_DRAW_DELAY_MS;
}
