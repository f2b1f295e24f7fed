import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createMailer } from "~/server/platform/mail.server";

let server: SMTPServer;
let port = 0;
const received: string[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
      stream.on("end", () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  port = (server.server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it("sends over SMTP when SMTP_URL is set", async () => {
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: "/nonexistent" });
  await mailer.send({
    from: "Paddock <no-reply@paddock.test>",
    to: "rider@example.test",
    subject: "Over the wire",
    text: "Hello rider",
    kind: "test",
  });
  expect(received).toHaveLength(1);
  expect(received[0]).toMatch(/Subject: Over the wire/);
  expect(received[0]).toMatch(/Hello rider/);
});
