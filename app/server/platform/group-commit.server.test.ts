import { describe, expect, it } from "vitest";
import { answeredInOrder, type Batched, groupCommit } from "./group-commit.server";

/** A `send` whose calls stay open until the test answers them. */
function manualSend() {
  const calls: { items: number[]; answer: (a: string[]) => void; fail: (e: unknown) => void }[] = [];
  const send = (items: number[]) =>
    new Promise<string[]>((answer, fail) => {
      calls.push({ items, answer, fail });
    });
  return { calls, send };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("groupCommit with answeredInOrder: one answer per item, in order", () => {
  it("sends the first item at once, alone, and those that arrive meanwhile together, in order", async () => {
    const { calls, send } = manualSend();
    const group = groupCommit(answeredInOrder(send), { maxGroup: 10 });
    const first = group.submit(1);
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    const later = [group.submit(2), group.submit(3), group.submit(4)];
    expect(group.waiting()).toBe(3);
    calls[0]?.answer(["one"]);
    expect(await first).toBe("one");
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]?.answer(["two", "three", "four"]);
    expect(await Promise.all(later)).toEqual(["two", "three", "four"]);
    expect(group.waiting()).toBe(0);
  });

  it("never sends more than maxGroup items at a time", async () => {
    const { calls, send } = manualSend();
    const group = groupCommit(answeredInOrder(send), { maxGroup: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => group.submit(n));
    calls[0]?.answer(["a"]);
    await tick();
    calls[1]?.answer(["b", "c"]);
    await tick();
    calls[2]?.answer(["d", "e"]);
    expect(await Promise.all(all)).toEqual(["a", "b", "c", "d", "e"]);
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3], [4, 5]]);
  });

  it("rejects every item of a group whose send failed, and sends the next group as usual", async () => {
    const { calls, send } = manualSend();
    const group = groupCommit(answeredInOrder(send), { maxGroup: 10 });
    const first = group.submit(1);
    const second = Promise.allSettled([group.submit(2), group.submit(3)]);
    calls[0]?.answer(["one"]);
    await first;
    await tick();
    const third = group.submit(4);
    calls[1]?.fail(new Error("connection lost"));
    const failed = await second;
    expect(failed.map((r) => (r.status === "rejected" ? String(r.reason) : r.status))).toEqual([
      "Error: connection lost",
      "Error: connection lost",
    ]);
    await tick();
    expect(calls[2]?.items).toEqual([4]);
    calls[2]?.answer(["four"]);
    expect(await third).toBe("four");
  });

  it("rejects a group answered with the wrong number of answers rather than mismatching them", async () => {
    const { calls, send } = manualSend();
    const group = groupCommit(answeredInOrder(send), { maxGroup: 10 });
    const first = group.submit(1);
    calls[0]?.answer([]);
    await expect(first).rejects.toThrow("0 answers for 1 items");
  });

  it("turns a send that throws at once into rejections", async () => {
    const group = groupCommit<number, string>(
      answeredInOrder(() => {
        throw new Error("bad input");
      }),
      { maxGroup: 4 },
    );
    await expect(group.submit(1)).rejects.toThrow("bad input");
  });

  it("refuses a group size below one", () => {
    expect(() => groupCommit(async () => {}, { maxGroup: 0 })).toThrow("maxGroup");
  });
});

/** A runner whose batches end when the test says so, recording each batch's items. */
function controlled() {
  const batches: number[][] = [];
  const ends: (() => void)[] = [];
  const run = async (batch: Batched<number, string>[]) => {
    batches.push(batch.map((b) => b.item));
    await new Promise<void>((resolve) => ends.push(resolve));
    for (const b of batch) b.resolve(`done ${b.item}`);
  };
  return { batches, ends, run };
}

describe("groupCommit: each item settled by the group's run", () => {
  it("runs the first item at once and batches those that arrive meanwhile, at most max at a time", async () => {
    const { batches, ends, run } = controlled();
    const { submit } = groupCommit(run, { maxGroup: 3 });
    const answers = [1, 2, 3, 4, 5, 6].map((n) => submit(n));
    await tick();
    expect(batches).toEqual([[1]]);
    ends.shift()?.();
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    ends.shift()?.();
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    ends.shift()?.();
    expect(await Promise.all(answers)).toEqual(["done 1", "done 2", "done 3", "done 4", "done 5", "done 6"]);
    // Idle again: the next item goes at once.
    const later = submit(7);
    await tick();
    expect(batches.at(-1)).toEqual([7]);
    ends.shift()?.();
    expect(await later).toBe("done 7");
  });

  it("rejects the items a failed batch left unsettled, keeps those it settled, and goes on", async () => {
    let calls = 0;
    const { submit } = groupCommit<number, number>(
      async (batch) => {
        calls++;
        if (calls === 2) {
          batch[0]?.resolve(10);
          throw new Error("batch failed");
        }
        for (const b of batch) b.resolve(b.item);
      },
      { maxGroup: 10 },
    );
    const first = submit(1);
    const second = submit(2);
    const third = submit(3);
    expect(await first).toBe(1);
    expect(await second).toBe(10);
    await expect(third).rejects.toThrow("batch failed");
    expect(await submit(4)).toBe(4);
  });

  it("never leaves a caller waiting when a batch forgets an item", async () => {
    const { submit } = groupCommit<number, number>(async () => {}, { maxGroup: 10 });
    await expect(submit(1)).rejects.toThrow(/without settling/);
  });
});
