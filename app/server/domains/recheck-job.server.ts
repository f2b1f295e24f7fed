import { type PeriodicJob, startPeriodicJob } from "../platform/jobs.server";
import type { Services } from "../platform/services.server";
import { recheckDueDomains } from "./custom-domain.server";

/** Looks for due re-checks this often; each domain's own next check backs off from a minute to an hour. */
const DOMAIN_RECHECK_INTERVAL_MS = 60_000;

/** Re-checks custom domains, in every process: until they are verified, then hourly while they stay so. */
export function startDomainRecheckJob(services: Services): PeriodicJob<{ checked: number; verified: number }> {
  return startPeriodicJob({
    name: "custom domain re-check",
    pass: () => recheckDueDomains(services),
    intervalMs: DOMAIN_RECHECK_INTERVAL_MS,
    firstDelayMs: 30_000,
    logger: services.logger,
  });
}
