import { describe, expect, it } from "vitest";
import { firstLoadChunks, type ModuleGraph, type StaticImport } from "./first-load-chunks";

/** A made-up app: `imports` lists each module's static imports (`"name"` takes all, `"index:Bell"` one name). */
function graphOf(imports: Record<string, string[]>, reexports: Record<string, Record<string, string>> = {}) {
  const graph: ModuleGraph = {
    routeModules: () => Object.keys(imports).filter((id) => id.startsWith("/app/routes/") || id === "/app/root.tsx"),
    staticImports: (id) =>
      (imports[id] ?? []).map((spec): StaticImport => {
        const [module = "", name] = spec.split(":");
        return { id: module, names: name ? [name] : "*" };
      }),
    reexportedFrom: (id, name) => reexports[id]?.[name],
  };
  return graph;
}

const plan = {
  frameworkPackages: ["react", "react-router"],
  shellRoutes: ["/app/root.tsx", "/app/routes/layout.tsx"],
  landingRoutes: ["/app/routes/home.tsx", "/app/routes/competitions.tsx", "/app/routes/competition.tsx"],
};

const ICONS = "/node_modules/icons/index.mjs";
const app = graphOf(
  {
    "/app/root.tsx": ["/node_modules/react/index.js", "/app/components/header.tsx", "/app/app.css"],
    "/app/routes/layout.tsx": ["/app/components/footer.tsx"],
    "/app/components/header.tsx": ["/app/ui/button.tsx", `${ICONS}:Bell`],
    "/app/components/footer.tsx": [],
    "/app/routes/home.tsx": ["/app/components/card.tsx", "/app/ui/button.tsx", "/app/content/showcase.ts"],
    "/app/routes/competitions.tsx": ["/app/components/card.tsx", "/app/domain/search.ts"],
    "/app/routes/competition.tsx": ["/app/components/ticket-selector.tsx", "/app/components/entry-form.tsx"],
    "/app/routes/basket.tsx": ["/app/components/ticket-selector.tsx"],
    "/app/routes/admin.tsx": ["/app/components/card.tsx", "/app/admin/table.tsx", `${ICONS}:Chart`],
    "/app/components/card.tsx": ["/app/domain/money.ts", `${ICONS}:Star`],
    "/node_modules/react/index.js": ["\0commonjsHelpers.js"],
    [ICONS]: ["/node_modules/icons/bell.mjs", "/node_modules/icons/star.mjs", "/node_modules/icons/chart.mjs"],
    "/node_modules/icons/bell.mjs": ["/node_modules/icons/create-icon.mjs"],
    "/node_modules/icons/star.mjs": ["/node_modules/icons/create-icon.mjs"],
    "/node_modules/icons/chart.mjs": ["/node_modules/icons/create-icon.mjs"],
  },
  {
    [ICONS]: {
      Bell: "/node_modules/icons/bell.mjs",
      Star: "/node_modules/icons/star.mjs",
      Chart: "/node_modules/icons/chart.mjs",
    },
  },
);

const chunkOf = (id: string) => firstLoadChunks(plan)(id, app);

describe("first-load chunks", () => {
  it("puts the framework packages, their nested packages and their helpers in one chunk", () => {
    expect(chunkOf("/node_modules/react/index.js")).toBe("framework");
    expect(chunkOf("/node_modules/react-router/node_modules/cookie/dist/index.js")).toBe("framework");
    expect(chunkOf("\0commonjsHelpers.js")).toBe("framework");
    expect(chunkOf("/node_modules/@react-router/dev/entry.client.tsx")).toBeUndefined();
  });

  it("puts what the root and the layout import in the shell, with the icons they use and what those import", () => {
    for (const id of ["/app/components/header.tsx", "/app/components/footer.tsx", "/app/ui/button.tsx"]) {
      expect(chunkOf(id), id).toBe("shell");
    }
    expect(chunkOf("/node_modules/icons/bell.mjs")).toBe("shell");
    expect(chunkOf("/node_modules/icons/create-icon.mjs")).toBe("shell");
  });

  it("leaves out of the shell the icons only other pages use, and the icon set's index", () => {
    expect(chunkOf("/node_modules/icons/chart.mjs")).toBeUndefined();
    expect(chunkOf(ICONS)).toBeUndefined();
    expect(chunkOf("/node_modules/icons/star.mjs")).toBe("landing");
  });

  it("shares what two landing pages import in one landing chunk, even when a staff page uses it too", () => {
    expect(chunkOf("/app/components/card.tsx")).toBe("landing");
    expect(chunkOf("/app/domain/money.ts")).toBe("landing");
  });

  it("gives what one landing page shares with another page a chunk named after the landing page", () => {
    expect(chunkOf("/app/components/ticket-selector.tsx")).toBe("competition-landing");
  });

  it("leaves a module only one page imports, and the route modules, to their own route's chunk", () => {
    for (const id of ["/app/components/entry-form.tsx", "/app/domain/search.ts", "/app/admin/table.tsx"]) {
      expect(chunkOf(id), id).toBeUndefined();
    }
    for (const route of [...plan.shellRoutes, ...plan.landingRoutes, "/app/routes/admin.tsx"]) {
      expect(chunkOf(route), route).toBeUndefined();
    }
  });

  it("never groups stylesheets", () => {
    expect(chunkOf("/app/app.css")).toBeUndefined();
  });

  it("puts a module the shell imports in the shell even when every landing page imports it too", () => {
    const graph = graphOf({
      "/app/root.tsx": ["/app/ui/button.tsx"],
      "/app/routes/home.tsx": ["/app/ui/button.tsx"],
      "/app/routes/competitions.tsx": ["/app/ui/button.tsx"],
    });
    expect(firstLoadChunks(plan)("/app/ui/button.tsx", graph)).toBe("shell");
  });
});
