import { describe, expect, it } from "vitest";
import { type Batched, groupCommit } from "./group-commit.server";

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

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("groupCommit", () => {
  it("runs the first item at once and batches those that arrive meanwhile, at most max at a time", async () => {
    const { batches, ends, run } = controlled();
    const submit = groupCommit(run, 3);
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
    const submit = groupCommit<number, number>(async (batch) => {
      calls++;
      if (calls === 2) {
        batch[0]?.resolve(10);
        throw new Error("batch failed");
      }
      for (const b of batch) b.resolve(b.item);
    }, 10);
    const first = submit(1);
    const second = submit(2);
    const third = submit(3);
    expect(await first).toBe(1);
    expect(await second).toBe(10);
    await expect(third).rejects.toThrow("batch failed");
    expect(await submit(4)).toBe(4);
  });

  it("never leaves a caller waiting when a batch forgets an item", async () => {
    const submit = groupCommit<number, number>(async () => {}, 10);
    await expect(submit(1)).rejects.toThrow(/without settling/);
  });
});
