/**
 * A statement built once per database (or transaction) rather than on every call, for the hot paths: `build` makes
 * it with drizzle's `.prepare(name)`, so on PostgreSQL each pooled connection parses and plans it once and later
 * calls send only its parameters; PGlite runs it as it is. Each name must belong to one statement text. Also what
 * else is made once per database handle: the group commits of reads (ADR 044).
 */
export function preparedPerDatabase<D extends object, T>(build: (db: D) => T): (db: D) => T {
  const built = new WeakMap<D, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/** Text values as an array parameter (`{"a","b"}`), quoted so that no value can end or split the array. */
export const textArrayParameter = (values: string[]) =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;

/** Integers as an array parameter (`{1,2}`): one text on both engines, cast with `::integer[]` in the statement. */
export const integerArrayParameter = (values: number[]) => `{${values.join(",")}}`;
