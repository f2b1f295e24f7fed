import { describe, expect, it } from "vitest";
import { COMPETITION_STATUSES, type CompetitionStatus } from "../db/constants";
import {
  COMPETITION_FIELDS,
  type CompetitionField,
  type CompetitionValues,
  canCancel,
  canDelete,
  canTransition,
  changedFields,
  dueTransition,
  EDITABLE_WHEN_LIVE,
  isLive,
  lockedChanges,
  SCHEDULE_MESSAGES,
  scheduleProblems,
} from "./competition-lifecycle";

const NOW = new Date("2026-11-21T12:00:00Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const values: CompetitionValues = {
  title: "Win a saddle",
  description: "A saddle.",
  prizeTitle: "Saddle",
  prizeDescription: "A 17-inch saddle.",
  prizeValue: "£1,200",
  cashAlternativePence: null,
  entryPricePence: 250,
  totalTickets: 1000,
  maxTicketsPerUser: null,
  goLiveAt: at(-60),
  endDate: at(60 * 24),
  featured: false,
  closesAtSellOut: false,
  skillQuestion: "How many legs has a horse?",
  skillOptions: ["2", "3", "4", "5"],
  correctAnswer: "4",
  multiBuyTiers: [
    { minQuantity: 3, percent: 5 },
    { minQuantity: 5, percent: 10 },
  ],
};

/** One changed value for every field, each different from `values`. */
const changed: CompetitionValues = {
  title: "Win two saddles",
  description: "A saddle, typo fixed.",
  prizeTitle: "Saddles",
  prizeDescription: "Two saddles.",
  prizeValue: "£2,400",
  cashAlternativePence: 100_000,
  entryPricePence: 199,
  totalTickets: 500,
  maxTicketsPerUser: 20,
  goLiveAt: at(-30),
  endDate: at(60 * 48),
  featured: true,
  closesAtSellOut: true,
  skillQuestion: "How many eyes has a horse?",
  skillOptions: ["2", "3", "4", "6"],
  correctAnswer: "2",
  multiBuyTiers: [{ minQuantity: 4, percent: 8 }],
};

describe("isLive", () => {
  it.each<[CompetitionStatus, Date | null, boolean]>([
    ["draft", null, false],
    ["draft", at(-10), false],
    ["scheduled", at(10), false],
    ["scheduled", at(0), true],
    ["scheduled", at(-10), true],
    ["scheduled", null, false],
    ["active", at(-10), true],
    ["closed", at(-10), true],
    ["completed", null, true],
    ["cancelling", null, true],
    ["cancelled", null, true],
  ])("%s with go-live %s: %s", (status, goLiveAt, live) => {
    expect(isLive({ status, goLiveAt }, NOW)).toBe(live);
  });
});

describe("what may change in which state", () => {
  const lockedWhenLive = COMPETITION_FIELDS.filter(
    (f) => !(EDITABLE_WHEN_LIVE as readonly CompetitionField[]).includes(f),
  );

  it("locks the closing time, prize, price, question, options, answer, total and cap (and the other terms)", () => {
    expect(lockedWhenLive).toEqual(
      expect.arrayContaining([
        "endDate",
        "prizeTitle",
        "prizeDescription",
        "prizeValue",
        "entryPricePence",
        "skillQuestion",
        "skillOptions",
        "correctAnswer",
        "totalTickets",
        "maxTicketsPerUser",
      ]),
    );
    expect([...EDITABLE_WHEN_LIVE].sort()).toEqual(["description", "featured"]);
  });

  // Live: published, or scheduled with its go-live time passed (before the job has moved it on).
  const liveAt = (status: CompetitionStatus, goLiveAt: Date) =>
    status !== "draft" && (status !== "scheduled" || goLiveAt <= NOW);
  const cases = COMPETITION_STATUSES.flatMap((status) =>
    [at(-10), at(10)].flatMap((goLiveAt) =>
      COMPETITION_FIELDS.map((field) => {
        const allowed = !liveAt(status, goLiveAt) || (EDITABLE_WHEN_LIVE as readonly string[]).includes(field);
        return [status, goLiveAt.toISOString(), field, allowed] as const;
      }),
    ),
  );

  it.each(cases)("%s (go-live %s): %s may change: %s", (status, goLiveAt, field, allowed) => {
    const after = { ...values, [field]: changed[field] };
    const comp = { status, goLiveAt: new Date(goLiveAt) };
    expect(lockedChanges(comp, values, after, NOW)).toEqual(allowed ? [] : [field]);
  });

  it("sees no change in equal dates, arrays and nulls, and every change in different ones", () => {
    const copy = { ...values, endDate: new Date(values.endDate), skillOptions: [...values.skillOptions] };
    expect(changedFields(values, copy)).toEqual([]);
    // The form shows times to the minute: a stored time's seconds are not a change.
    expect(
      changedFields({ ...values, endDate: new Date("2026-11-22T12:00:42.5Z") }, { ...values, endDate: at(60 * 24) }),
    ).toEqual([]);
    expect(changedFields(values, { ...values, endDate: at(60 * 24 + 1) })).toEqual(["endDate"]);
    expect(changedFields(values, changed)).toEqual([...COMPETITION_FIELDS]);
    expect(changedFields(values, { ...values, goLiveAt: null })).toEqual(["goLiveAt"]);
    expect(changedFields(values, { ...values, skillOptions: ["2", "3", "5", "4"] })).toEqual(["skillOptions"]);
    // Tiers as the database gives them back (its own key order) are no change; another percentage is.
    const stored = values.multiBuyTiers.map(({ minQuantity, percent }) => ({ percent, minQuantity }));
    expect(changedFields(values, { ...values, multiBuyTiers: stored })).toEqual([]);
    const dearer = [
      { minQuantity: 3, percent: 5 },
      { minQuantity: 5, percent: 12 },
    ];
    expect(changedFields(values, { ...values, multiBuyTiers: dearer })).toEqual(["multiBuyTiers"]);
  });
});

describe("scheduling", () => {
  it.each<[string, Date | null, Date, Record<string, string>]>([
    ["both ahead, closing last", at(10), at(20), {}],
    ["no go-live time", null, at(20), { goLiveAt: SCHEDULE_MESSAGES.goLiveMissing }],
    ["go-live now", at(0), at(20), { goLiveAt: SCHEDULE_MESSAGES.goLivePast }],
    ["go-live past", at(-5), at(20), { goLiveAt: SCHEDULE_MESSAGES.goLivePast }],
    ["closing past", at(10), at(-1), { endDate: SCHEDULE_MESSAGES.closingPast }],
    ["closing now", at(-5), at(0), { goLiveAt: SCHEDULE_MESSAGES.goLivePast, endDate: SCHEDULE_MESSAGES.closingPast }],
    ["closing with go-live", at(10), at(10), { endDate: SCHEDULE_MESSAGES.closingBeforeGoLive }],
    ["closing before go-live", at(30), at(20), { endDate: SCHEDULE_MESSAGES.closingBeforeGoLive }],
    ["both past", at(-30), at(-20), { goLiveAt: SCHEDULE_MESSAGES.goLivePast, endDate: SCHEDULE_MESSAGES.closingPast }],
  ])("%s", (_, goLiveAt, endDate, problems) => {
    expect(scheduleProblems({ goLiveAt, endDate }, NOW)).toEqual(problems);
  });
});

describe("transitions", () => {
  const allowed = new Set([
    "draft→scheduled by staff",
    "scheduled→draft by staff",
    "scheduled→active by system",
    "active→closed by system",
  ]);
  for (const from of COMPETITION_STATUSES)
    for (const to of COMPETITION_STATUSES)
      for (const by of ["staff", "system"] as const) {
        const name = `${from}→${to} by ${by}`;
        it(`${name}: ${allowed.has(name) ? "allowed" : "refused"}`, () => {
          expect(canTransition(from, to, by)).toBe(allowed.has(name));
        });
      }

  const facts = {
    goLiveAt: at(-10),
    endDate: at(60),
    closesAtSellOut: false,
    ticketsSold: 10,
    totalTickets: 100,
  };
  it.each<[string, Partial<typeof facts> & { status: CompetitionStatus }, "active" | "closed" | null]>([
    ["a draft stays a draft whatever the time", { status: "draft" }, null],
    ["scheduled, go-live ahead: waits", { status: "scheduled", goLiveAt: at(1) }, null],
    ["scheduled, go-live reached: goes live", { status: "scheduled", goLiveAt: at(0) }, "active"],
    ["scheduled and already past closing: goes live first", { status: "scheduled", endDate: at(-1) }, "active"],
    ["active before closing: stays", { status: "active" }, null],
    ["active at its closing time: closes", { status: "active", endDate: at(0) }, "closed"],
    ["active, sold out, no early close in the terms: stays", { status: "active", ticketsSold: 100 }, null],
    [
      "active, sold out, terms close at sell-out: closes early",
      { status: "active", ticketsSold: 100, closesAtSellOut: true },
      "closed",
    ],
    ["active, not sold out, early close: stays", { status: "active", closesAtSellOut: true }, null],
    ["closed stays closed", { status: "closed", endDate: at(-60) }, null],
    ["completed stays completed", { status: "completed", endDate: at(-60) }, null],
    ["cancelling is left to the cancellation", { status: "cancelling", endDate: at(-60) }, null],
  ])("%s", (_, overrides, due) => {
    expect(dueTransition({ ...facts, ...overrides }, NOW)).toBe(due);
  });

  it.each(COMPETITION_STATUSES)("deleting a %s competition", (status) => {
    expect(canDelete(status)).toBe(status === "draft");
  });

  it.each(COMPETITION_STATUSES)("cancelling a %s competition", (status) => {
    expect(canCancel(status)).toBe(!["completed", "cancelling", "cancelled"].includes(status));
  });
});
