import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { routeTable, TABLE_END, TABLE_START, tableIn, withTable } from "./route-table";

const readme = readFileSync(path.join(import.meta.dirname, "..", "README.md"), "utf8");

describe("the README's route table", () => {
  it("is the one app/routes.ts makes (after changing a route: npm run route-table -- --write)", () => {
    expect(tableIn(readme)).toBe(routeTable());
  });

  it("lists every route module once, with its full URL and the layouts around it", () => {
    const table = routeTable([
      { path: "robots.txt", file: "routes/site/robots-txt.ts" },
      {
        file: "routes/site/site-layout.tsx",
        children: [
          { index: true, file: "routes/site/home.tsx" },
          {
            path: "admin",
            file: "routes/admin/admin-layout.tsx",
            children: [
              { index: true, file: "routes/admin/dashboard.tsx" },
              { path: "orders/:id", file: "routes/admin/order.tsx" },
            ],
          },
          { path: "*", file: "routes/site/not-found.tsx" },
        ],
      },
    ]);
    expect(table.split("\n")).toEqual([
      "| URL | route module | inside |",
      "| --- | --- | --- |",
      "| `/robots.txt` | `app/routes/site/robots-txt.ts` | (no layout) |",
      "| `/` | `app/routes/site/home.tsx` | site-layout |",
      "| `/admin` | `app/routes/admin/dashboard.tsx` | site-layout › admin-layout |",
      "| `/admin/orders/:id` | `app/routes/admin/order.tsx` | site-layout › admin-layout |",
      "| `/*` | `app/routes/site/not-found.tsx` | site-layout |",
    ]);
    const files = JSON.stringify(routes).match(/routes\/[\w/.-]+\.tsx?/g) ?? [];
    const layouts = files.filter((file) => /layout\.tsx$/.test(file));
    expect(routeTable().split("\n")).toHaveLength(2 + files.length - layouts.length);
  });

  it("is written between its markers, replacing what was there", () => {
    const before = `# Title\n\n${TABLE_START}\nold\n${TABLE_END}\n\nAfter.\n`;
    const after = withTable(before, "| new |");
    expect(after).toBe(`# Title\n\n${TABLE_START}\n| new |\n${TABLE_END}\n\nAfter.\n`);
    expect(tableIn(after)).toBe("| new |");
    expect(tableIn("no markers")).toBeNull();
    expect(() => withTable("no markers")).toThrow(/route-table/);
  });
});
