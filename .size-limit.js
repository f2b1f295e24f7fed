// First-load JavaScript budgets per page (issue 11), checked by `npm run test:e2e` after its build: the files a browser
// loads before the page is interactive, read from React Router's manifest (entry, the route chain, their imports).
// Not the manifest file itself: routes are discovered lazily (React Router's default, react-router.config.ts sets no
// routeDiscovery), so the page inlines the routes it needs and never loads manifest-*.js (checked in Chromium).
import path from "node:path";
import { clientDir, clientManifest, firstLoadFiles } from "./scripts/bundling/client-manifest.js";

const manifest = clientManifest();

/** The files a first visit to the route loads: the entry, and every route from the root down. */
const firstLoad = (routeId) => [...firstLoadFiles(manifest, routeId)].map((file) => path.join(clientDir(), file));

// The header bell's pop-over (issue 10) added 1.4 kB to every page (its panel loads the first time it opens). The
// live counts' stream and the list's query are read without zod (domain/live-competition, competition-list-query).
// Then (issue 11): zod is configured in ~/schemas/zod rather than the root route, the showcase content is checked by
// a unit test rather than a schema, the competition page reads its form reply through zod-free helpers
// (schemas/form-result), Sonner loads with the first toast, and the offer dialog after the page. Measured without
// the never-loaded manifest file: / 183.3 kB to 140.5 kB, /competitions 157.5 kB to 138.1 kB, /competition/{id}
// 192.2 kB to 142.1 kB. About 113 kB of each is React DOM, React and React Router.
// Grouping the first-load modules into a few files (scripts/bundling/first-load-chunks.ts: 36-42 files to 8 per page)
// also compresses better: / 140.6 kB to 136.4 kB, /competitions 138.3 kB to 133.1 kB, /competition/{id} 142.2 kB to
// 138.0 kB.
// 2026-11-27 (issues 22, 28, 29): the phone menu as <details> and messages rendered for readers without script, the
// polite live-count announcer, the database-unavailable page and the quantity field's own error added 0.2-0.4 kB
// (/ 137.22, /competitions 133.92, /competition/{id} 138.92 kB); each budget moves up by 0.5 kB, all still within
// the 140 kB every page must keep (issue 23).
// 2026-11-27, later (issues 23, 24, 28, 29): the number grid's trigger and the chosen numbers on the competition page,
// the instant-wins note, error summaries in the shared form fields (every page's newsletter form), the console's
// disclosure hook shared with the header, and React Router hooks the console now uses (they sit in the framework chunk
// every page loads) measured / 137.97, /competitions 134.50, /competition/{id} 139.88 kB. The budgets move to 138.5,
// 135 and 140 kB: 140 kB is the ceiling issue 23 sets for every page, so the competition page has no room left and the
// next addition to it must pay for itself (the editor's work, h-editor, is held back for that reason: +0.7 kB).
// 2026-11-28 (issue 28): the browser build minified by terser (two compress passes) rather than esbuild: / 138.00 to
// 133.88, /competitions 134.54 to 130.44, /competition/{id} 138.89 to 134.74 kB; the entry form's error summary then
// put the competition page at 135.71 kB (docs/benchmarks.md). Budgets unchanged, so each page has 4.3-4.6 kB of room.
export default [
  { name: "/", path: firstLoad("routes/site/home"), limit: "138.5 kB", gzip: true },
  { name: "/competitions", path: firstLoad("routes/catalogue/competitions"), limit: "135 kB", gzip: true },
  { name: "/competition/{id}", path: firstLoad("routes/catalogue/competition"), limit: "140 kB", gzip: true },
];
