// What a process that cannot start prints last (server.js): the error and why, not only "Failed query: …" (issue 29).
import { expect, it } from "vitest";
import { describeStartFailure } from "../../server/start-failure.js";

it("names the failed query and, under it, the database's reason with its code and detail", () => {
  const reason = Object.assign(new Error('duplicate key value violates unique constraint "user_pkey"'), {
    code: "23505",
    detail: "Key (id)=(demo-buyer-01) already exists.",
  });
  const failed = new Error(`Failed query: insert into "user" ${"($1, $2), ".repeat(200)}\nparams: demo-buyer-01`, {
    cause: reason,
  });
  const lines = describeStartFailure(failed).split("\n");
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^Failed query: insert into "user" .{200,}…$/);
  expect(lines[0]!.length).toBeLessThanOrEqual(301);
  expect(lines[1]).toBe(
    '  caused by: duplicate key value violates unique constraint "user_pkey" ' +
      "(23505, Key (id)=(demo-buyer-01) already exists.)",
  );
});

it("says something for an error with no message (a refused connection) and for a thrown string", () => {
  const refused = Object.assign(new AggregateError([], ""), { code: "ECONNREFUSED" });
  expect(describeStartFailure(refused)).toBe("AggregateError (ECONNREFUSED)");
  expect(describeStartFailure("BASE_URL is not a URL")).toBe("BASE_URL is not a URL");
});
