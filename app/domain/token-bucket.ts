/**
 * The payment provider allows so many requests per second per endpoint (Stripe: 25/s in the sandbox and per endpoint
 * by default, 429 beyond). Every app process takes its requests from one token bucket kept in the database
 * (`paddock_take_tokens`, drizzle/0027: refilled and taken under its row lock in the statement that claims the
 * orders, ADR 027); what is left here is the pure rule for a request the provider refused.
 */

/** After a 429 or an error: wait 250 ms, doubling with each attempt, at most 8 s. */
export function sessionRetryDelayMs(attempts: number): number {
  return Math.min(8_000, 250 * 2 ** Math.max(0, Math.min(attempts - 1, 10)));
}
