// React Router's manifest of the built browser code, and the files a first visit to a route loads: read by the
// first-load budget (.size-limit.js) and the e2e tests of what a first visit fetches. Plain JavaScript, since
// size-limit loads its configuration without a TypeScript loader.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * @typedef {{ id: string; parentId?: string; module: string; imports?: string[] }} ManifestRoute
 * @typedef {{ entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> }} Manifest
 */

/** The built browser app's folder (PADDOCK_BUILD_DIR, as the build writes it). */
export const clientDir = () => path.join(process.env.PADDOCK_BUILD_DIR ?? "build", "client");

/** @returns {Manifest} */
export function clientManifest() {
  const assets = path.join(clientDir(), "assets");
  const file = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("No build: run `npm run build` first.");
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.replace(/^window\.__reactRouterManifest=|;$/g, ""));
}

/**
 * The route ids from the root down to `routeId`.
 * @param {Manifest} manifest
 * @param {string} routeId
 * @returns {string[]}
 */
export function routeChain(manifest, routeId) {
  const chain = [];
  for (
    let route = manifest.routes[routeId];
    route;
    route = route.parentId ? manifest.routes[route.parentId] : undefined
  )
    chain.unshift(route.id);
  return chain;
}

/**
 * The files a first visit to `routeId` needs: the entry, and each route of its chain with its imports.
 * @param {Manifest} manifest
 * @param {string} routeId
 * @returns {Set<string>}
 */
export function firstLoadFiles(manifest, routeId) {
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
 * @param {Manifest} manifest
 * @param {string} routeId
 * @returns {Set<string>}
 */
export function otherPagesFiles(manifest, routeId) {
  const chain = new Set(routeChain(manifest, routeId));
  const needed = firstLoadFiles(manifest, routeId);
  const files = Object.values(manifest.routes)
    .filter((route) => !chain.has(route.id))
    .flatMap((route) => [route.module, ...(route.imports ?? [])]);
  return new Set(files.filter((file) => !needed.has(file)));
}
