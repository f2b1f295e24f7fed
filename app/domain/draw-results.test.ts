import { describe, expect, it } from "vitest";
import {
  claimNotificationText,
  closeEmailText,
  closeNotificationText,
  drawNotificationText,
  type EntrantTicket,
  entryResultLine,
  groupEntrants,
} from "./draw-results";

const ticket = (ticketNumber: number, over: Partial<EntrantTicket> = {}): EntrantTicket => ({
  ticketNumber,
  entryRef: `REF${ticketNumber}`,
  correct: true,
  email: "ann@example.test",
  userId: "ann",
  ...over,
});

describe("groupEntrants", () => {
  it("groups by e-mail case-insensitively and by account, entries in ticket order", () => {
    const { byEmail, byUser } = groupEntrants([
      ticket(3, { email: "ANN@example.test" }),
      ticket(1),
      ticket(2, { email: "guest@example.test", userId: null, correct: false }),
      ticket(4, { email: null, userId: "bob" }),
      ticket(5, { email: "  ", userId: null }),
    ]);
    expect(byEmail).toEqual([
      {
        email: "ann@example.test",
        entries: [
          { ticketNumber: 1, entryRef: "REF1", correct: true },
          { ticketNumber: 3, entryRef: "REF3", correct: true },
        ],
      },
      { email: "guest@example.test", entries: [{ ticketNumber: 2, entryRef: "REF2", correct: false }] },
    ]);
    expect(byUser.map((u) => [u.userId, u.entries.map((e) => e.ticketNumber)])).toEqual([
      ["ann", [1, 3]],
      ["bob", [4]],
    ]);
  });
});

describe("the close's words", () => {
  const facts = {
    title: "Saddle",
    closedAt: new Date("2026-11-20T18:00:00Z"),
    manifestHash: "ab".repeat(32),
    round: 1234,
    drawTime: new Date("2026-11-20T19:00:00Z"),
    checkUrl: "https://paddock.test/draws/7",
    logUrl: "https://paddock.test/draws/log.txt",
    verifyCommand: `npm run verify-draw -- https://paddock.test/draws/7 --expect-hash ${"ab".repeat(32)}`,
  };
  const right = { ticketNumber: 1, entryRef: "R1", correct: true };
  const wrong = { ticketNumber: 2, entryRef: "R2", correct: false };

  it("reveals each entry and whether it is in the draw", () => {
    expect(entryResultLine(right)).toBe("Ticket 1, entry reference R1: correct answer, in the draw");
    expect(entryResultLine(wrong)).toBe("Ticket 2, entry reference R2: answer not correct, not in the draw");
  });

  it("sums up all right, all wrong and mixed, with the hash and the round in UK time", () => {
    const all = closeEmailText(facts, [right]);
    expect(all.subject).toBe("Entries have closed: Saddle");
    expect(all.opening).toBe(
      "Entries for Saddle closed on Friday 20 November 2026, 18:00 GMT. " +
        "Your answer was correct, so your entry is in the draw.",
    );
    expect(all.manifest).toContain(facts.manifestHash);
    expect(all.draw).toContain("round 1234, which comes out at Friday 20 November 2026, 19:00 GMT");
    expect(all.keep).toContain("compare the manifest hash on the draw page with the one above");
    expect(all.keep).toContain(facts.verifyCommand);
    expect(all.keep).toContain("https://paddock.test/draws/log.txt");
    expect(closeEmailText(facts, [wrong]).opening).toContain("Your answer was not correct");
    expect(closeEmailText(facts, [right, wrong]).opening).toContain("1 of your 2 entries had the correct answer");
  });

  it("notifies in a line", () => {
    expect(closeNotificationText("Saddle", [right]).body).toBe(
      "Your answer for Saddle was correct: your ticket is in the draw.",
    );
    expect(closeNotificationText("Saddle", [right, { ...right, ticketNumber: 3 }]).body).toContain("all 2 tickets");
    expect(closeNotificationText("Saddle", [wrong]).body).toContain("not in the draw");
    expect(closeNotificationText("Saddle", [right, wrong]).body).toBe(
      "1 of your 2 tickets for Saddle had the correct answer and are in the draw.",
    );
  });
});

describe("draw and claim notifications", () => {
  it("say won or not, and each claim step", () => {
    expect(drawNotificationText("Saddle", true).title).toBe("You have won!");
    expect(drawNotificationText("Saddle", false).body).toContain("This time it was not you");
    expect(claimNotificationText("confirmed", "Saddle").title).toBe("Prize address confirmed");
    expect(claimNotificationText("shipped", "Saddle").title).toBe("Your prize is on its way");
    expect(claimNotificationText("delivered", "Saddle").title).toBe("Your prize has been delivered");
  });
});
