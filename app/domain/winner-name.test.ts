import { describe, expect, it } from "vitest";
import { publishedWinnerName, splitFullName } from "./winner-name";

describe("a published winner", () => {
  it.each([
    [{ firstName: "harriet", lastName: "Vane", county: "Herefordshire", withheld: false }, "H. Vane, Herefordshire"],
    [{ firstName: "Harriet", lastName: "Vane", county: "Herefordshire", withheld: true }, "Winner, Herefordshire"],
    [{ firstName: "Harriet", lastName: "Vane", county: null, withheld: false }, "H. Vane"],
    [{ firstName: "Harriet", lastName: "Vane", county: " ", withheld: true }, "Winner"],
    [{ firstName: null, lastName: "Vane", county: "County Cork", withheld: false }, "Vane, County Cork"],
    [{ firstName: "Harriet", lastName: null, county: "Devon", withheld: false }, "Winner, Devon"],
  ])("%o is shown as %s", (person, shown) => {
    expect(publishedWinnerName(person)).toBe(shown);
  });

  it("never shows a first name in full", () => {
    const shown = publishedWinnerName({ firstName: "Harriet", lastName: "Vane", county: "Devon", withheld: false });
    expect(shown).not.toContain("Harriet");
  });

  it("takes the first and last words of a name written on a card", () => {
    expect(splitFullName("  Harriet  Deborah Vane ")).toEqual({ firstName: "Harriet", lastName: "Vane" });
    expect(splitFullName("Vane")).toEqual({ firstName: null, lastName: "Vane" });
    expect(splitFullName("")).toEqual({ firstName: null, lastName: null });
  });
});
