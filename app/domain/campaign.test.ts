import { describe, expect, it } from "vitest";
import { CAMPAIGN_AUDIENCES, CAMPAIGN_STATES, type CampaignState } from "~/db/constants";
import {
  type AudienceChoice,
  type CampaignAction,
  isEditable,
  MAX_BATCH_SIZE,
  marketingExclusion,
  matchesAudience,
  nextCampaignState,
  passAllowance,
  planBatches,
  type RecipientFacts,
  receivesCampaign,
} from "./campaign";

const now = new Date("2026-11-23T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const granted = { status: "granted", since: daysAgo(400), source: "sign-up:join" } as const;
const withdrawn = { status: "withdrawn", since: daysAgo(1), source: "newsletter-one-click" } as const;

function person(
  overrides: Partial<NonNullable<RecipientFacts["account"]>> = {},
  consent: RecipientFacts["consent"] = granted,
): RecipientFacts {
  return {
    consent,
    account: {
      deleted: false,
      emailVerified: true,
      createdAt: daysAgo(200),
      pausedUntil: null,
      excludedUntil: null,
      lastPaidAt: null,
      enteredCompetitionIds: [],
      ...overrides,
    },
  };
}
const subscriber = (consent: RecipientFacts["consent"] = granted): RecipientFacts => ({ consent, account: null });

describe("a campaign's states", () => {
  const cases: [CampaignState, CampaignAction, CampaignState | null][] = [
    ["draft", "schedule", "scheduled"],
    ["draft", "cancel", "cancelled"],
    ["draft", "start", null],
    ["draft", "unschedule", null],
    ["scheduled", "unschedule", "draft"],
    ["scheduled", "cancel", "cancelled"],
    ["scheduled", "start", "sending"],
    ["scheduled", "schedule", null],
    ["sending", "cancel", null],
    ["sending", "finish", "sent"],
    ["sent", "cancel", null],
    ["sent", "schedule", null],
    ["cancelled", "schedule", null],
    ["cancelled", "start", null],
  ];
  it.each(cases)("%s, %s → %s", (from, action, to) => {
    expect(nextCampaignState(from, action)).toBe(to);
  });

  it("nothing leaves sent or cancelled", () => {
    const actions: CampaignAction[] = ["schedule", "unschedule", "cancel", "start", "finish"];
    for (const action of actions) {
      expect(nextCampaignState("sent", action)).toBeNull();
      expect(nextCampaignState("cancelled", action)).toBeNull();
    }
  });

  it("only a draft can be edited", () => {
    expect(CAMPAIGN_STATES.filter(isEditable)).toEqual(["draft"]);
  });
});

describe("who may receive marketing at all", () => {
  it("someone whose latest ledger entry is a grant may", () => {
    expect(marketingExclusion(person(), now)).toBeNull();
    expect(marketingExclusion(subscriber(), now)).toBeNull();
  });

  it("withdrawn or never asked: no", () => {
    expect(marketingExclusion(person({}, withdrawn), now)).toBe("no-consent");
    expect(marketingExclusion(subscriber({ status: "never" }), now)).toBe("no-consent");
  });

  it("a self-excluded person with an old grant gets nothing, until the exclusion ends", () => {
    expect(marketingExclusion(person({ excludedUntil: daysAgo(-180) }), now)).toBe("self-excluded");
    expect(marketingExclusion(person({ excludedUntil: daysAgo(1) }), now)).toBeNull();
  });

  it("a paused account gets nothing while paused", () => {
    expect(marketingExclusion(person({ pausedUntil: daysAgo(-1) }), now)).toBe("paused");
    expect(marketingExclusion(person({ pausedUntil: daysAgo(0.001) }), now)).toBeNull();
  });

  it("an account whose address was never confirmed gets nothing, whatever its consent says", () => {
    expect(marketingExclusion(person({ emailVerified: false }), now)).toBe("unconfirmed-address");
    expect(marketingExclusion(person({ emailVerified: false, pausedUntil: daysAgo(-1) }), now)).toBe(
      "unconfirmed-address",
    );
  });

  it("a deleted account gets nothing, whatever else holds", () => {
    expect(marketingExclusion(person({ deleted: true }), now)).toBe("deleted");
  });
});

describe("audiences", () => {
  const everyone: AudienceChoice = { audience: "everyone", competitionId: null };
  const buyers: AudienceChoice = { audience: "recent-buyers", competitionId: null };
  const newcomers: AudienceChoice = { audience: "new-sign-ups", competitionId: null };
  const entrants = (id: number | null): AudienceChoice => ({ audience: "competition-entrants", competitionId: id });

  it("everyone takes account holders and plain subscribers alike", () => {
    expect(matchesAudience(everyone, person(), now)).toBe(true);
    expect(matchesAudience(everyone, subscriber(), now)).toBe(true);
  });

  it.each([
    [1, true],
    [29.9, true],
    [30, true],
    [30.1, false],
    [365, false],
  ])("a buyer who paid %s days ago is recent: %s", (days, expected) => {
    expect(matchesAudience(buyers, person({ lastPaidAt: daysAgo(days) }), now)).toBe(expected);
  });

  it("never paid, or a subscriber without an account, is not a recent buyer", () => {
    expect(matchesAudience(buyers, person(), now)).toBe(false);
    expect(matchesAudience(buyers, subscriber(), now)).toBe(false);
  });

  it.each([
    [0, true],
    [30, true],
    [31, false],
  ])("an account made %s days ago is a new sign-up: %s", (days, expected) => {
    expect(matchesAudience(newcomers, person({ createdAt: daysAgo(days) }), now)).toBe(expected);
  });

  it("entrants are those holding tickets in the chosen competition", () => {
    expect(matchesAudience(entrants(7), person({ enteredCompetitionIds: [3, 7] }), now)).toBe(true);
    expect(matchesAudience(entrants(8), person({ enteredCompetitionIds: [3, 7] }), now)).toBe(false);
    expect(matchesAudience(entrants(null), person({ enteredCompetitionIds: [3, 7] }), now)).toBe(false);
    expect(matchesAudience(entrants(7), subscriber(), now)).toBe(false);
  });

  it("every audience is narrowed by consent and protection", () => {
    for (const audience of CAMPAIGN_AUDIENCES) {
      const choice = { audience, competitionId: 7 };
      const fits = { lastPaidAt: daysAgo(2), createdAt: daysAgo(2), enteredCompetitionIds: [7] };
      expect(receivesCampaign(choice, person(fits), now)).toBe(true);
      expect(receivesCampaign(choice, person(fits, withdrawn), now)).toBe(false);
      expect(receivesCampaign(choice, person({ ...fits, excludedUntil: daysAgo(-30) }), now)).toBe(false);
      expect(receivesCampaign(choice, person({ ...fits, pausedUntil: daysAgo(-3) }), now)).toBe(false);
    }
  });
});

describe("batches", () => {
  it("a minute's pass may queue the rate per minute; a shorter one its share; a late one a minute's worth", () => {
    expect(passAllowance(600, 60_000)).toBe(600);
    expect(passAllowance(600, 15_000)).toBe(150);
    expect(passAllowance(7, 15_000)).toBe(1);
    expect(passAllowance(60, 3_600_000)).toBe(60);
    expect(passAllowance(60, -5)).toBe(0);
  });

  it("the allowance goes in batches no larger than the maximum", () => {
    expect(planBatches({ allowance: 250, pending: 1000 })).toEqual([100, 100, 50]);
    expect(planBatches({ allowance: 250, pending: 1000, maxBatch: 40 })).toEqual([40, 40, 40, 40, 40, 40, 10]);
  });

  it("never more than is pending", () => {
    expect(planBatches({ allowance: 600, pending: 3 })).toEqual([3]);
    expect(planBatches({ allowance: 600, pending: 0 })).toEqual([]);
    expect(planBatches({ allowance: 0, pending: 10 })).toEqual([]);
  });

  it("sums to min(allowance, pending) for any allowance and batch size", () => {
    for (const allowance of [1, 7, 99, 100, 101, 599, 600, 5000]) {
      for (const pending of [0, 1, 50, 100, 1234]) {
        for (const maxBatch of [1, 13, MAX_BATCH_SIZE]) {
          const batches = planBatches({ allowance, pending, maxBatch });
          expect(batches.reduce((a, b) => a + b, 0)).toBe(Math.min(allowance, pending));
          expect(batches.every((b) => b > 0 && b <= maxBatch)).toBe(true);
        }
      }
    }
  });
});
