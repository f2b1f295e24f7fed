// The repository's nginx configuration (deploy/nginx/paddock.conf) run for a test: a self-signed certificate made with
// openssl, nginx as a child process (not a daemon) with its own prefix, pid, logs and temporary files in a temporary
// folder, on free ports, in front of the given app processes. nginx is Debian's (`apt-get install nginx-light`).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import type { Fetch } from "../../scripts/bench/buyers";
import { freePort } from "./free-port";

export type Nginx = {
  /** The site's origin through nginx: https://localhost:<port>. */
  origin: string;
  /** The certificate clients must trust (PEM), and its file, for NODE_EXTRA_CA_CERTS. */
  ca: string;
  caFile: string;
  stop(): Promise<void>;
};

/** A certificate for localhost, made before the apps start, since they must trust it (NODE_EXTRA_CA_CERTS). */
export function testCertificate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "paddock-nginx-"));
  // nginx's workers run as another user when started by root: they must reach the folder.
  chmodSync(dir, 0o755);
  const caFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      caFile,
    ],
    { stdio: "ignore" },
  );
  return { dir, caFile, keyFile, ca: readFileSync(caFile, "utf8") };
}

/** deploy/nginx/paddock.conf with this run's upstream ports, listening port, certificate and log paths. */
function siteConfig(options: {
  upstreams: number[];
  port: number;
  redirectPort: number;
  certificate: ReturnType<typeof testCertificate>;
}) {
  const { dir, caFile, keyFile } = options.certificate;
  const source = readFileSync(path.resolve("deploy/nginx/paddock.conf"), "utf8");
  const upstream = options.upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`);
  return source
    .replace(/^ {4}server 127\.0\.0\.1:\d+ .*;\n(?: {4}server 127\.0\.0\.1:\d+ .*;\n)*/m, `${upstream.join("\n")}\n`)
    .replace(/^ *listen \[::\]:.*\n/gm, "")
    .replace("listen 80;", `listen 127.0.0.1:${options.redirectPort};`)
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${options.port} ssl http2;`)
    .replaceAll("server_name paddock.example;", "server_name localhost;")
    .replace(/ssl_certificate \S+;/, `ssl_certificate ${caFile};`)
    .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${keyFile};`)
    .replace(/access_log \S+;/, `access_log ${dir}/access.log;`)
    .replace(/error_log \S+ warn;/, `error_log ${dir}/error.log warn;`);
}

/**
 * Starts nginx on `port` in front of the app processes on `upstreams` (already answering) and waits until it answers.
 * The port is chosen before the apps start, since their BASE_URL names it.
 */
export async function startNginx(options: {
  port: number;
  upstreams: number[];
  certificate: ReturnType<typeof testCertificate>;
}): Promise<Nginx> {
  const { port, upstreams, certificate } = options;
  const { dir } = certificate;
  const site = siteConfig({ upstreams, port, redirectPort: await freePort(), certificate });
  writeFileSync(path.join(dir, "paddock.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${dir}/${kind};`)
    .join("\n");
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\n` +
      `events { worker_connections 1024; }\nhttp {\n${temp}\n  include ${dir}/paddock.conf;\n}\n`,
  );
  // Debian installs it in /usr/sbin, which is not on every user's PATH.
  const nginx = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
  const child: ChildProcess = spawn(nginx, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", `${dir}/error.log`], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `https://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const send = proxyFetch(certificate.ca);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = readFileSync(path.join(dir, "error.log"), "utf8");
      await stop();
      throw new Error(`nginx exited (${child.exitCode}):\n${log}`);
    }
    try {
      await send(`${origin}/healthz`);
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { origin, ca: certificate.ca, caFile: certificate.caFile, stop };
}

/**
 * A fetch over HTTPS that trusts `ca`, from `localAddress` (any 127.x.y.z address reaches the loopback, so tests can
 * be clients with different addresses), on a connection of its own.
 */
export function proxyFetch(ca: string, localAddress?: string): Fetch {
  return (url, init = {}) =>
    new Promise((resolve, reject) => {
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const req = https.request(
        url,
        { method: init.method ?? "GET", headers, ca, localAddress, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            const answer = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) answer.append(name, one);
            }
            const status = res.statusCode ?? 0;
            const body = [204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers: answer }));
          });
        },
      );
      req.on("error", reject);
      req.end(init.body === undefined || init.body === null ? undefined : String(init.body));
    });
}
