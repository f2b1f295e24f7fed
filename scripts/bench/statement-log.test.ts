import { describe, expect, it } from "vitest";
import { loggedStatements, mayWrite, statementKind } from "./statement-log";

const at = (pid: number, db: string, rest: string) => `2026-11-28 03:16:40.123 UTC [${pid}] postgres@${db} ${rest}`;

describe("the benchmark's reading of PostgreSQL's statement log", () => {
  const log = [
    at(1, "bench", "LOG:  execute <unnamed>: select paddock_hold_and_queue($1,"),
    "\t$2) as held",
    at(1, "bench", "DETAIL:  parameters: $1 = 'a', $2 = 'b'"),
    at(2, "bench", "LOG:  statement: begin"),
    at(3, "other", "LOG:  statement: select 1"),
    at(2, "bench", 'LOG:  execute <unnamed>: update "stripe_standin_sessions" set "status" = $1'),
    at(1, "bench", 'LOG:  execute <unnamed>: select "id" from "session" where "token" = $1'),
    at(2, "bench", "LOG:  statement: commit"),
  ].join("\n");
  const found = loggedStatements(log, "bench");

  it("keeps one database's statements with their continuation lines, not their parameters", () => {
    expect(found.map((s) => s.text)).toEqual([
      "select paddock_hold_and_queue($1,\n\t$2) as held",
      'select "id" from "session" where "token" = $1',
      "begin",
      'update "stripe_standin_sessions" set "status" = $1',
      "commit",
    ]);
  });

  it("gives the stand-in its statements and the BEGIN and COMMIT around them", () => {
    expect(found.map((s) => s.standin)).toEqual([false, false, true, true, true]);
  });

  it("counts a commit for each statement outside a transaction and for each COMMIT, and which of them wrote", () => {
    expect(found.map((s) => s.commits)).toEqual([true, true, false, false, true]);
    expect(found.map((s) => s.writes)).toEqual([true, false, true, true, true]);
  });

  it("reads a SELECT as writing only when it calls Paddock's functions or locks rows", () => {
    expect(mayWrite('select * from "orders" where id = $1')).toBe(false);
    expect(mayWrite('select * from "orders" where id = $1 for update')).toBe(true);
    expect(mayWrite("select paddock_fulfil($1) as outcome")).toBe(true);
    expect(mayWrite("insert into t values (1)")).toBe(true);
  });

  it("folds literals and parameters so one query is one kind", () => {
    expect(statementKind("select  'x', 12 from t where a = $3")).toBe("select ?, ? from t where a = $n");
  });
});
