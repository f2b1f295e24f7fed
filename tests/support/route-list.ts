import routes from "~/routes";

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** Every route with its full path (layouts add no segment; an index route takes its parent's path). */
function flatten(entries: RouteEntry[], parent = ""): RouteEntry[] {
  return entries.flatMap((e) => {
    const path = [parent, e.path].filter(Boolean).join("/");
    return [{ ...e, path: path || undefined }, ...flatten(e.children ?? [], path)];
  });
}

/** Leaf routes (pages and resources) in app/routes.ts: layouts have no loader or action of their own. */
export const leafRoutes = flatten(routes as RouteEntry[]).filter((r) => !r.children);

// biome-ignore lint/suspicious/noExplicitAny: route modules each type their own args; tests call any of them
type RouteFn = (args: any) => unknown;
type Module = { loader?: RouteFn; action?: RouteFn };
const modules = import.meta.glob<Module>("../../app/routes/**/*.{ts,tsx}", { eager: true });

/** Each leaf route with its path (`/checkout/:id`, `/` for the home page) and its module. */
const withModules = leafRoutes.map((r) => ({
  pattern: r.path ?? "",
  path: `/${r.path ?? ""}`,
  mod: modules[`../../app/${r.file}`] as Module,
}));

/** Every route in app/routes.ts whose module has an action. */
export const actionRoutes = withModules.filter((r) => typeof r.mod?.action === "function");

/** Every route in app/routes.ts whose module has a loader. */
export const loaderRoutes = withModules.filter((r) => typeof r.mod?.loader === "function");
