import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createMailer } from "./mail.server";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "paddock-mailer-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const message = (subject: string) => ({
  from: "Paddock <no-reply@paddock.local>",
  to: "buyer@example.test",
  subject,
  text: "Hello",
  kind: "test-kind",
});

describe("the mailer without SMTP", () => {
  it("writes each message as an .eml file, making the folder again if it was removed meanwhile", async () => {
    const mailer = createMailer({ dataDir });
    const folder = path.join(dataDir, "mail");
    await mailer.send(message("First"));
    expect(readdirSync(folder)).toHaveLength(1);
    rmSync(folder, { recursive: true });
    await mailer.send(message("Second"));
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-test-kind-[a-z0-9]+\.eml$/);
    expect(readFileSync(path.join(folder, files[0] as string), "utf8")).toContain("Subject: Second");
  });
});
