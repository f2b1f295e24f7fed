import { type PeriodicJob, startPeriodicJob } from "../platform/jobs.server";
import type { Services } from "../platform/services.server";
import { sendDueRecoveries } from "./send.server";

/** How often the automatic recovery rule looks for checkouts due an e-mail (it does nothing while it is off). */
export const RECOVERY_AUTO_SEND_INTERVAL_MS = 5 * 60_000;

/** Runs the automatic recovery rule in every process; each order is sent for once at most whichever runs it. */
export function startRecoveryAutoSendJob(services: Services): PeriodicJob<{ considered: number; sent: number }> {
  return startPeriodicJob({
    name: "checkout recovery",
    pass: () => sendDueRecoveries(services),
    intervalMs: RECOVERY_AUTO_SEND_INTERVAL_MS,
    firstDelayMs: 60_000,
    logger: services.logger,
  });
}
