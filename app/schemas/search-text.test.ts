import { describe, expect, it } from "vitest";
import { searchText } from "./search-text";

describe("searchText", () => {
  it("turns control characters, NUL among them, into single spaces and trims", () => {
    expect(searchText(100).parse("\u0000black\u0000\u0000saddle\t\n\u007f")).toBe("black saddle");
    expect(searchText(100).parse("\u0000")).toBe("");
  });

  it("keeps at most the given number of characters, and reads anything else as no search", () => {
    expect(searchText(5).parse("saddlery")).toBe("saddl");
    expect(searchText(5).parse(undefined)).toBe("");
    expect(searchText(5).parse(["a", "b"])).toBe("");
  });
});
