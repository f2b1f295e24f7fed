/**
 * Group commit (ADR 039, ADR 040): items submitted one by one are run in groups. The first item goes at once, alone;
 * items submitted while a group is running wait for it and then go together as the next group, at most `maxGroup` at
 * a time, in the order they were submitted. There is no timer: a quiet caller pays no delay, a busy one at most one
 * group's time. `run` settles (resolves or rejects) every item of its group; should it throw, or end with an item
 * unsettled, that item is rejected, and the groups after it run as usual.
 */
export type Batched<Item, Answer> = { item: Item; resolve(value: Answer): void; reject(error: unknown): void };

export type GroupCommit<Item, Answer> = {
  submit(item: Item): Promise<Answer>;
  /** Items waiting for the group in flight (for tests and figures). */
  waiting(): number;
};

/** The most items a group of card checks or fulfilments takes: a sale's burst, and never long under its locks. */
export const GROUP_COMMIT_MAX = 32;

export function groupCommit<Item, Answer>(
  run: (group: Batched<Item, Answer>[]) => Promise<void>,
  options: { maxGroup: number },
): GroupCommit<Item, Answer> {
  if (!Number.isInteger(options.maxGroup) || options.maxGroup < 1) throw new Error("maxGroup must be 1 or more");
  const queue: Batched<Item, Answer>[] = [];
  let running = false;

  const runGroup = async (group: Batched<Item, Answer>[]) => {
    const settled = new Set<Batched<Item, Answer>>();
    const tracked = group.map((entry) => ({
      item: entry.item,
      resolve: (value: Answer) => {
        settled.add(entry);
        entry.resolve(value);
      },
      reject: (error: unknown) => {
        settled.add(entry);
        entry.reject(error);
      },
    }));
    let failure: unknown = new Error("a group ended without settling one of its items");
    try {
      await run(tracked);
    } catch (error) {
      failure = error;
    }
    for (const entry of group) if (!settled.has(entry)) entry.reject(failure);
  };

  const drain = async () => {
    running = true;
    try {
      while (queue.length > 0) await runGroup(queue.splice(0, options.maxGroup));
    } finally {
      running = false;
    }
  };

  return {
    submit(item) {
      return new Promise<Answer>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!running) void drain();
      });
    },
    waiting: () => queue.length,
  };
}

/**
 * A group's `run` for a `send` that answers each item in order (one statement answering an array): a group answered
 * with the wrong number of answers is rejected whole rather than mismatched.
 */
export function answeredInOrder<Item, Answer>(
  send: (items: Item[]) => Promise<Answer[]>,
): (group: Batched<Item, Answer>[]) => Promise<void> {
  return async (group) => {
    const answers = await send(group.map((entry) => entry.item));
    if (answers.length !== group.length)
      throw new Error(`group commit: ${answers.length} answers for ${group.length} items`);
    for (const [i, entry] of group.entries()) entry.resolve(answers[i] as Answer);
  };
}
