import { type Auth, createAuth } from "./auth.server";
import { type Beacon, beaconFromEnv } from "./beacon.server";
import { type Database, type DatabaseHandle, openDatabase } from "./db.server";
import { type Env, loadEnv } from "./env.server";
import { type Logger, logger as rootLogger } from "./logger.server";
import { createMailer, type Mailer, startMailWorker } from "./mail.server";
import { type PaymentProvider, paymentProviderFromEnv } from "./payments.server";
import { Realtime } from "./realtime.server";
import { type Storage, storageFromEnv } from "./storage.server";

/** A periodic job that must finish its current pass before the database closes. */
export type BackgroundJob = { stop(): Promise<void> };

export type Services = {
  env: Env;
  handle: DatabaseHandle;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  mail: { kick(): void; stop(): Promise<void> };
  realtime: Realtime;
  /** Stripe's API (or the built-in stand-in without STRIPE_SECRET_KEY). */
  payments: PaymentProvider;
  /** The draws' randomness beacon: drand quicknet with DRAND_URL, else the local test beacon. */
  beacon: Beacon;
  /** Uploaded pictures and share cards: DATA_DIR/uploads, or S3-compatible storage when S3_BUCKET is set. */
  storage: Storage;
  /**
   * Background jobs the areas start on these services (the checkout reconciler, from server/app.ts); stopped on close.
   * Platform code never imports an area, so jobs are registered from outside.
   */
  jobs: BackgroundJob[];
  logger: Logger;
  now: () => Date;
};

/** Opens the database, migrates it, and starts the process-wide workers. */
export async function createServices(
  env: Env = loadEnv(),
  logger: Logger = rootLogger,
  options: { memoryDatabase?: boolean } = {},
): Promise<Services> {
  const handle = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    memory: options.memoryDatabase,
    poolSize: env.DATABASE_POOL_SIZE,
    migrationsFolder: env.MIGRATIONS_DIR,
  });
  await handle.migrate();
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR });
  const mail = startMailWorker(handle.db, mailer, env.MAIL_FROM, logger, env.NODE_ENV === "test" ? 250 : 2000);
  const auth = createAuth(handle.db, env, () => mail.kick());
  const realtime = new Realtime(handle, logger);
  await realtime.start();
  const services: Services = {
    env,
    handle,
    db: handle.db,
    auth,
    mailer,
    mail,
    realtime,
    payments: paymentProviderFromEnv(env),
    beacon: beaconFromEnv(env),
    storage: storageFromEnv(env),
    jobs: [],
    logger,
    now: () => new Date(),
  };
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    logger.warn(
      "STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: webhooks will be refused; the " +
        "reconciler and /payment-success still settle orders",
    );
  }
  return services;
}

export async function closeServices(services: Services) {
  await Promise.all(services.jobs.map((job) => job.stop()));
  await services.mail.stop();
  await services.realtime.stop();
  await services.storage.close();
  await services.handle.close();
}
