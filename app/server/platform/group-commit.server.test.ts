import { describe, expect, it } from "vitest";
import { groupCommit } from "./group-commit.server";

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

describe("groupCommit", () => {
  it("sends the first item at once, alone, and those that arrive meanwhile together, in order", async () => {
    const { calls, send } = manualSend();
    const group = groupCommit(send, { maxGroup: 10 });
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
    const group = groupCommit(send, { maxGroup: 2 });
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
    const group = groupCommit(send, { maxGroup: 10 });
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
    const group = groupCommit(send, { maxGroup: 10 });
    const first = group.submit(1);
    calls[0]?.answer([]);
    await expect(first).rejects.toThrow("0 answers for 1 items");
  });

  it("turns a send that throws at once into rejections", async () => {
    const group = groupCommit<number, string>(
      () => {
        throw new Error("bad input");
      },
      { maxGroup: 4 },
    );
    await expect(group.submit(1)).rejects.toThrow("bad input");
  });

  it("refuses a group size below one", () => {
    expect(() => groupCommit(async () => [], { maxGroup: 0 })).toThrow("maxGroup");
  });
});
