/**
 * A group commit (ADR 040): work items that arrive while a batch is being run wait and form the next batch; the
 * first item goes at once, alone. `run` settles a whole batch and must settle (resolve or reject) every item of it;
 * should it throw instead, each of its items still unsettled is rejected with that error. At most `max` per batch.
 */
/** The most items a batch takes: enough for a sale's burst, few enough that one batch never holds locks for long. */
export const GROUP_COMMIT_MAX = 32;

export type Batched<T, R> = { item: T; resolve(value: R): void; reject(error: unknown): void };

export function groupCommit<T, R>(
  run: (batch: Batched<T, R>[]) => Promise<void>,
  max: number,
): (item: T) => Promise<R> {
  const waiting: Batched<T, R>[] = [];
  let running = false;

  const drain = async () => {
    running = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, max);
        const settled = new Set<Batched<T, R>>();
        const tracked = batch.map((entry) => ({
          item: entry.item,
          resolve: (value: R) => {
            settled.add(entry);
            entry.resolve(value);
          },
          reject: (error: unknown) => {
            settled.add(entry);
            entry.reject(error);
          },
        }));
        try {
          await run(tracked);
        } catch (error) {
          for (const entry of batch) if (!settled.has(entry)) entry.reject(error);
        }
        for (const entry of batch)
          if (!settled.has(entry)) entry.reject(new Error("a batch ended without settling one of its items"));
      }
    } finally {
      running = false;
    }
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
