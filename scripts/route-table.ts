// The README's route table, made from app/routes.ts (the only index from a URL to its file): every page and resource
// route with its URL, its module and the layouts around it. scripts/route-table.test.ts fails when the README's copy
// differs, so it cannot drift.
//
//   npm run route-table            (prints the table)
//   npm run route-table -- --write (rewrites it in README.md, between the route-table markers)
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import routes from "../app/routes";

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };
type Row = { url: string; file: string; layouts: string[] };

export const TABLE_START = "<!-- route-table:start (npm run route-table -- --write) -->";
export const TABLE_END = "<!-- route-table:end -->";

const layoutName = (file: string) => path.basename(file).replace(/\.tsx?$/, "");

/** Leaf routes in the order app/routes.ts lists them; a layout adds no URL segment of its own unless it has a path. */
function rows(entries: RouteEntry[], parent = "", layouts: string[] = []): Row[] {
  return entries.flatMap((entry) => {
    const url = [parent, entry.path].filter(Boolean).join("/");
    if (entry.children) return rows(entry.children, url, [...layouts, layoutName(entry.file)]);
    return [{ url: `/${url}`, file: `app/${entry.file}`, layouts }];
  });
}

/** The markdown table: URL, route module, and the layouts it renders inside (outermost first). */
export function routeTable(entries: readonly RouteEntry[] = routes as RouteEntry[]): string {
  const lines = ["| URL | route module | inside |", "| --- | --- | --- |"];
  for (const row of rows([...entries]))
    lines.push(`| \`${row.url}\` | \`${row.file}\` | ${row.layouts.join(" › ") || "(no layout)"} |`);
  return lines.join("\n");
}

/** The table as it stands between the markers in `readme`, or null when the markers are missing. */
export function tableIn(readme: string): string | null {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) return null;
  return readme.slice(start + TABLE_START.length, end).trim();
}

/** `readme` with the current table between its markers. */
export function withTable(readme: string, table = routeTable()): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${TABLE_START} … ${TABLE_END} section`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--write")) {
    const file = path.join(import.meta.dirname, "..", "README.md");
    writeFileSync(file, withTable(readFileSync(file, "utf8")));
    console.log("README.md: route table rewritten from app/routes.ts");
  } else {
    console.log(routeTable());
  }
}
