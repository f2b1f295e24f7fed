// The checkout benchmark's HTTP client. Node's global fetch (undici) cost the load generator 2.3-2.9 ms of CPU per
// buyer on this machine (docs/benchmarks.md), and the generator shares the two cores with the app and PostgreSQL, so
// its cost was counted against the sale. This sends the same requests with node:http over kept-alive connections,
// a fraction of that, and answers with a standard Response. Redirects are never followed (as `redirect: "manual"`).
import http from "node:http";
import type { Fetch } from "./buyers";

/** `fetch` over node:http, for plain-HTTP URLs; each call's connection is kept for the next (one agent per client). */
export function leanFetch(): Fetch {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  return (url, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url);
      if (target.protocol !== "http:") throw new Error(`leanFetch speaks plain HTTP only, not ${target.protocol}`);
      const body = init.body === undefined || init.body === null ? undefined : String(init.body);
      const headers = { ...(init.headers as Record<string, string> | undefined) };
      if (body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(body));
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: init.method ?? "GET",
          headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            const answer = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const one of Array.isArray(value) ? value : [value ?? ""]) answer.append(name, one);
            }
            const status = res.statusCode ?? 0;
            const empty = status === 204 || status === 304 || init.method === "HEAD";
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answer }));
          });
        },
      );
      request.on("error", reject);
      request.end(body);
    });
}
