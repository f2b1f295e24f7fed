import { createAuth, type Auth } from "./auth.server";
import { openDatabase, type Database, type DatabaseHandle } from "./db.server";
import { loadEnv, type Env } from "./env.server";
import { logger as rootLogger, type Logger } from "./logger.server";
import { createMailer, startMailWorker, type Mailer } from "./mail.server";
import { Realtime } from "./realtime.server";

export type Services = {
  env: Env;
  handle: DatabaseHandle;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  mail: { kick(): void; stop(): Promise<void> };
  realtime: Realtime;
  logger: Logger;
  now: () => Date;
};

/** Opens the database, migrates it, and starts the process-wide workers. */
export async function createServices(
  env: Env = loadEnv(),
  logger: Logger = rootLogger,
  options: { memoryDatabase?: boolean } = {},
): Promise<Services> {
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, memory: options.memoryDatabase });
  await handle.migrate();
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR });
  const mail = startMailWorker(handle.db, mailer, env.MAIL_FROM, logger, env.NODE_ENV === "test" ? 250 : 2000);
  const auth = createAuth(handle.db, env, () => mail.kick());
  const realtime = new Realtime(handle, logger);
  await realtime.start();
  return { env, handle, db: handle.db, auth, mailer, mail, realtime, logger, now: () => new Date() };
}

export async function closeServices(services: Services) {
  await services.mail.stop();
  await services.realtime.stop();
  await services.handle.close();
}
