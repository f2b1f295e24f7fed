import { createAuth, type Auth } from "./auth.server";
import { openDatabase, type Database, type DatabaseHandle } from "./db.server";
import { loadEnv, type Env } from "./env.server";
import { logger as rootLogger, type Logger } from "./logger.server";
import { createMailer, startMailWorker, type Mailer } from "./mail.server";
import { paymentProviderFromEnv, type PaymentProvider } from "./payments/provider.server";
import { Realtime } from "./realtime.server";
import { startReconciler, type Reconciler } from "./reconciler.server";

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
  /** Settles pending checkouts the webhooks missed; runs every minute (not in NODE_ENV=test, where tests run it). */
  reconciler: Reconciler;
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
  const services: Services = {
    env,
    handle,
    db: handle.db,
    auth,
    mailer,
    mail,
    realtime,
    payments: paymentProviderFromEnv(env),
    reconciler: { runOnce: async () => ({ checked: 0, fulfilled: 0, released: 0, refunded: 0, errors: 0 }), stop: async () => {} },
    logger,
    now: () => new Date(),
  };
  if (env.NODE_ENV !== "test") services.reconciler = startReconciler(services);
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    logger.warn("STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: webhooks will be refused; the reconciler and /payment-success still settle orders");
  }
  return services;
}

export async function closeServices(services: Services) {
  await services.reconciler.stop();
  await services.mail.stop();
  await services.realtime.stop();
  await services.handle.close();
}
