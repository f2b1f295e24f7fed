import { describe, expect, it } from "vitest";
import { bellLabel, closingSoonText, isClosingSoon, retentionCutoff } from "./notifications";

const now = new Date("2026-11-23T12:00:00Z");
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe("closing soon", () => {
  it.each([
    { hours: -1, soon: false, why: "already closed" },
    { hours: 0, soon: false, why: "closing this instant is closed" },
    { hours: 0.01, soon: true, why: "a minute away" },
    { hours: 23.9, soon: true, why: "within the day" },
    { hours: 24, soon: true, why: "exactly 24 hours away" },
    { hours: 24.01, soon: false, why: "just over 24 hours away" },
    { hours: 72, soon: false, why: "days away" },
  ])("$hours h from now → $soon ($why)", ({ hours, soon }) => {
    expect(isClosingSoon(inHours(hours), now)).toBe(soon);
  });

  it("names the competition and its closing time in UK time (BST in summer)", () => {
    expect(closingSoonText("Saddle", new Date("2026-07-01T18:00:00Z"))).toEqual({
      title: "Closing within 24 hours",
      body: "Saddle, which you entered, closes Wednesday 1 July 2026, 19:00 BST.",
    });
  });
});

describe("retention", () => {
  it("keeps 90 days", () => {
    expect(retentionCutoff(now).toISOString()).toBe("2026-08-25T12:00:00.000Z");
  });
});

describe("the bell's label", () => {
  it.each([
    [0, "Notifications, none unread"],
    [1, "Notifications, 1 unread"],
    [99, "Notifications, 99 unread"],
    [100, "Notifications, more than 99 unread"],
  ])("%i → %s", (count, label) => {
    expect(bellLabel(count)).toBe(label);
  });
});
