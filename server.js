// Paddock's process entry: `npm start` (production build) or `npm run dev`.
import module from "node:module";

// Node keeps the code it compiles for the app's modules on disk and reuses it at the next start (in the OS's
// temporary folder; NODE_COMPILE_CACHE names another, NODE_DISABLE_COMPILE_CACHE=1 turns it off). Enabled before
// the app's modules are imported, so that they are the ones cached.
module.enableCompileCache?.();
const { startServer } = await import("./server/main.js");

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
  const shutdown = async () => {
    await running.close().catch(() => {});
    process.exit(0);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
} catch (error) {
  if (error && error.code === "EADDRINUSE") {
    console.error(`Port ${error.port} is already in use. Set PORT to another port.`);
  } else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
