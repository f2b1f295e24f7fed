import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as list from "~/routes/site/dev-mail";
import * as message from "~/routes/site/dev-mail-message";
import { loadEnv } from "~/server/platform/env.server";
import { createMailer } from "~/server/platform/mail.server";
import type { Services } from "~/server/platform/services.server";
import { makeRequest, run } from "./auth-helpers";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "paddock-mail-viewer-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const LINK = `http://localhost:3999/api/auth/verify-email?token=${"abcdefghij".repeat(12)}&callbackURL=%2Fauth`;

/** The viewer's routes read nothing but the configuration. */
function servicesWith(env: Record<string, string>) {
  return {
    env: loadEnv({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123", ...env }),
  } as unknown as Services;
}

async function open(services: Services, file?: string) {
  const mod = file === undefined ? list : message;
  const url = file === undefined ? "/dev/mail" : `/dev/mail/${encodeURIComponent(file)}`;
  return run(services, mod.loader, makeRequest(services, url), file === undefined ? {} : { file });
}

describe("the development mail viewer", () => {
  it("lists the messages the file mailer wrote, newest first, and reads one decoded, its long link whole", async () => {
    const mailer = createMailer({ dataDir });
    const from = "Paddock <no-reply@paddock.local>";
    await mailer.send({ from, to: "first@example.test", subject: "First", text: "One", kind: "test" });
    // File names carry the time to the millisecond: the second message is sent in a later one.
    const firstSentBy = Date.now();
    while (Date.now() <= firstSentBy) await new Promise((resolve) => setImmediate(resolve));
    await mailer.send({
      from,
      to: "zoë@example.test",
      subject: "Confirm your Paddock account — Zoë",
      text: `Hello Zoë,\n\nConfirm your address: ${LINK}\n`,
      html: `<p><a href="${LINK}">Confirm</a></p>`,
      kind: "verify-email",
    });
    const services = servicesWith({ NODE_ENV: "development" });

    const page = await open(services);
    expect(page.status).toBe(200);
    const messages = page.data.messages as { file: string; subject: string; to: string }[];
    expect(messages.map((m) => m.subject)).toEqual(["Confirm your Paddock account — Zoë", "First"]);

    const read = await open(services, messages[0]?.file);
    expect(read.status).toBe(200);
    expect(read.data.text).toBe(`Hello Zoë,\n\nConfirm your address: ${LINK}\n`);
    expect(read.data).not.toHaveProperty("html");
  });

  it("names no file outside the mail folder, and a missing message is 404", async () => {
    writeFileSync(path.join(dataDir, "secret.eml"), "Subject: not mail\n\nsecret");
    const services = servicesWith({ NODE_ENV: "development" });
    for (const file of ["../secret.eml", "..%2Fsecret.eml", "nothing-here.eml", "notes.txt"]) {
      expect((await open(services, file)).status, file).toBe(404);
    }
  });

  it("is off under NODE_ENV=production unless MAIL_VIEWER=true, and off anywhere with MAIL_VIEWER=false", async () => {
    const production = servicesWith({ NODE_ENV: "production" });
    expect((await open(production)).status).toBe(404);
    const file = ((await open(servicesWith({ NODE_ENV: "test" }))).data.messages as { file: string }[])[0]?.file;
    expect(file).toBeDefined();
    expect((await open(production, file)).status).toBe(404);

    expect((await open(servicesWith({ NODE_ENV: "production", MAIL_VIEWER: "true" }))).status).toBe(200);
    expect((await open(servicesWith({ NODE_ENV: "development", MAIL_VIEWER: "false" }))).status).toBe(404);
  });
});
