import { describe, expect, it } from "vitest";
import { createPoliteAnnouncer } from "./polite-announcer";

/** A clock whose time moves only when the test says, running due timers in order. */
function manualClock() {
  let time = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => time,
    setTimeout(run: () => void, ms: number) {
      timers.set(nextId, { at: time + ms, run });
      return nextId++;
    },
    clearTimeout(id: number) {
      timers.delete(id);
    },
    advance(ms: number) {
      const until = time + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due[0]);
        time = due[1].at;
        due[1].run();
      }
      time = until;
    },
  };
}

function announcer() {
  const clock = manualClock();
  const said: string[] = [];
  const polite = createPoliteAnnouncer(5000, (text) => said.push(text), clock);
  return { clock, said, polite };
}

describe("createPoliteAnnouncer", () => {
  it("says the first change at once", () => {
    const { clock, said, polite } = announcer();
    polite.say("11 of 500 sold");
    clock.advance(0);
    expect(said).toEqual(["11 of 500 sold"]);
  });

  it("holds changes inside the interval and then says only the latest", () => {
    const { clock, said, polite } = announcer();
    polite.say("11 sold");
    clock.advance(0);
    clock.advance(1000);
    polite.say("12 sold");
    clock.advance(1000);
    polite.say("15 sold");
    clock.advance(2999);
    expect(said).toEqual(["11 sold"]);
    clock.advance(1);
    expect(said).toEqual(["11 sold", "15 sold"]);
  });

  it("says a change at once when the interval has already passed", () => {
    const { clock, said, polite } = announcer();
    polite.say("11 sold");
    clock.advance(6000);
    polite.say("12 sold");
    clock.advance(0);
    expect(said).toEqual(["11 sold", "12 sold"]);
  });

  it("never says more than once in any interval, however fast the changes come", () => {
    const { clock, said, polite } = announcer();
    const times: number[] = [];
    const timed = createPoliteAnnouncer(5000, () => times.push(clock.now()), clock);
    for (let sale = 0; sale < 200; sale++) {
      timed.say(`${sale} sold`);
      polite.say(`${sale} sold`);
      clock.advance(150);
    }
    clock.advance(5000);
    const gaps = times.slice(1).map((time, i) => time - (times[i] ?? 0));
    expect(times.length).toBeGreaterThan(1);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(5000);
    expect(said.at(-1)).toBe("199 sold");
  });

  it("says nothing after it stops", () => {
    const { clock, said, polite } = announcer();
    polite.say("11 sold");
    polite.stop();
    clock.advance(10_000);
    expect(said).toEqual([]);
  });
});
