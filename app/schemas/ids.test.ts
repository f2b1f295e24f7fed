import { describe, expect, it } from "vitest";
import { DbIdSchema, isUuid } from "./ids";

describe("ids", () => {
  it.each(["1", "42", "2147483647", 7])("accepts %s as a database id", (id) => {
    expect(DbIdSchema.safeParse(id).success).toBe(true);
  });
  it.each(["0", "-1", "2147483648", "9999999999999", "1.5", "abc", ""])(
    "refuses %s before it reaches the database",
    (id) => {
      expect(DbIdSchema.safeParse(id).success).toBe(false);
    },
  );
  it("knows a UUID when it sees one", () => {
    expect(isUuid("68c212ce-1b7d-4a6e-9f3c-2d1e0f9a8b7c")).toBe(true);
    expect(isUuid("68c212ce")).toBe(false);
  });
});
