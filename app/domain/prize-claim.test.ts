import { describe, expect, it } from "vitest";
import { claimDeadline, claimLinkState, claimState, nextClaimStatus } from "./prize-claim";

const drawn = new Date("2026-11-01T12:00:00Z");
const DAY = 86_400_000;

describe("a prize claim", () => {
  it("must be confirmed within 14 days of the draw, after which a redraw is due", () => {
    expect(claimDeadline(drawn).toISOString()).toBe("2026-11-15T12:00:00.000Z");
    expect(claimState(drawn, null, new Date(drawn.getTime() + 14 * DAY))).toBe("awaiting_address");
    expect(claimState(drawn, null, new Date(drawn.getTime() + 14 * DAY + 1))).toBe("unclaimed_redraw_due");
    expect(claimState(drawn, "confirmed", new Date(drawn.getTime() + 30 * DAY))).toBe("confirmed");
  });

  it("moves confirmed → shipped → delivered, one step at a time", () => {
    expect(nextClaimStatus("confirm", null)).toBe("confirmed");
    expect(nextClaimStatus("confirm", "confirmed")).toBe("confirmed");
    expect(nextClaimStatus("confirm", "shipped")).toBeNull();
    expect(nextClaimStatus("ship", null)).toBeNull();
    expect(nextClaimStatus("ship", "confirmed")).toBe("shipped");
    expect(nextClaimStatus("ship", "shipped")).toBeNull();
    expect(nextClaimStatus("deliver", "confirmed")).toBeNull();
    expect(nextClaimStatus("deliver", "shipped")).toBe("delivered");
    expect(nextClaimStatus("deliver", "delivered")).toBeNull();
  });
});

describe("a postal winner's claim link", () => {
  const expiresAt = claimDeadline(drawn);
  const link = { usedAt: null, expiresAt };
  it("works once, within the claim period, while its ticket still holds the prize", () => {
    expect(claimLinkState(link, true, drawn)).toBe("valid");
    expect(claimLinkState(link, true, expiresAt)).toBe("valid");
    expect(claimLinkState(link, true, new Date(expiresAt.getTime() + 1))).toBe("expired");
    expect(claimLinkState({ ...link, usedAt: drawn }, true, drawn)).toBe("used");
    expect(claimLinkState(link, false, drawn)).toBe("not-winner");
  });
});
