import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { assetsInlineLimit } from "./vite.assets";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    assetsInlineLimit,
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  // Bundled into the server build rather than loaded from node_modules at start-up, where Node reads a package's
  // package.json again for each of its modules: drizzle-orm's is 180 kB for 112 modules, better-auth's 20 kB for 300
  // with its own packages and kysely (together ~0.8 s of a start). better-auth's drizzle adapter comes along, so its
  // queries and ours use one copy of drizzle. zod stays shared with the packages that validate with it (conform).
  ssr: { noExternal: ["drizzle-orm", "better-auth", /^@better-auth\//, "kysely"] },
  resolve: { tsconfigPaths: true, alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [tailwindcss(), reactRouter()],
}));
