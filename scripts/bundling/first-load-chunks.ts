// Groups the browser's first-load modules into a few chunks (issue 11). Left alone, Rollup makes one chunk per set of
// routes that share a module, so a first visit preloaded 36 to 42 files of a few hundred bytes each. This rule names
// the groups; everything else (each route's own code, code behind a dynamic import) keeps Rollup's own placement.

/** One static import: the module imported and the names taken from it (`"*"`: all of them, or unknown). */
export type StaticImport = { id: string; names: readonly string[] | "*" };

/** The module graph as the bundler sees it. */
export type ModuleGraph = {
  /** Every route module of the app (the files app/routes.ts names, and the root). */
  routeModules(): readonly string[];
  staticImports(id: string): readonly StaticImport[];
  /** The module a name exported by `id` is re-exported from (an icon set's index), if it is one. */
  reexportedFrom(id: string, name: string): string | undefined;
};

export type FirstLoadPlan = {
  /** Packages every page runs (React, React DOM, React Router): one long-cached chunk. */
  frameworkPackages: readonly string[];
  /** The route modules every page renders (the root and the site layout). */
  shellRoutes: readonly string[];
  /** The route modules of the pages a first visit usually lands on. */
  landingRoutes: readonly string[];
};

export const FRAMEWORK_CHUNK = "framework";
export const SHELL_CHUNK = "shell";
export const LANDING_CHUNK = "landing";

/** The chunk of the modules one landing route shares with pages other than the landing ones. */
export const landingRouteChunk = (route: string) =>
  `${route.replace(/^.*\//, "").replace(/\.[jt]sx?$/, "")}-${LANDING_CHUNK}`;

/**
 * The chunk a module belongs to, or undefined to leave it to Rollup:
 * - `framework`: the framework packages (with their own nested dependencies);
 * - `shell`: what the shell routes import statically, which every page loads anyway;
 * - `landing`: what at least two landing pages import statically;
 * - `<route>-landing`: what one landing page shares with other (not landing) pages, in one file rather than many.
 * A module only one route imports stays in that route's chunk; route modules stay in their own chunks; code reached
 * only through a dynamic `import()` (pop-overs, dialogs, toasts) is not grouped and loads when first used. Imports are
 * followed by name through re-exporting modules, so an icon set's index groups the icons used, not the whole set.
 */
export function firstLoadChunks(plan: FirstLoadPlan) {
  const frameworkDirs = plan.frameworkPackages.map((name) => `/node_modules/${name}/`);
  const isFramework = (id: string) => frameworkDirs.some((dir) => id.includes(dir));
  const cache = new WeakMap<ModuleGraph, Map<string, string>>();

  function chunksOf(graph: ModuleGraph) {
    const routes = new Set(graph.routeModules());
    const frameworkSeen = new Set<string>();
    const reachable = (root: string) => {
      const seen = new Set<string>();
      const queue: StaticImport[] = [{ id: root, names: "*" }];
      for (let next = queue.pop(); next; next = queue.pop()) {
        const { id, names } = next;
        const sources = names === "*" ? [] : names.map((name) => graph.reexportedFrom(id, name));
        if (names !== "*" && sources.every((source) => source !== undefined)) {
          // Only the named re-exports are used: follow them past the re-exporting module.
          for (const source of sources) if (source) queue.push({ id: source, names: "*" });
          continue;
        }
        if (isFramework(id)) frameworkSeen.add(id);
        if (seen.has(id) || isFramework(id)) continue;
        seen.add(id);
        queue.push(...graph.staticImports(id));
      }
      return seen;
    };
    const chunks = new Map<string, string>();
    for (const id of plan.shellRoutes.flatMap((route) => [...reachable(route)])) chunks.set(id, SHELL_CHUNK);

    const landingUsers = new Map<string, string[]>();
    for (const route of plan.landingRoutes) {
      for (const id of reachable(route)) landingUsers.set(id, [...(landingUsers.get(id) ?? []), route]);
    }
    const otherUsers = new Set<string>();
    for (const route of routes) {
      if (plan.landingRoutes.includes(route) || plan.shellRoutes.includes(route)) continue;
      for (const id of reachable(route)) otherUsers.add(id);
    }
    for (const [id, users] of landingUsers) {
      if (chunks.has(id)) continue;
      const [only] = users;
      if (users.length >= 2) chunks.set(id, LANDING_CHUNK);
      else if (only && otherUsers.has(id)) chunks.set(id, landingRouteChunk(only));
    }
    for (const route of routes) chunks.delete(route);
    // The framework's own dependencies (a CommonJS helper, a cookie parser) join it.
    const queue = [...frameworkSeen];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (chunks.get(id) === FRAMEWORK_CHUNK) continue;
      chunks.set(id, FRAMEWORK_CHUNK);
      queue.push(...graph.staticImports(id).map((dependency) => dependency.id));
    }
    return chunks;
  }

  return (id: string, graph: ModuleGraph): string | undefined => {
    if (isFramework(id)) return FRAMEWORK_CHUNK;
    if (/\.css($|\?)/.test(id)) return undefined;
    const chunks = cache.get(graph) ?? chunksOf(graph);
    cache.set(graph, chunks);
    return chunks.get(id);
  };
}
