// Paddock's process entry: `npm start` (production build) or `npm run dev`.
import { rmSync, writeFileSync } from "node:fs";
import module from "node:module";
import path from "node:path";
import { describeStartFailure } from "./server/start-failure.js";

// Node keeps the code it compiles for the app's modules on disk and reuses it at the next start (in the OS's
// temporary folder; NODE_COMPILE_CACHE names another, NODE_DISABLE_COMPILE_CACHE=1 turns it off). Enabled before
// the app's modules are imported, so that they are the ones cached.
module.enableCompileCache?.();
const { startServer, SHUTDOWN_GRACE_MS } = await import("./server/main.js");
/** A stop never takes longer than this, whatever a request or a job's pass is doing (TimeoutStopSec is above it). */
const SHUTDOWN_BOUND_MS = SHUTDOWN_GRACE_MS + 10_000;

try {
  // Which app to load (Vite's development server or the build) is decided before the configuration is read;
  // everything else, PORT included, comes from the app's validated configuration.
  const running = await startServer({ development: process.env.NODE_ENV === "development" });
  // Written now rather than at exit, so a process that is killed still leaves the next start its compiled code.
  module.flushCompileCache?.();
  const { env, handle, mailer } = running.started.services;
  const url = env.BASE_URL.replace(/:\d+$/, `:${running.port}`);
  console.log(`\nPaddock is running at ${url}`);
  const database = handle.kind === "pglite" ? `embedded (PGlite) in ${env.DATA_DIR}` : "PostgreSQL";
  console.log(`Database: ${database}; mail: ${mailer.describe}`);
  if (!env.SMTP_URL) {
    const viewer = running.started.mailViewerPath;
    console.log(
      viewer
        ? `Read the e-mail it sends (sign-up confirmation links too) at ${url}${viewer}`
        : "To read the e-mail it sends in the browser (sign-up confirmation links too), start with MAIL_VIEWER=true " +
            "and open /dev/mail.",
    );
  }
  const admin = running.started.adminCredentials;
  if (admin) {
    console.log("\nAdmin login (shown once; change it after signing in):");
    console.log(`  email:    ${admin.email}\n  password: ${admin.password}\n`);
  }
  if (env.ADMIN_REQUIRE_2FA !== false) {
    console.log(
      "The admin area needs two-factor sign-in: set it up at /account/security (or, for a local " +
        "demo only, start with ADMIN_REQUIRE_2FA=false).",
    );
  }
  // On the embedded database only this process may open it: `npm run backup` finds it by this file and asks it for a
  // consistent dump with SIGUSR2 (docs/operations.md, "Backups").
  const pidFile = path.join(path.resolve(env.DATA_DIR), "paddock.pid");
  if (handle.kind === "pglite") {
    writeFileSync(pidFile, String(process.pid));
    process.on("exit", () => rmSync(pidFile, { force: true }));
    process.on("SIGUSR2", () => {
      running.started.backup().then(
        (file) => running.started.services.logger.info({ file }, "backup written"),
        (error) => running.started.services.logger.error({ err: error }, "backup failed"),
      );
    });
  }
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    running.started.services.logger.info({ signal }, "shutting down: finishing requests under way");
    setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_BOUND_MS / 1000} s; exiting.`);
      process.exit(1);
    }, SHUTDOWN_BOUND_MS).unref();
    let code = 0;
    await running.close().catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      code = 1;
    });
    process.exit(code);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
} catch (error) {
  if (error && error.code === "EADDRINUSE") {
    console.error(`Port ${error.port} is already in use. Set PORT to another port.`);
  } else console.error(`Paddock could not start: ${describeStartFailure(error)}`);
  process.exit(1);
}
