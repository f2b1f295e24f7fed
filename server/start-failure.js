// Why a process could not start, for its last lines: plain JavaScript, as server.js (which prints it) runs directly.

const MAX_LINE = 300;

/** One line, cut short: Drizzle's "Failed query" carries the whole statement and its parameters. */
const oneLine = (text) => {
  const line = String(text).split("\n")[0] ?? "";
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line;
};

/**
 * The error and every cause under it, one line each. A wrapped error alone says what failed (a query) and not why
 * (a unique violation, a lost connection), and the why is what the operator needs when a process exits.
 * @param {unknown} error
 * @returns {string}
 */
export function describeStartFailure(error) {
  const lines = [];
  let current = error;
  for (let depth = 0; current != null && depth < 5; depth++) {
    const e = /** @type {{ message?: unknown; code?: unknown; detail?: unknown; cause?: unknown }} */ (current);
    const message = current instanceof Error || typeof e.message === "string" ? String(e.message) : String(current);
    const extra = [e.code, e.detail].filter((part) => typeof part === "string" && part).join(", ");
    // A refused connection is an AggregateError with no message: its name and code are all there is.
    const text = oneLine(message) || (current instanceof Error ? current.name : "");
    const line = [text, extra ? `(${extra})` : ""].filter(Boolean).join(" ");
    lines.push(`${depth === 0 ? "" : "  caused by: "}${line}`);
    current = typeof current === "object" ? e.cause : undefined;
  }
  return lines.join("\n");
}
