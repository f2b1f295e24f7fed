// Paddock's process entry. Development: Vite middleware with HMR. Production: the built app.
import compression from "compression";
import express from "express";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const PORT = Number.parseInt(process.env.PORT || "3000", 10);

async function main() {
  const server = express();
  server.disable("x-powered-by");
  server.use(compression({ filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res) }));

  let started;
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(viteDevServer.middlewares);
    const mod = await viteDevServer.ssrLoadModule("./server/app.ts");
    started = await mod.createApp();
    server.use(mod.securityHeaders({ development: true }));
    server.use(started.app);
  } else {
    const mod = await import("./build/server/index.js");
    started = await mod.createApp();
    server.use(mod.securityHeaders({ development: false, extraFormActions: started.formActionOrigins }));
    server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    server.use(express.static("build/client", { maxAge: "1h" }));
    server.use(started.app);
  }

  const listener = server.listen(PORT, (error) => {
    if (error) {
      console.error(error.code === "EADDRINUSE" ? `Port ${PORT} is already in use. Set PORT to another port.` : error);
      process.exit(1);
    }
    const { env } = started.services;
    const address = listener.address();
    const port = typeof address === "object" && address ? address.port : PORT;
    console.log(`\nPaddock is running at ${env.BASE_URL.replace(`:${env.PORT}`, `:${port}`)}`);
    console.log(`Database: ${started.services.handle.kind === "pglite" ? `embedded (PGlite) in ${env.DATA_DIR}` : "PostgreSQL"}; mail: ${started.services.mailer.describe}`);
    if (started.adminCredentials) {
      console.log(`\nAdmin login (shown once; change it after signing in):\n  email:    ${started.adminCredentials.email}\n  password: ${started.adminCredentials.password}\n`);
    }
  });

  const shutdown = async () => {
    listener.close();
    await started.shutdown?.();
    process.exit(0);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
