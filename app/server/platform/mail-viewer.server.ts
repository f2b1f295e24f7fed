import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type MailMessage, parseMailMessage } from "~/domain/mail-message";

export { MAIL_VIEWER_PATH } from "~/domain/mail-message";

import type { Env } from "./env.server";

// The development mail viewer: lists and reads the .eml files the file mailer (mail.server.ts) writes, so a
// person trying the site can open a sign-up link without a mail client. Every message to everyone is readable
// here, so it is off under NODE_ENV=production unless MAIL_VIEWER=true asks for it.

export type MailViewerEnv = Pick<Env, "MAIL_VIEWER" | "NODE_ENV" | "SMTP_URL" | "DATA_DIR">;

/** Whether /dev/mail answers: MAIL_VIEWER when set, otherwise everywhere but production. */
export function mailViewerEnabled(env: Pick<Env, "MAIL_VIEWER" | "NODE_ENV">) {
  return env.MAIL_VIEWER ?? env.NODE_ENV !== "production";
}

/** The names the file mailer gives its messages; anything else (a path, `..`) names no message. */
const MESSAGE_FILE = /^[\w-]+\.eml$/;

export type MailSummary = { file: string; to: string; subject: string; date: string };

const mailDir = (env: MailViewerEnv) => path.join(env.DATA_DIR, "mail");

async function messageFiles(env: MailViewerEnv) {
  try {
    return (await readdir(mailDir(env))).filter((file) => MESSAGE_FILE.test(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** The messages written so far, newest first (file names start with the time they were written). */
export async function listMail(env: MailViewerEnv, limit = 200): Promise<MailSummary[]> {
  const files = (await messageFiles(env)).sort().reverse().slice(0, limit);
  return Promise.all(
    files.map(async (file) => {
      const { to, subject, date } = parseMailMessage(await readFile(path.join(mailDir(env), file), "utf8"));
      return { file, to, subject, date };
    }),
  );
}

/** One message by its file name, or null when there is no such message. */
export async function readMail(env: MailViewerEnv, file: string): Promise<MailMessage | null> {
  if (!MESSAGE_FILE.test(file)) return null;
  try {
    return parseMailMessage(await readFile(path.join(mailDir(env), file), "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
