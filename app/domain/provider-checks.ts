/**
 * When the reconciler asks the payment provider about a checkout that is still open (issue 29). A paid checkout whose
 * webhook was lost must not wait long for its tickets, and an abandoned one must not cost a request every minute.
 *
 * The first look is a minute after the checkout was created; after each look the next waits until the checkout is
 * twice as old, less half a pass (so a pass that finds it a few milliseconds short does not put it off a whole
 * minute), or until its reservation lapses if that is sooner. The bound, for the 31-minute reservation:
 * - one process (a pass every minute): looks at 1, 2, 4, 8 and 16 minutes, at most 5 before the lapse;
 * - any number of processes, passing at any moments: each look at age a ≥ 1 minute puts the next at 2a − 30 s, at
 *   least 1.5 a, so at most 6 (1, 1.5, 2.5, 4.5, 8.5, 16.5 minutes);
 * then one more as the reservation lapses (the session is expired and the tickets go back). The five-minute schedule
 * this replaces asked 6 times too (5, 10, … 30 minutes), its first answer 5 minutes late.
 * A buyer who comes back to the success page while the payment is still pending brings the next look forward to
 * the next pass: one more request at most per return, each return itself a visit that asked the provider.
 */

/** A checkout is first asked about this long after it was created. */
export const FIRST_LOOK_AFTER_MS = 60_000;

/** Half the reconciler's every-minute pass: how much sooner than "twice as old" a pass may look. */
const PASS_SLACK_MS = 30_000;

/**
 * After a look at `now`, when the next look is due: once the checkout is about twice as old, or when its reservation
 * lapses if that is sooner (its tickets then go back at once).
 */
export function nextLookAt(createdAt: Date, now: Date, lapsesAt: Date | null): Date {
  const age = Math.max(FIRST_LOOK_AFTER_MS, now.getTime() - createdAt.getTime());
  const next = now.getTime() + age - PASS_SLACK_MS;
  return new Date(lapsesAt ? Math.min(next, lapsesAt.getTime()) : next);
}
