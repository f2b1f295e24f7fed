/**
 * Group commit (ADR 039): items submitted one by one are sent in groups by one `send` call each. The first item goes
 * at once, alone; items submitted while a group is being sent wait for it and then go together as the next group,
 * at most `maxGroup` at a time, in the order they were submitted. There is no timer: a quiet caller pays no delay,
 * a busy one at most one group's time. `send` answers each item of its group in order; if it throws, every item of
 * that group is rejected with its error (and the groups after it are sent as usual).
 */
export type GroupCommit<Item, Answer> = {
  submit(item: Item): Promise<Answer>;
  /** Items waiting for the group in flight (for tests and figures). */
  waiting(): number;
};

type Waiter<Item, Answer> = { item: Item; resolve: (answer: Answer) => void; reject: (error: unknown) => void };

export function groupCommit<Item, Answer>(
  send: (items: Item[]) => Promise<Answer[]>,
  options: { maxGroup: number },
): GroupCommit<Item, Answer> {
  if (!Number.isInteger(options.maxGroup) || options.maxGroup < 1) throw new Error("maxGroup must be 1 or more");
  const queue: Waiter<Item, Answer>[] = [];
  let sending = false;

  const settle = (group: Waiter<Item, Answer>[], answers: Answer[]) => {
    if (answers.length !== group.length) {
      const error = new Error(`group commit: ${answers.length} answers for ${group.length} items`);
      for (const waiter of group) waiter.reject(error);
      return;
    }
    for (const [i, waiter] of group.entries()) waiter.resolve(answers[i] as Answer);
  };

  const flush = () => {
    if (sending || queue.length === 0) return;
    sending = true;
    const group = queue.splice(0, options.maxGroup);
    let sent: Promise<Answer[]>;
    try {
      sent = send(group.map((waiter) => waiter.item));
    } catch (error) {
      sent = Promise.reject(error);
    }
    sent
      .then(
        (answers) => settle(group, answers),
        (error) => {
          for (const waiter of group) waiter.reject(error);
        },
      )
      .finally(() => {
        sending = false;
        flush();
      });
  };

  return {
    submit(item) {
      return new Promise<Answer>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        flush();
      });
    },
    waiting: () => queue.length,
  };
}
