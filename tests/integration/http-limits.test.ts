import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimit } from "../../server/limits";
import { securityHeaders } from "../../server/security";
import { competitionEvents } from "../../server/sse";
import { type Listening, listen, rawRequest } from "../support/http-server";
import { createTestServices, type TestServices } from "../support/services";

let services: TestServices;
let server: Listening;
let bodiesRead = 0;

beforeAll(async () => {
  services = await createTestServices();
  const app = express();
  app.use(securityHeaders({ development: false, https: true }));
  app.use(bodyLimit({ defaultBytes: 1024, larger: [{ prefix: "/big", bytes: 4096 }] }));
  app.post(["/form", "/big"], express.text({ type: "*/*", limit: "1mb" }), (req, res) => {
    bodiesRead++;
    res.send(`read ${String(req.body).length}`);
  });
  app.get("/events", competitionEvents(services, { perClient: 2, total: 3 }));
  server = await listen(app);
});
afterAll(async () => {
  await server?.close();
  await services?.dispose();
});

async function send(path: string, body: string, headers: Record<string, string>) {
  const res = await rawRequest(server.port, { method: "POST", path, headers, body });
  return { ...res, text: res.body.toString("utf8") };
}

describe("request bodies are bounded before anything reads them", () => {
  it("takes a form within the limit", async () => {
    const body = "x".repeat(1000);
    const res = await send("/form", body, { "content-type": "text/plain", "content-length": String(body.length) });
    expect(res).toMatchObject({ status: 200, text: "read 1000" });
  });

  it("answers 413 with a clear message for a body over the limit, and reads none of it", async () => {
    const before = bodiesRead;
    const body = "x".repeat(1025);
    const res = await send("/form", body, { "content-type": "text/plain", "content-length": String(body.length) });
    expect(res.status).toBe(413);
    expect(res.text).toBe("This request is too large: at most 1 KB is accepted.");
    expect(bodiesRead).toBe(before);
  });

  it("gives listed paths their larger limit", async () => {
    const body = "x".repeat(3000);
    const ok = await send("/big", body, { "content-type": "text/plain", "content-length": String(body.length) });
    expect(ok.status).toBe(200);
    const tooBig = "x".repeat(4097);
    const refused = await send("/big", tooBig, { "content-length": String(tooBig.length) });
    expect(refused.status).toBe(413);
  });

  it("refuses a body streamed without a length (411) instead of buffering it", async () => {
    const before = bodiesRead;
    const res = await send("/form", "x".repeat(5000), { "content-type": "text/plain", "transfer-encoding": "chunked" });
    expect(res.status).toBe(411);
    expect(bodiesRead).toBe(before);
  });

  it("sends HSTS when the site is served over HTTPS", async () => {
    const res = await send("/form", "", { "content-length": "0" });
    expect(res.status).toBe(200);
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("live-update streams are capped", () => {
  it("lets a client hold two streams, refuses a third with 429, and frees the slot when one closes", async () => {
    const open = async () => {
      const controller = new AbortController();
      const res = await fetch(`http://127.0.0.1:${server.port}/events`, { signal: controller.signal });
      return { res, close: () => controller.abort() };
    };
    const first = await open();
    const second = await open();
    expect([first.res.status, second.res.status]).toEqual([200, 200]);
    const third = await open();
    expect(third.res.status).toBe(429);
    expect(await third.res.text()).toBe("Too many live-update connections. Close some tabs and try again.");
    expect(third.res.headers.get("retry-after")).toBe("30");

    first.close();
    let again = await open();
    for (let i = 0; i < 50 && again.res.status === 429; i++) {
      await new Promise((r) => setTimeout(r, 20));
      again = await open();
    }
    expect(again.res.status).toBe(200);
    second.close();
    again.close();
  });
});
