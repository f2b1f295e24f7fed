import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { emailOutbox } from "~/db/schema";
import type { Database } from "./db.server";
import type { Logger } from "./logger.server";

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  kind: string;
};

export type Mailer = {
  send(message: OutgoingEmail & { from: string }): Promise<void>;
  describe: string;
};

type Executor = Pick<Database, "insert">;

/** Mail is queued in the same transaction as the event that causes it; the worker delivers it. */
export async function enqueueEmail(tx: Executor, message: OutgoingEmail) {
  await tx.insert(emailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    replyTo: message.replyTo ?? null,
    headers: message.headers ?? null,
    kind: message.kind,
  });
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under DATA_DIR/mail. */
export function createMailer(options: { smtpUrl?: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      describe: `SMTP ${new URL(options.smtpUrl).host}`,
      async send(m) {
        await transport.sendMail({ from: m.from, to: m.to, replyTo: m.replyTo, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
      },
    };
  }
  const dir = path.join(options.dataDir, "mail");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: `files in ${dir}`,
    async send(m) {
      const info = await transport.sendMail({ from: m.from, to: m.to, replyTo: m.replyTo, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
      mkdirSync(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${m.kind}-${Math.random().toString(36).slice(2, 8)}.eml`;
      writeFileSync(path.join(dir, name), info.message as Buffer);
    },
  };
}

const MAX_ATTEMPTS = 8;

/** Delivers due messages once. Rows are claimed with SKIP LOCKED so several processes never send one twice. */
export async function deliverDueEmails(db: Database, mailer: Mailer, from: string, logger?: Logger, batch = 20) {
  let delivered = 0;
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(emailOutbox.id))
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const row of due) {
      try {
        await mailer.send({
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          replyTo: row.replyTo ?? undefined,
          headers: row.headers ?? undefined,
          kind: row.kind,
        });
        await tx.update(emailOutbox).set({ status: "sent", sentAt: sql`now()`, attempts: row.attempts + 1 }).where(eq(emailOutbox.id, row.id));
        delivered++;
      } catch (error) {
        const attempts = row.attempts + 1;
        const backoffSeconds = Math.min(3600, 2 ** attempts * 5);
        logger?.warn({ err: error, emailId: row.id, attempts }, "email delivery failed");
        await tx
          .update(emailOutbox)
          .set({
            attempts,
            lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
            nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds})`,
          })
          .where(eq(emailOutbox.id, row.id));
      }
    }
  });
  return delivered;
}

export function startMailWorker(db: Database, mailer: Mailer, from: string, logger: Logger, intervalMs = 2000) {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      while ((await deliverDueEmails(db, mailer, from, logger)) > 0 && !stopped);
    } catch (error) {
      logger.error({ err: error }, "mail worker tick failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    kick: () => void tick(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
