import { describe, expect, it } from "vitest";
import {
  DRAW_DELAY_MS,
  decidingRound,
  drawRuleFor,
  drawTiming,
  firstRoundFrom,
  QUICKNET,
  roundAt,
  roundTime,
} from "./chain";

const MINUTE = 60_000;
const at = (seconds: number) => new Date(seconds * 1000);

describe("rounds and times on quicknet", () => {
  it("numbers rounds from 1 at genesis, one every 3 seconds", () => {
    expect(roundAt(QUICKNET, at(QUICKNET.genesis))).toBe(1);
    expect(roundAt(QUICKNET, at(QUICKNET.genesis + 2))).toBe(1);
    expect(roundAt(QUICKNET, at(QUICKNET.genesis + 3))).toBe(2);
    expect(roundTime(QUICKNET, 1000)).toEqual(at(QUICKNET.genesis + 999 * 3));
  });

  it("the round current at a round's own time is that round; the first round from a time is never before it", () => {
    for (const round of [1, 2, 123, 1000, 14_517_013, 30_000_000]) {
      expect(roundAt(QUICKNET, roundTime(QUICKNET, round))).toBe(round);
      expect(firstRoundFrom(QUICKNET, roundTime(QUICKNET, round))).toBe(round);
      const justAfter = new Date(roundTime(QUICKNET, round).getTime() + 1);
      expect(firstRoundFrom(QUICKNET, justAfter)).toBe(round + 1);
      expect(roundTime(QUICKNET, firstRoundFrom(QUICKNET, justAfter)).getTime()).toBeGreaterThanOrEqual(
        justAfter.getTime(),
      );
    }
  });
});

describe("the draw rule", () => {
  const closes = new Date("2026-12-01T18:00:00Z");
  const rule = drawRuleFor(QUICKNET, closes);

  it("draws an hour after the closing time, at the round current then, on the pinned chain", () => {
    expect(rule.drawAt.getTime() - closes.getTime()).toBe(DRAW_DELAY_MS);
    expect(rule.round).toBe(roundAt(QUICKNET, rule.drawAt));
    expect(rule.chainHash).toBe(QUICKNET.hash);
  });

  it("tells the create form the same time and round, and when that round is emitted (at or before the time)", () => {
    const timing = drawTiming(QUICKNET, closes);
    expect(timing).toMatchObject({ drawAt: rule.drawAt, round: rule.round });
    expect(timing.roundAt.getTime()).toBeLessThanOrEqual(rule.drawAt.getTime());
    expect(rule.drawAt.getTime() - timing.roundAt.getTime()).toBeLessThan(QUICKNET.period * 1000);
  });

  it("keeps the round when the manifest is out at least 30 minutes before the draw time", () => {
    expect(decidingRound(QUICKNET, rule, closes)).toEqual({ round: rule.round, moved: false });
    expect(decidingRound(QUICKNET, rule, new Date(rule.drawAt.getTime() - 30 * MINUTE))).toEqual({
      round: rule.round,
      moved: false,
    });
  });

  it("moves to the first round at least 60 minutes after a late publication", () => {
    const late = new Date(rule.drawAt.getTime() - 30 * MINUTE + 1000);
    const moved = decidingRound(QUICKNET, rule, late);
    expect(moved.moved).toBe(true);
    expect(moved.round).toBe(firstRoundFrom(QUICKNET, new Date(late.getTime() + 60 * MINUTE)));
    expect(roundTime(QUICKNET, moved.round).getTime()).toBeGreaterThanOrEqual(late.getTime() + 60 * MINUTE);
    expect(roundTime(QUICKNET, moved.round - 1).getTime()).toBeLessThan(late.getTime() + 60 * MINUTE);
  });
});
