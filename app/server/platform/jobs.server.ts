import type { Logger } from "./logger.server";

export type PeriodicJob<R> = { runOnce(): Promise<R>; stop(): Promise<void> };

/** What /metrics reports of each periodic job this process runs: when its last pass finished well, and how often. */
export type JobRecord = { name: string; intervalMs: number; startedAt: number; lastSuccessAt: number | null };
const records = new Map<string, JobRecord>();

/** The periodic jobs running in this process (the last started of each name). */
export function periodicJobs(): JobRecord[] {
  return [...records.values()];
}

/**
 * Runs `pass` every `intervalMs` in this process, first after `firstDelayMs`. A pass never overlaps the previous
 * one; a failed pass is logged and the next one runs as usual; stop() waits for a pass under way to finish.
 */
export function startPeriodicJob<R>(options: {
  name: string;
  pass: () => Promise<R>;
  intervalMs: number;
  firstDelayMs: number;
  logger: Logger;
}): PeriodicJob<R> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const record: JobRecord = {
    name: options.name,
    intervalMs: options.intervalMs,
    startedAt: Date.now(),
    lastSuccessAt: null,
  };
  records.set(options.name, record);
  const tick = () => {
    if (running || stopped) return;
    running = options
      .pass()
      .then(() => {
        record.lastSuccessAt = Date.now();
      })
      .catch((error) => options.logger.error({ err: error }, `${options.name} pass failed`))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, options.firstDelayMs);
  const timer = setInterval(tick, options.intervalMs);
  first.unref();
  timer.unref();
  return {
    runOnce: options.pass,
    async stop() {
      stopped = true;
      if (records.get(options.name) === record) records.delete(options.name);
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
