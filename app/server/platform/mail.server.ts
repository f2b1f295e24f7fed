import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { emailOutbox } from "~/db/schema";
import type { Database } from "./db.server";
import type { EmailContent } from "./email/content";
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
  send(message: OutgoingEmail & { from: string; messageId?: string }): Promise<void>;
  describe: string;
};

type Executor = Pick<Database, "insert">;

/** A message to queue: every body comes from Paddock's one set of templates (email/). */
type QueuedEmail = Omit<OutgoingEmail, "text" | "html"> & { content: EmailContent };

/**
 * Mail is queued in the same transaction as the event that causes it; the worker delivers it. Template content is
 * rendered here, into its HTML and plain-text parts, so what is stored is exactly what is sent.
 */
export async function enqueueEmail(tx: Executor, message: QueuedEmail): Promise<number> {
  const { to, subject, replyTo = null, headers = null, kind } = message;
  // Loaded on first use: React (for react-email) then loads in the process's final NODE_ENV, never before the e2e
  // harness switches it to production, so one copy of React serves the app and the templates.
  const { renderEmail } = await import("./email/render.server");
  const body = await renderEmail(message.content);
  const [row] = await tx
    .insert(emailOutbox)
    .values({ to, subject, text: body.text, html: body.html, replyTo, headers, kind })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  return row.id;
}

/** What nodemailer is given for a message: everything but our own `kind`. */
function mailOptions({ kind: _kind, ...message }: Parameters<Mailer["send"]>[0]) {
  return message;
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under DATA_DIR/mail. */
export function createMailer(options: { smtpUrl?: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      describe: `SMTP ${new URL(options.smtpUrl).host}`,
      async send(m) {
        await transport.sendMail(mailOptions(m));
      },
    };
  }
  const dir = path.join(options.dataDir, "mail");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  // The folder is made once, not before every message; written without blocking the event loop (a sale's receipts
  // are written while its requests are served). Made again should it have been removed meanwhile.
  let folder: Promise<unknown> | undefined;
  return {
    describe: `files in ${dir}`,
    async send(m) {
      const info = await transport.sendMail(mailOptions(m));
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${m.kind}-${Math.random().toString(36).slice(2, 8)}.eml`);
      folder ??= mkdir(dir, { recursive: true });
      await folder;
      try {
        await writeFile(file, info.message as Buffer);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        folder = mkdir(dir, { recursive: true });
        await folder;
        await writeFile(file, info.message as Buffer);
      }
    },
  };
}

const MAX_ATTEMPTS = 8;
/** How long a claimed message is held for its sender before another worker may try it (a crash mid-send). */
const SEND_LEASE_SECONDS = 300;

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * The Message-ID of an outbox row: the same on every attempt, so a message re-sent after a crash between sending
 * and marking it sent is recognised as one message by the receiving servers.
 */
export function outboxMessageId(id: number, from: string) {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "paddock.local";
  return `<outbox-${id}@${domain}>`;
}

/**
 * Claims due messages in one statement (SKIP LOCKED, so workers never take the same row), leasing each by moving its
 * next attempt time forward. Nothing is held while mail is sent.
 */
async function claimDue(db: Database, batch: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(emailOutbox.id))
    .limit(batch)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${SEND_LEASE_SECONDS})` })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/**
 * Delivers due messages once: claim, send each outside any transaction, then mark those sent in one statement (or
 * schedule a retry with backoff for one that failed). A crash after sending and before marking re-sends those
 * messages after the lease, with the same Message-ID; nothing is lost and no slow mail server holds a database
 * connection or row lock.
 */
export async function deliverDueEmails(db: Database, mailer: Mailer, from: string, logger?: Logger, batch = 20) {
  const sent: number[] = [];
  for (const row of await claimDue(db, batch)) {
    const attempts = row.attempts + 1;
    try {
      await mailer.send({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        replyTo: row.replyTo ?? undefined,
        headers: row.headers ?? undefined,
        messageId: outboxMessageId(row.id, from),
        kind: row.kind,
      });
      sent.push(row.id);
    } catch (error) {
      const backoffSeconds = Math.min(3600, 2 ** attempts * 5);
      logger?.warn({ err: error, emailId: row.id, attempts }, "email delivery failed");
      await db
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
  // Leased rows: nobody else has changed their attempts since the claim.
  if (sent.length > 0)
    await db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
      .where(inArray(emailOutbox.id, sent));
  return sent.length;
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
