import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leanFetch } from "./lean-fetch";

let server: http.Server;
let base = "";
const seen: { method?: string; url?: string; body: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, body, headers: req.headers });
      if (req.url === "/moved") {
        res.writeHead(303, { Location: "/elsewhere" });
        res.end();
      } else {
        res.writeHead(201, { "Content-Type": "application/json", "Set-Cookie": ["a=1", "b=2"] });
        res.end(JSON.stringify({ echo: body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the benchmark's lean fetch", () => {
  it("sends the method, path, query, headers and body, and answers status, headers and body", async () => {
    const send = leanFetch();
    const res = await send(`${base}/api/x?wait=5`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: "c=1" },
      body: JSON.stringify({ n: "é" }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ echo: JSON.stringify({ n: "é" }) });
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(seen.at(-1)).toMatchObject({ method: "POST", url: "/api/x?wait=5", headers: { cookie: "c=1" } });
    expect(seen.at(-1)?.headers["content-length"]).toBe(String(Buffer.byteLength(JSON.stringify({ n: "é" }))));
  });

  it("sends a form body and never follows a redirect", async () => {
    const res = await leanFetch()(`${base}/moved`, { method: "POST", body: new URLSearchParams({ a: "1 2" }) });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/elsewhere");
    expect(seen.at(-1)?.body).toBe("a=1+2");
  });

  it("refuses an https URL rather than sending it in the clear", async () => {
    await expect(leanFetch()("https://127.0.0.1:1/")).rejects.toThrow(/plain HTTP only/);
  });
});
