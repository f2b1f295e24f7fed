import { describe, expect, it } from "vitest";
import { bytesToHex, utf8 } from "./bytes";
import {
  breaksInstantWinMajority,
  canonicalInstantWins,
  checkInstantWins,
  formatInstantWinsInput,
  type InstantWin,
  instantWinsCommitment,
  instantWinsProblems,
  type PublishedInstantWins,
  parseInstantWins,
  parseInstantWinsInput,
} from "./instant-wins";

// The worked example of docs/instant-wins-v1.md, byte for byte.
const SALT = "8c1f4e2a9b7d3c605e1f2a4b6c8d0e1f3a5b7c9d1e2f4a6b8c0d2e4f6a8b0c1d";
const WINS: InstantWin[] = [
  { ticketNumber: 250, kind: "physical", amountPence: 0, prize: "Leather headcollar, cob size" },
  { ticketNumber: 7, kind: "site-credit", amountPence: 500, prize: "£5 site credit" },
  { ticketNumber: 88, kind: "cash", amountPence: 2500, prize: "£25, paid by bank transfer" },
];
const TEXT =
  "paddock-instant-wins v1\ncompetition 42\n" +
  `salt ${SALT}\nentries 3\n` +
  "7,site-credit,500,£5 site credit\n" +
  "88,cash,2500,£25, paid by bank transfer\n" +
  "250,physical,0,Leather headcollar, cob size\n";
const COMMITMENT = "8d3f23609ee726792feb7f5a7564fdd3898f6d6adddc731165bc202fd24e86cb";
const BYTES_HEX =
  "706164646f636b2d696e7374616e742d77696e732076310a636f6d7065746974696f6e2034320a73616c74203863316634653261396237" +
  "64336336303565316632613462366338643065316633613562376339643165326634613662386330643265346636613862306331640a65" +
  "6e747269657320330a372c736974652d6372656469742c3530302cc2a3352073697465206372656469740a38382c636173682c32353030" +
  "2cc2a332352c20706169642062792062616e6b207472616e736665720a3235302c706879736963616c2c302c4c6561746865722068656164" +
  "636f6c6c61722c20636f622073697a650a";

const published = (over: Partial<PublishedInstantWins> = {}): PublishedInstantWins => ({
  commitment: COMMITMENT,
  committedAt: "2026-11-20T10:00:00.000Z",
  url: "/draws/42/instant-wins.txt",
  won: [{ ticketNumber: 88, kind: "cash", amountPence: 2500, prize: "£25, paid by bank transfer" }],
  ...over,
});

describe("the canonical list and its commitment (the document's worked example)", () => {
  it("writes the list sorted by ticket number, byte for byte as the document gives it", () => {
    const text = canonicalInstantWins(42, SALT, WINS);
    expect(text).toBe(TEXT);
    expect(bytesToHex(utf8(text))).toBe(BYTES_HEX);
    expect(utf8(text).length).toBe(238);
  });

  it("hashes to the published commitment, and any change to a prize, a number or the salt changes it", () => {
    expect(instantWinsCommitment(TEXT)).toBe(COMMITMENT);
    expect(instantWinsCommitment(canonicalInstantWins(42, SALT, []))).toBe(
      "a7f08ea68b9c75f9c8306aeebf557a1a58033aa24763dcc9e3515a1576951c8c",
    );
    const changed = [
      canonicalInstantWins(
        42,
        SALT,
        WINS.map((w) => (w.ticketNumber === 7 ? { ...w, ticketNumber: 8 } : w)),
      ),
      canonicalInstantWins(
        42,
        SALT,
        WINS.map((w) => (w.ticketNumber === 7 ? { ...w, amountPence: 501 } : w)),
      ),
      canonicalInstantWins(43, SALT, WINS),
      canonicalInstantWins(42, `${SALT.slice(0, 63)}e`, WINS),
    ];
    for (const text of changed) expect(instantWinsCommitment(text)).not.toBe(COMMITMENT);
  });

  it("refuses a salt that is not 32 bytes of lower-case hex", () => {
    expect(() => canonicalInstantWins(42, SALT.toUpperCase(), WINS)).toThrow(/salt/);
    expect(() => canonicalInstantWins(42, SALT.slice(2), WINS)).toThrow(/salt/);
  });

  it("reads a revealed list back exactly, and refuses anything not canonical", () => {
    expect(parseInstantWins(TEXT)).toEqual({
      competitionId: 42,
      salt: SALT,
      wins: [...WINS].sort((a, b) => a.ticketNumber - b.ticketNumber),
    });
    const bad = [
      TEXT.slice(0, -1),
      TEXT.replace("entries 3", "entries 4"),
      TEXT.replace("7,site-credit", "07,site-credit"),
      TEXT.replace("88,cash", "5,cash"),
      TEXT.replace("cash,2500", "money,2500"),
      TEXT.replace("£5 site credit", " £5 site credit"),
      TEXT.replace("\n", "\r\n"),
    ];
    for (const text of bad) expect(() => parseInstantWins(text), text).toThrow();
  });
});

describe("checking a revealed list", () => {
  it("passes when the list hashes to the commitment and every won prize is in it", () => {
    expect(checkInstantWins(42, published(), TEXT)).toEqual({
      status: "pass",
      detail: "3 instant wins hash to the commitment; 1 won, each listed",
    });
  });

  it("is pending while the list is secret", () => {
    expect(checkInstantWins(42, published({ url: null }), null).status).toBe("pending");
  });

  it("fails on another list, another competition, or a won prize the list does not hold", () => {
    const other = canonicalInstantWins(42, SALT, WINS.slice(1));
    expect(checkInstantWins(42, published(), other).detail).toMatch(/not the commitment/);
    expect(checkInstantWins(41, published(), TEXT).detail).toBe("the list is for competition 42");
    const wrongWin = published({ won: [{ ticketNumber: 88, kind: "cash", amountPence: 5000, prize: "£50" }] });
    expect(checkInstantWins(42, wrongWin, TEXT)).toEqual({
      status: "fail",
      detail: "ticket 88 is shown as won but is not that prize in the list",
    });
    expect(checkInstantWins(42, published(), "not a list\n").status).toBe("fail");
  });
});

describe("the staff list's rules", () => {
  it.each([
    [[{ ticketNumber: 0, kind: "cash", amountPence: 100, prize: "x" }], "Ticket number 0 is outside 1 to 100."],
    [[{ ticketNumber: 101, kind: "cash", amountPence: 100, prize: "x" }], "Ticket number 101 is outside 1 to 100."],
    [
      [{ ticketNumber: 5, kind: "cash", amountPence: 0, prize: "x" }],
      "Ticket 5: site credit and cash prizes need an amount above £0.",
    ],
    [[{ ticketNumber: 5, kind: "physical", amountPence: 0, prize: " " }], "Ticket 5: describe the prize."],
    [
      [{ ticketNumber: 5, kind: "physical", amountPence: 0, prize: "a\tb" }],
      "Ticket 5: the prize description must be one line of text.",
    ],
    [
      [
        { ticketNumber: 5, kind: "physical", amountPence: 0, prize: "Rug" },
        { ticketNumber: 5, kind: "cash", amountPence: 100, prize: "£1" },
      ],
      "Ticket number 5 is listed more than once.",
    ],
  ] as [InstantWin[], string][])("refuses %j: %s", (wins, message) => {
    expect(instantWinsProblems(wins, 100)).toContain(message);
  });

  it("accepts a valid list, and at most 500 entries", () => {
    expect(instantWinsProblems(WINS, 1000)).toEqual([]);
    const many = Array.from(
      { length: 501 },
      (_, i): InstantWin => ({
        ticketNumber: i + 1,
        kind: "site-credit",
        amountPence: 100,
        prize: "£1 credit",
      }),
    );
    expect(instantWinsProblems(many, 1000)).toEqual(["At most 500 instant wins per competition (this list has 501)."]);
    expect(instantWinsProblems(many.slice(0, 500), 1000)).toEqual([]);
  });

  it("reads the staff form's lines (pounds to pence) and writes them back", () => {
    const input =
      "7, site-credit, 5, £5 site credit\n\n88, cash, 25.5, £25.50, by transfer\n250, physical, 0, Headcollar";
    const parsed = parseInstantWinsInput(input);
    expect(parsed).toEqual({
      wins: [
        { ticketNumber: 7, kind: "site-credit", amountPence: 500, prize: "£5 site credit" },
        { ticketNumber: 88, kind: "cash", amountPence: 2550, prize: "£25.50, by transfer" },
        { ticketNumber: 250, kind: "physical", amountPence: 0, prize: "Headcollar" },
      ],
    });
    if (!("wins" in parsed)) throw new Error("parsed");
    expect(parseInstantWinsInput(formatInstantWinsInput(parsed.wins))).toEqual(parsed);
    expect(parseInstantWinsInput("x, cash, 1, a\n3, gold, 1, a\n4, cash, 1.234, a")).toEqual({
      problems: [
        "Line 1: the ticket number must be a whole number.",
        "Line 2: the kind must be site-credit, cash or physical.",
        "Line 3: the amount must be in pounds, like 25 or 25.50.",
      ],
    });
  });
});

describe("instant-win competitions never the majority of live ones", () => {
  it.each([
    [{ total: 0, instant: 0 }, true, true],
    [{ total: 0, instant: 0 }, false, false],
    [{ total: 1, instant: 0 }, true, false],
    [{ total: 1, instant: 1 }, false, false],
    [{ total: 2, instant: 1 }, true, true],
    [{ total: 3, instant: 1 }, true, false],
    [{ total: 3, instant: 2 }, false, false],
    [{ total: 4, instant: 2 }, true, true],
  ])("with %j live, adding one (instant: %s) breaks it: %s", (live, adding, breaks) => {
    expect(breaksInstantWinMajority(live, adding)).toBe(breaks);
  });
});
