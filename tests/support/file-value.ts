import { afterAll, beforeAll } from "vitest";

/**
 * Something a test file makes once before its first test (a harness, an account) and reads inside its tests:
 * `make` runs in a beforeAll, `close` (if given) in an afterAll. Call at the top of the file; the returned function
 * gives the value, and throws if a test reads it before it is made.
 */
export function useFileValue<T>(make: () => Promise<T>, close?: (value: T) => Promise<void>): () => T {
  let made: { value: T } | undefined;
  beforeAll(async () => {
    made = { value: await make() };
  });
  if (close)
    afterAll(async () => {
      if (made) await close(made.value);
    });
  return () => {
    if (!made) throw new Error("read before the file's set-up made it");
    return made.value;
  };
}
