import type { MiddlewareFunction } from "react-router";
import routes from "~/routes";

// Route modules are called directly in integration tests; React Router would first run the middleware of every layout
// above them (the /account and /admin guards). This finds that chain for a loader or action, so tests run it too.

type Middleware = MiddlewareFunction<Response>;
type Module = { loader?: unknown; action?: unknown; middleware?: Middleware[] };
type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

const modules = import.meta.glob<Module>("../../app/routes/**/*.{ts,tsx}", { eager: true });
const moduleOf = (file: string) => modules[`../../app/${file}`];

const chains = new WeakMap<object, Middleware[]>();
function index(entries: RouteEntry[], above: Middleware[]) {
  for (const entry of entries) {
    const mod = moduleOf(entry.file);
    const chain = [...above, ...(mod?.middleware ?? [])];
    for (const fn of [mod?.loader, mod?.action]) if (typeof fn === "function") chains.set(fn, chain);
    index(entry.children ?? [], chain);
  }
}
index(routes as RouteEntry[], []);

/** The middleware React Router runs before this loader or action (outermost first). */
export function middlewareFor(fn: object): Middleware[] {
  return chains.get(fn) ?? [];
}

/** Runs `handler` inside the middleware chain, as React Router's server does. */
export async function withMiddleware(
  chain: Middleware[],
  args: Parameters<Middleware>[0],
  handler: () => Promise<unknown>,
): Promise<unknown> {
  let result: unknown;
  const step = async (i: number): Promise<Response> => {
    if (i === chain.length) {
      result = await handler();
      return new Response(null);
    }
    const mw = chain[i] as Middleware;
    let called: Promise<Response> | null = null;
    const next = () => {
      called ??= step(i + 1);
      return called;
    };
    const response = await mw(args, next);
    // Middleware that does not call next() has it called for it once it returns, as in React Router.
    return response ?? (await next());
  };
  await step(0);
  return result;
}
