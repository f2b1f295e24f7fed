import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { firstLoadChunks } from "./scripts/bundling/first-load-chunks";
import { moduleGraphOf } from "./scripts/bundling/rollup-module-graph";
import { assetsInlineLimit } from "./vite.assets";

const app = (file: string) => new URL(`./app/${file}`, import.meta.url).pathname;

/** What a first visit loads, grouped into a few files (scripts/bundling/first-load-chunks.ts). */
const chunkFor = firstLoadChunks({
  frameworkPackages: ["react", "react-dom", "scheduler", "react-router"],
  shellRoutes: [app("root.tsx"), app("routes/site/site-layout.tsx")],
  landingRoutes: ["routes/site/home.tsx", "routes/catalogue/competitions.tsx", "routes/catalogue/competition.tsx"].map(
    app,
  ),
});

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    assetsInlineLimit,
    // Terser rather than esbuild for the browser code: two compress passes make every page's first load ~4-5 kB
    // (gzip) smaller than esbuild's minifier, most of it in the framework chunk (docs/benchmarks.md, first load).
    // The server build is not minified (Vite's default for SSR).
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            // Only the modules the rule names: following every import from an icon set's index would pull in all icons.
            onlyExplicitManualChunks: true,
            manualChunks: (id, meta) => chunkFor(id, moduleGraphOf(meta)),
          },
        },
  },
  // Bundled into the server build rather than loaded from node_modules at start-up, where Node reads a package's
  // package.json again for each of its modules: drizzle-orm's is 180 kB for 112 modules, better-auth's 20 kB for 300
  // with its own packages and kysely (together ~0.8 s of a start). better-auth's drizzle adapter comes along, so its
  // queries and ours use one copy of drizzle. zod stays shared with the packages that validate with it (conform).
  ssr: { noExternal: ["drizzle-orm", "better-auth", /^@better-auth\//, "kysely"] },
  resolve: { tsconfigPaths: true, alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [tailwindcss(), reactRouter()],
}));
