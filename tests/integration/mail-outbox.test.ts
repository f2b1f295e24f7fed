import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, user as userTable } from "~/db/schema";
import { deliverDueEmails, enqueueEmail, type Mailer, outboxMessageId } from "~/server/platform/mail.server";
import { plainEmail } from "../support/mail";
import { createTestServices, type TestServices } from "../support/services";

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices();
  // These tests drive delivery by hand; the background worker would race them for the rows.
  await services.mail.stop();
});
afterAll(async () => {
  await services?.dispose();
});

const FROM = "Paddock <no-reply@paddock.test>";

/** A mail server that takes each message and answers only when the test says so. */
function heldMailer() {
  const started: string[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const mailer: Mailer = {
    describe: "held",
    async send(m) {
      started.push(m.subject);
      await gate;
    },
  };
  return { mailer, started, release };
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function rowOf(kind: string) {
  const [row] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
  if (!row) throw new Error(`no ${kind} row`);
  return row;
}

describe("the mail outbox sends outside any transaction", () => {
  it("a password reset is answered and queued while a slow mail server still takes an earlier message", async () => {
    const email = "slow-smtp@example.test";
    const made = await services.auth.api.signUpEmail({ body: { email, password: "a-long-password-1", name: "R" } });
    await services.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, made.user.id));
    await services.db.delete(emailOutbox);
    await enqueueEmail(services.db, {
      to: "first@example.test",
      subject: "Slow",
      content: plainEmail("t"),
      kind: "test-slow",
    });

    const held = heldMailer();
    const delivering = deliverDueEmails(services.db, held.mailer, FROM);
    await until(() => held.started.length === 1);

    // With the send inside the claiming transaction, this waited for the mail server (on the embedded database
    // the one connection is taken; on PostgreSQL the row stays locked): the reset form hung under load.
    const reset = await Promise.race([
      services.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } }).then(() => "done"),
      new Promise((r) => setTimeout(() => r("timed out"), 5_000)),
    ]);
    expect(reset).toBe("done");
    const sending = await rowOf("test-slow");
    // The row being sent is not locked: another writer can take it at once.
    await services.db.transaction(async (tx) => {
      const locked = await tx.execute(sql`select id from email_outbox where id = ${sending.id} for update nowait`);
      expect(locked.rows).toHaveLength(1);
    });
    expect(sending.status).toBe("pending");
    expect(sending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now()); // leased to the sender meanwhile
    expect((await rowOf("password-reset")).to).toBe(email);

    held.release();
    expect(await delivering).toBe(1);
    expect(await rowOf("test-slow")).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("a crash between sending and marking sent re-sends once after the lease, with the same Message-ID", async () => {
    await services.db.delete(emailOutbox);
    await enqueueEmail(services.db, {
      to: "crash@example.test",
      subject: "Crash",
      content: plainEmail("t"),
      kind: "test-crash",
    });
    const sent: { subject: string; messageId?: string }[] = [];
    const mailer: Mailer = { describe: "memory", send: async (m) => void sent.push(m) };
    // The process dies after the mail server accepted the message: the update that marks it sent (the one after the
    // claim's) never runs.
    let updates = 0;
    const dying = new Proxy(services.db, {
      get: (target, prop) =>
        prop === "update" && ++updates > 1
          ? () => {
              throw new Error("process killed");
            }
          : Reflect.get(target, prop),
    });
    await expect(deliverDueEmails(dying, mailer, FROM)).rejects.toThrow("process killed");
    expect(sent).toHaveLength(1);

    // Another worker straight away: the lease holds, nothing is sent twice meanwhile.
    expect(await deliverDueEmails(services.db, mailer, FROM)).toBe(0);
    expect(sent).toHaveLength(1);

    // Once the lease has run out the message goes again, as the same message to the receiving server.
    const row = await rowOf("test-crash");
    await services.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, row.id));
    expect(await deliverDueEmails(services.db, mailer, FROM)).toBe(1);
    expect(sent.map((m) => m.messageId)).toEqual([outboxMessageId(row.id, FROM), outboxMessageId(row.id, FROM)]);
    expect(outboxMessageId(row.id, FROM)).toBe(`<outbox-${row.id}@paddock.test>`);
    expect(await rowOf("test-crash")).toMatchObject({ status: "sent" });
    expect(await deliverDueEmails(services.db, mailer, FROM)).toBe(0);
    expect(sent).toHaveLength(2);
  });

  it("writes the Message-ID into the delivered message", async () => {
    await services.db.delete(emailOutbox);
    await enqueueEmail(services.db, {
      to: "id@example.test",
      subject: "Id",
      content: plainEmail("t"),
      kind: "test-id",
    });
    await deliverDueEmails(services.db, services.mailer, FROM);
    const row = await rowOf("test-id");
    const { readdirSync, readFileSync } = await import("node:fs");
    const dir = `${services.env.DATA_DIR}/mail`;
    const file = readdirSync(dir).find((f) => f.includes("test-id"));
    expect(readFileSync(`${dir}/${file}`, "utf8")).toContain(`Message-ID: <outbox-${row.id}@paddock.test>`);
  });
});
