import { describe, expect, it } from "vitest";
import { sessionRetryDelayMs } from "./token-bucket";

// The bucket itself is SQL (paddock_take_tokens): its table of cases is tests/integration/token-bucket.test.ts.
describe("the payment queue's retries", () => {
  it.each([
    [0, 250],
    [1, 250],
    [2, 500],
    [3, 1000],
    [6, 8000],
    [40, 8000],
  ])("after attempt %i the queue waits %i ms", (attempts, ms) => {
    expect(sessionRetryDelayMs(attempts)).toBe(ms);
  });
});
