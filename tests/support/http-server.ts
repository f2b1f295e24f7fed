import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

export type Listening = { port: number; close(): Promise<void> };

/** Serves an Express app (or any request handler) on 127.0.0.1 at a free port, for tests that need real HTTP. */
export async function listen(app: Express | ((req: IncomingMessage, res: ServerResponse) => void)): Promise<Listening> {
  const server = await new Promise<Server>((resolve) => {
    const s = createServer(app).listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

type RawResponse = { status: number; headers: Record<string, unknown>; body: Buffer };

/** A raw request, so the test controls the method, Content-Length and chunking, which fetch() would decide itself. */
export function rawRequest(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
) {
  return new Promise<RawResponse>((resolve, reject) => {
    const { method, path, headers = {} } = options;
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}
