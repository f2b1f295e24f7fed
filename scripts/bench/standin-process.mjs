// The payment stand-in served by a process of its own (ADR 040), so the checkout benchmark counts Stripe's side
// apart from Paddock's: `node scripts/bench/standin-process.mjs` with the app's configuration (DATABASE_URL, the
// shared BETTER_AUTH_SECRET, PORT, BASE_URL as this process's own origin) and STANDIN_WEBHOOK_URLS, the app
// processes' webhook endpoints, comma-separated (events go to them in turn). It loads the built app
// (PADDOCK_BUILD_DIR).
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const buildDir = path.resolve(root, process.env.PADDOCK_BUILD_DIR ?? "build");
const { createStandinApp } = await import(path.join(buildDir, "server/index.js"));
const webhookUrls = (process.env.STANDIN_WEBHOOK_URLS ?? "").split(",").filter(Boolean);
const standin = await createStandinApp(webhookUrls);
const server = createServer(standin.app);
server.listen(Number(process.env.PORT));
process.once("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  standin.shutdown().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
