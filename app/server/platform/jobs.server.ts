import type { Logger } from "./logger.server";

export type PeriodicJob<R> = { runOnce(): Promise<R>; stop(): Promise<void> };

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
  const tick = () => {
    if (running || stopped) return;
    running = options
      .pass()
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
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
