import { describe, expect, it } from "vitest";
import { CONSENT_SOURCES } from "~/db/constants";
import { consentSourceLabel, currentConsent, newestFirst } from "./consent-ledger";

const at = (iso: string) => new Date(`2026-11-${iso}Z`);

describe("current marketing consent, from the ledger", () => {
  it("is 'never' before anything is recorded", () => {
    expect(currentConsent([])).toEqual({ status: "never" });
  });

  it.each([
    { name: "one grant", entries: [[1, true, "20T10:00:00"]], status: "granted", id: 1 },
    { name: "one withdrawal", entries: [[1, false, "20T10:00:00"]], status: "withdrawn", id: 1 },
    {
      name: "a grant after a withdrawal",
      entries: [
        [1, false, "20T10:00:00"],
        [2, true, "21T10:00:00"],
      ],
      status: "granted",
      id: 2,
    },
    {
      name: "a withdrawal after a grant",
      entries: [
        [1, true, "20T10:00:00"],
        [2, false, "21T10:00:00"],
      ],
      status: "withdrawn",
      id: 2,
    },
    {
      name: "the later time wins whatever the order given",
      entries: [
        [5, false, "22T10:00:00"],
        [9, true, "21T10:00:00"],
      ],
      status: "withdrawn",
      id: 5,
    },
    {
      name: "in the same instant, the later entry wins",
      entries: [
        [3, false, "20T10:00:00"],
        [4, true, "20T10:00:00"],
      ],
      status: "granted",
      id: 4,
    },
  ] as const)("$name → $status", ({ entries, status, id }) => {
    const rows = entries.map(([entryId, granted, time]) => ({
      id: entryId,
      granted,
      source: `s${entryId}`,
      createdAt: at(time),
    }));
    const state = currentConsent(rows);
    expect(state).toEqual({ status, since: rows.find((r) => r.id === id)?.createdAt, source: `s${id}` });
  });

  it("accepts times as ISO text, as they arrive in page data", () => {
    const state = currentConsent([{ id: 1, granted: true, source: "account", createdAt: "2026-11-20T10:00:00Z" }]);
    expect(state).toEqual({ status: "granted", since: new Date("2026-11-20T10:00:00Z"), source: "account" });
  });

  it("orders history newest first without changing what it is given", () => {
    const given = [
      { id: 1, granted: true, source: "a", createdAt: at("20T10:00:00") },
      { id: 2, granted: false, source: "b", createdAt: at("21T10:00:00") },
      { id: 3, granted: true, source: "c", createdAt: at("21T10:00:00") },
    ];
    expect(newestFirst(given).map((e) => e.id)).toEqual([3, 2, 1]);
    expect(given.map((e) => e.id)).toEqual([1, 2, 3]);
  });
});

describe("where a choice was made, worded for people", () => {
  it.each(CONSENT_SOURCES)("%s has words of its own, not the stored name", (source) => {
    const label = consentSourceLabel(source);
    expect(label).not.toBe("Other");
    expect(label).not.toBe(source);
    expect(label).toMatch(/^[A-Z]/);
    expect(label).not.toMatch(/[_:]/);
  });

  it("self-exclusion reads as people say it", () => {
    expect(consentSourceLabel("self_exclusion")).toBe("Self-exclusion");
  });

  it("an unknown source shows as 'Other', never raw", () => {
    expect(consentSourceLabel("legacy_import")).toBe("Other");
  });
});
