import type { PGlite, QueryOptions } from "@electric-sql/pglite";

type Queryable = Pick<PGlite, "query">;

/**
 * The embedded database's client as drizzle gets it, with the parsers drizzle sends installed once.
 *
 * drizzle's PGlite driver sends the same few parsers with every query (timestamps, dates, intervals and their arrays
 * stay text; drizzle maps them itself). PGlite copies a query's parsers over its own table of about 320 type parsers
 * each time it reads a result: about a quarter of a millisecond per query, half the cost of a small one, and a new
 * database's demo data alone is some 2,100 queries. Here the first query's parsers are written into the client's
 * table, and every query that brings the same set is sent without them, so PGlite reads results with its table as
 * it is: the same parsers, without the copy. Only drizzle may use the client this returns: a query bringing a
 * different set of parsers would be read with the installed ones too, so it is refused instead.
 */
export function withParsersInstalled(client: PGlite): PGlite {
  let installed: string | undefined;
  const lighten = (options?: QueryOptions): QueryOptions | undefined => {
    const parsers = options?.parsers;
    if (!options || !parsers) return options;
    const set = Object.keys(parsers).sort().join(",");
    if (installed === undefined) {
      Object.assign(client.parsers, parsers);
      installed = set;
    } else if (set !== installed) {
      throw new Error(`This PGlite client reads ${installed} with drizzle's parsers; a query asked for ${set}.`);
    }
    const { parsers: _sent, ...rest } = options;
    return rest;
  };
  const lightQueries = <T extends Queryable>(target: T, overrides: Partial<Record<keyof T, unknown>> = {}): T =>
    new Proxy(target, {
      get(of, property) {
        if (property === "query")
          return async (query: string, params?: unknown[], options?: QueryOptions) =>
            of.query(query, params, lighten(options));
        if (property in overrides) return overrides[property as keyof T];
        // PGlite keeps its state in private fields: its methods and getters run on the client itself.
        const value = Reflect.get(of, property, of);
        return typeof value === "function" ? value.bind(of) : value;
      },
    });
  const transaction: PGlite["transaction"] = (work) => client.transaction((tx) => work(lightQueries(tx)));
  return lightQueries(client, { transaction });
}
