import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

/** React Router's manifest of the built browser code (the file `.size-limit.js` reads too). */
export function clientManifest(): Manifest {
  const assets = path.join(process.env.PADDOCK_BUILD_DIR ?? "build", "client", "assets");
  const file = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("No build: run `npm run build` before the e2e tests.");
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.replace(/^window\.__reactRouterManifest=|;$/g, ""));
}

/** The route ids from the root down to `routeId`. */
export function routeChain(manifest: Manifest, routeId: string): string[] {
  const chain: string[] = [];
  for (
    let route = manifest.routes[routeId];
    route;
    route = route.parentId ? manifest.routes[route.parentId] : undefined
  )
    chain.unshift(route.id);
  return chain;
}

/** The files a first visit to `routeId` needs: the entry, and each route of its chain with its imports. */
export function firstLoadFiles(manifest: Manifest, routeId: string): Set<string> {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeChain(manifest, routeId)) {
    const route = manifest.routes[id];
    for (const file of [route?.module, ...(route?.imports ?? [])]) if (file) files.add(file);
  }
  return files;
}

/**
 * The files only other pages need: each route's module and imports outside `routeId`'s chain (the admin area's, the
 * basket's, ...), less what the chain needs itself.
 */
export function otherPagesFiles(manifest: Manifest, routeId: string): Set<string> {
  const chain = new Set(routeChain(manifest, routeId));
  const needed = firstLoadFiles(manifest, routeId);
  const files = Object.values(manifest.routes)
    .filter((route) => !chain.has(route.id))
    .flatMap((route) => [route.module, ...(route.imports ?? [])]);
  return new Set(files.filter((file) => !needed.has(file)));
}
