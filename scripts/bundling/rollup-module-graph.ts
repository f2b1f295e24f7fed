// Rollup's view of the module graph, in the shape the first-load chunking rule reads (first-load-chunks.ts).
import type { Rollup } from "vite";
import type { ModuleGraph, StaticImport } from "./first-load-chunks";

/** React Router's client build loads each route module through an entry with this query. */
const ROUTE_ENTRY = "?__react-router-build-client-route";

type Node = { type: string; source?: { value: unknown } | null; specifiers?: Specifier[] };
type Specifier = { type: string; imported?: { name?: string; value?: unknown }; local?: { name?: string } };

/** The names an import or re-export declaration takes, `"*"` for a namespace, a side effect or `export *`. */
function namesTaken(node: Node): readonly string[] | "*" {
  if (node.type === "ExportAllDeclaration" || !node.specifiers?.length) return "*";
  const names: string[] = [];
  for (const specifier of node.specifiers) {
    if (specifier.type === "ImportDefaultSpecifier") names.push("default");
    else if (specifier.type === "ImportSpecifier")
      names.push(String(specifier.imported?.name ?? specifier.imported?.value));
    else if (specifier.type === "ExportSpecifier") names.push(String(specifier.local?.name ?? "default"));
    else return "*";
  }
  return names;
}

type Imports = { list: StaticImport[]; idBySource: Map<string, string> };

/**
 * A module's static imports, with the names taken when its syntax tree says so. Rollup lists `importedIds` in the
 * order the import and re-export declarations first name each source, so the two line up; when they do not (a
 * plugin added an import the tree does not show), every import counts as taking everything.
 */
function importsOf(info: Rollup.ModuleInfo): Imports {
  const bySource = new Map<string, Set<string> | "*">();
  for (const node of (info.ast?.body ?? []) as Node[]) {
    const source = node.source?.value;
    if (typeof source !== "string" || !/^(Import|ExportNamed|ExportAll)Declaration$/.test(node.type)) continue;
    const names = namesTaken(node);
    const known = bySource.get(source);
    if (names === "*" || known === "*") bySource.set(source, "*");
    else bySource.set(source, new Set([...(known ?? []), ...names]));
  }
  const sources = [...bySource];
  if (sources.length !== info.importedIds.length) {
    return { list: info.importedIds.map((id) => ({ id, names: "*" })), idBySource: new Map() };
  }
  const list = info.importedIds.map((id, i): StaticImport => {
    const names = sources[i]?.[1] ?? "*";
    return { id, names: names === "*" ? "*" : [...names] };
  });
  return { list, idBySource: new Map(sources.map(([source], i) => [source, info.importedIds[i] ?? ""])) };
}

/** The graph of one build, read through the `getModuleInfo` Rollup hands to `manualChunks`. */
function rollupModuleGraph(getModuleInfo: Rollup.GetModuleInfo, moduleIds: () => Iterable<string>): ModuleGraph {
  const imports = new Map<string, Imports>();
  const importsOfId = (id: string) => {
    const known = imports.get(id);
    if (known) return known;
    const info = getModuleInfo(id);
    const found = info ? importsOf(info) : { list: [], idBySource: new Map<string, string>() };
    imports.set(id, found);
    return found;
  };
  let routes: string[] | undefined;
  return {
    routeModules() {
      routes ??= [...moduleIds()]
        .filter((id) => id.endsWith(ROUTE_ENTRY))
        .map((id) => id.slice(0, -ROUTE_ENTRY.length));
      return routes;
    },
    staticImports: (id) => importsOfId(id).list,
    reexportedFrom(id, name) {
      const bindings = getModuleInfo(id)?.exportedBindings ?? {};
      for (const [source, names] of Object.entries(bindings)) {
        if (source !== "." && names.includes(name)) return importsOfId(id).idBySource.get(source);
      }
      return undefined;
    },
  };
}

const graphs = new WeakMap<Rollup.GetModuleInfo, ModuleGraph>();

/** The graph of the build `manualChunks` is called for: Rollup hands every call of one build the same functions. */
export function moduleGraphOf({ getModuleInfo, getModuleIds }: Rollup.ManualChunkMeta): ModuleGraph {
  const known = graphs.get(getModuleInfo);
  if (known) return known;
  const graph = rollupModuleGraph(getModuleInfo, getModuleIds);
  graphs.set(getModuleInfo, graph);
  return graph;
}
