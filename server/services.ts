import path from "node:path";
import { type Auth, createAuth } from "./auth/auth";
import { resolveAuthSecret } from "./auth/auth-secret";
import { createBackgroundWork } from "./auth/background-work";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createFlash, type Flash } from "./http/flash";
import type { Logger } from "./logger";
import { createMailer } from "./mail/create-mailer";
import { createMailQueue, type MailQueue } from "./mail/mail-queue";
import type { Mailer } from "./mail/mailer";
import { createMetrics, type Metrics } from "./metrics/metrics";
import { createPaymentProvider } from "./payments/create-payment-provider";
import type { PaymentProvider } from "./payments/payment-provider";
import { createStorage } from "./storage/create-storage";
import type { Storage } from "./storage/storage";

/** Long-lived dependencies shared by every request. */
export interface Services {
  config: Config;
  db: Database;
  storage: Storage;
  /** The transport. Use cases queue their e-mails instead (mailQueue, enqueueEmail). */
  mailer: Mailer;
  /** Delivers the queued e-mails (outgoing_email) through `mailer`. */
  mailQueue: MailQueue;
  auth: Auth;
  payments: PaymentProvider;
  flash: Flash;
  log: Logger;
  /** This process's Prometheus metrics (server/metrics/metrics.ts). */
  metrics: Metrics;
}

/**
 * The adapters and auth the app runs on, chosen by configuration. Used by the server and the scripts.
 * `metrics`: the process's registry (main.ts makes it with the process metrics); a fresh one otherwise.
 */
export async function createServices(options: {
  config: Config;
  db: Database;
  log: Logger;
  metrics?: Metrics;
}) {
  const { config, db, log } = options;
  const metrics = options.metrics ?? createMetrics({ db });
  const { storage, mediaRoot } = createStorage(config);
  const secret = await resolveAuthSecret({ configured: config.authSecret, dataDir: config.dataDir });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxFolder: path.join(config.dataDir, "outbox"),
    log,
  });
  // what account requests leave running, mail deliveries included: one `auth.background.settled()`
  const background = createBackgroundWork();
  const mailQueue = createMailQueue({ db, mailer, log, background, metrics });
  const services: Services = {
    config,
    db,
    storage,
    mailer,
    mailQueue,
    auth: createAuth({ db, config, secret, mailQueue, background, log }),
    payments: await createPaymentProvider({ config, db }),
    flash: createFlash({ secret, secure: config.publicUrl.startsWith("https:") }),
    log,
    metrics,
  };
  return { services, mediaRoot };
}
