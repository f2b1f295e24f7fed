import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { moduleGraphOf } from "./rollup-module-graph";

type Declaration = { type: string; source: { value: string }; specifiers: object[] };
const named = (source: string, ...names: string[]): Declaration => ({
  type: "ImportDeclaration",
  source: { value: source },
  specifiers: names.map((name) => ({ type: "ImportSpecifier", imported: { name } })),
});
const reexport = (source: string, name: string): Declaration => ({
  type: "ExportNamedDeclaration",
  source: { value: source },
  specifiers: [{ type: "ExportSpecifier", local: { name: "default" }, exported: { name } }],
});

/** Rollup's answers for a header that imports an icon by name and a pop-over lazily, and the icon set's index. */
function meta(header: Partial<Rollup.ModuleInfo> = {}): Rollup.ManualChunkMeta {
  const modules: Record<string, Partial<Rollup.ModuleInfo>> = {
    "/app/root.tsx?__react-router-build-client-route": { importedIds: ["/app/root.tsx"] },
    "/app/header.tsx": {
      ast: { body: [named("icons", "Bell"), named("./button", "Button")] } as unknown as Rollup.ProgramNode,
      importedIds: ["/icons/index.mjs", "/app/button.tsx"],
      dynamicallyImportedIds: ["/app/notification-panel.tsx"],
      ...header,
    },
    "/icons/index.mjs": {
      ast: {
        body: [reexport("./bell.mjs", "Bell"), reexport("./chart.mjs", "Chart")],
      } as unknown as Rollup.ProgramNode,
      importedIds: ["/icons/bell.mjs", "/icons/chart.mjs"],
      exportedBindings: { "./bell.mjs": ["Bell", "BellIcon"], "./chart.mjs": ["Chart"] },
    },
  };
  return {
    getModuleIds: () => Object.keys(modules).values(),
    getModuleInfo: (id) => (modules[id] ?? null) as Rollup.ModuleInfo | null,
  };
}

describe("Rollup's module graph as the chunking rule reads it", () => {
  it("lists static imports with the names taken, and never a lazy import", () => {
    expect(moduleGraphOf(meta()).staticImports("/app/header.tsx")).toEqual([
      { id: "/icons/index.mjs", names: ["Bell"] },
      { id: "/app/button.tsx", names: ["Button"] },
    ]);
  });

  it("finds the module a re-exported name comes from", () => {
    const graph = moduleGraphOf(meta());
    expect(graph.reexportedFrom("/icons/index.mjs", "BellIcon")).toBe("/icons/bell.mjs");
    expect(graph.reexportedFrom("/icons/index.mjs", "Nothing")).toBeUndefined();
  });

  it("counts every import as taking everything when the syntax tree and Rollup's list do not line up", () => {
    const graph = moduleGraphOf(meta({ importedIds: ["/icons/index.mjs", "/app/button.tsx", "\0preload-helper"] }));
    expect(graph.staticImports("/app/header.tsx").map((i) => i.names)).toEqual(["*", "*", "*"]);
  });

  it("names the route modules React Router's client build loads", () => {
    expect(moduleGraphOf(meta()).routeModules()).toEqual(["/app/root.tsx"]);
  });
});
