import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { ensureAdmin, seedCompetitionsIfEmpty } from "~/server/demo/seed.server";
import { loadEnv } from "~/server/platform/env.server";
import { createServices } from "~/server/platform/services.server";

const mark = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
const since = (m: ReturnType<typeof mark>) => {
  const c = process.cpuUsage(m.cpu);
  return `${Math.round(performance.now() - m.wall)} ms wall, ${Math.round((c.user + c.system) / 1000)} ms cpu`;
};
let m = mark();
const bare = await PGlite.create(mkdtempSync(path.join(tmpdir(), "seedprof-bare-")));
console.log("PGlite.create (initdb) alone:", since(m));
await bare.close();
const dir = mkdtempSync(path.join(tmpdir(), "seedprof-"));
m = mark();
const env = loadEnv({ ...process.env, DATABASE_URL: "", DATA_DIR: dir, NODE_ENV: "production" } as never);
const services = await createServices(env);
console.log("createServices (open + migrate):", since(m));
m = mark();
await seedCompetitionsIfEmpty(services);
console.log("seed:", since(m));
m = mark();
await ensureAdmin(services);
console.log("admin:", since(m));
process.exit(0);
