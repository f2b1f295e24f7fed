/** Shown when the database is away for a moment (a failover, a restart): nothing is wrong with what was sent. */
export const DATABASE_UNAVAILABLE = {
  title: "Please try again in a moment",
  message:
    "We could not reach our records just now. Nothing is wrong with your account: please try again in a few seconds.",
  retryAfterSeconds: 5,
} as const;
