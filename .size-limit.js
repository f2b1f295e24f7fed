// First-load JavaScript budgets per page (issue 11), checked by `npm run test:e2e` after its build: the files a browser
// loads before the page is interactive, read from React Router's manifest (entry, the route chain, their imports).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const client = path.join(process.env.PADDOCK_BUILD_DIR ?? "build", "client");
const manifestFile = readdirSync(path.join(client, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error("No build: run `npm run build` before checking the bundle budget.");
const manifest = JSON.parse(
  readFileSync(path.join(client, "assets", manifestFile), "utf8").replace(/^window\.__reactRouterManifest=|;$/g, ""),
);

/** The files a first visit to the route loads: the manifest, the entry, and every route from the root down. */
function firstLoad(routeId) {
  const files = new Set([`/assets/${manifestFile}`, manifest.entry.module, ...manifest.entry.imports]);
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId]) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files].map((file) => path.join(client, file));
}

// The header bell's pop-over (issue 10) added 1.4 kB to every page: 0.7 kB for the button and its dismissal, 0.7 kB
// for Vite's preload helper that loads the panel (1 kB more, fetched the first time it opens). The live counts' stream
// messages are read by a small guard (domain/live-competition), so "/" no longer loads zod: 191.5 kB to 182.9 kB; the
// list's query is read by a pure parser (domain/competition-list-query), so /competitions does not either: 188 kB to
// 157.5 kB. The competition page still needs zod for its entry form; its draw panel (issue 9) took it to 192.2 kB.
export default [
  { name: "/", path: firstLoad("routes/site/home"), limit: "184 kB", gzip: true },
  { name: "/competitions", path: firstLoad("routes/catalogue/competitions"), limit: "159 kB", gzip: true },
  { name: "/competition/{id}", path: firstLoad("routes/catalogue/competition"), limit: "193 kB", gzip: true },
];
