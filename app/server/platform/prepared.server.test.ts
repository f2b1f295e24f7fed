import { describe, expect, it } from "vitest";
import { preparedPerDatabase } from "./prepared.server";

describe("preparedPerDatabase", () => {
  it("builds a statement once per database and hands the same one back", () => {
    const built: object[] = [];
    const statement = preparedPerDatabase((db: object) => {
      built.push(db);
      return { db };
    });
    const one = {};
    const two = {};
    const first = statement(one);
    expect(statement(one)).toBe(first);
    expect(statement(two)).not.toBe(first);
    expect(statement(two).db).toBe(two);
    expect(built).toEqual([one, two]);
  });
});
