import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from "./competition-status";
import { countdownParts, nextDraw } from "./countdown";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const inFuture = (ms: number) => new Date(NOW.getTime() + ms);

describe("nextDraw", () => {
  it("is null when there are no competitions", () => {
    expect(nextDraw([], NOW)).toBeNull();
  });

  it("picks the soonest closing active competition, whatever the order", () => {
    const soonest = inFuture(2 * HOUR_MS);
    const competitions = [
      { endDate: inFuture(3 * DAY_MS), status: "active" },
      { endDate: soonest, status: "active" },
      { endDate: inFuture(DAY_MS), status: "active" },
    ];
    expect(nextDraw(competitions, NOW)).toEqual(soonest);
    expect(nextDraw([...competitions].reverse(), NOW)).toEqual(soonest);
  });

  it("ignores competitions that have already closed, including one closing right now", () => {
    const later = inFuture(DAY_MS);
    const competitions = [
      { endDate: inFuture(-HOUR_MS), status: "active" },
      { endDate: inFuture(0), status: "active" },
      { endDate: later, status: "active" },
    ];
    expect(nextDraw(competitions, NOW)).toEqual(later);
  });

  it.each(["draft", "completed", "cancelled", "ACTIVE", ""])("ignores a %j competition", (status) => {
    const later = inFuture(DAY_MS);
    const competitions = [
      { endDate: inFuture(HOUR_MS), status },
      { endDate: later, status: "active" },
    ];
    expect(nextDraw(competitions, NOW)).toEqual(later);
  });

  it("is null when nothing active is still open", () => {
    const competitions = [
      { endDate: inFuture(-DAY_MS), status: "active" },
      { endDate: inFuture(DAY_MS), status: "completed" },
      { endDate: inFuture(DAY_MS), status: "draft" },
    ];
    expect(nextDraw(competitions, NOW)).toBeNull();
  });

  it("skips an invalid end date", () => {
    const later = inFuture(DAY_MS);
    const competitions = [
      { endDate: new Date(Number.NaN), status: "active" },
      { endDate: later, status: "active" },
    ];
    expect(nextDraw(competitions, NOW)).toEqual(later);
  });

  it("moves on to the next competition once the soonest closes", () => {
    const first = inFuture(HOUR_MS);
    const second = inFuture(2 * HOUR_MS);
    const competitions = [
      { endDate: second, status: "active" },
      { endDate: first, status: "active" },
    ];
    expect(nextDraw(competitions, NOW)).toEqual(first);
    expect(nextDraw(competitions, first)).toEqual(second);
    expect(nextDraw(competitions, second)).toBeNull();
  });
});

describe("countdownParts", () => {
  it.each([
    [3 * DAY_MS + 4 * HOUR_MS + 5 * MINUTE_MS + 6 * SECOND_MS, ["03", "04", "05", "06"]],
    [12 * DAY_MS + 23 * HOUR_MS + 59 * MINUTE_MS + 59 * SECOND_MS + 999, ["12", "23", "59", "59"]],
    [DAY_MS, ["01", "00", "00", "00"]],
    [DAY_MS - 1, ["00", "23", "59", "59"]],
    [SECOND_MS, ["00", "00", "00", "01"]],
    [999, ["00", "00", "00", "00"]],
    [123 * DAY_MS, ["123", "00", "00", "00"]],
    [0, ["00", "00", "00", "00"]],
    [-DAY_MS, ["00", "00", "00", "00"]],
  ])("%i ms left shows %o", (offset, [days, hours, minutes, seconds]) => {
    expect(countdownParts(inFuture(offset), NOW)).toEqual({ days, hours, minutes, seconds });
  });

  it("shows all zeros for an invalid target", () => {
    expect(countdownParts(new Date(Number.NaN), NOW)).toEqual({
      days: "00",
      hours: "00",
      minutes: "00",
      seconds: "00",
    });
  });

  it("ticks down one second at a time with two-digit parts", () => {
    const target = inFuture(2 * HOUR_MS);
    let previousSeconds = Number.POSITIVE_INFINITY;
    for (let elapsed = 0; elapsed <= 2 * HOUR_MS; elapsed += SECOND_MS) {
      const parts = countdownParts(target, inFuture(elapsed));
      for (const part of Object.values(parts)) expect(part).toMatch(/^\d{2}$/);
      const seconds = Number(parts.hours) * 3600 + Number(parts.minutes) * 60 + Number(parts.seconds);
      expect(seconds).toBe(previousSeconds === Number.POSITIVE_INFINITY ? 7200 : previousSeconds - 1);
      previousSeconds = seconds;
    }
  });
});
