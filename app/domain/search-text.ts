// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]+/g;

/**
 * Words typed into a search box and carried in a query string (shared as links, so never an error): control
 * characters become spaces (a NUL byte, which PostgreSQL refuses in any text, never reaches a query), runs of space
 * become one, and at most `max` characters are kept. Anything not a string is no search.
 */
export function cleanSearchText(value: unknown, max: number): string {
  if (typeof value !== "string") return "";
  return value.replace(SPACE_OR_CONTROL, " ").trim().slice(0, max);
}
