import type { Auth, AuthSession } from "../auth/auth";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { MailQueue } from "../mail/mail-queue";
import type { Mailer } from "../mail/mailer";
import type { Metrics } from "../metrics/metrics";
import type { PaymentProvider } from "../payments/payment-provider";
import type { Storage } from "../storage/storage";
import type { Flash } from "./flash";

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

/** What every loader and action receives as `context`. */
export interface RequestContext extends Services {
  /** The request's logger, carrying its request id. */
  log: Logger;
  requestId: string;
  cspNonce: string | undefined;
  /** Rendered for the page cache (page-cache.ts): the whole page at once, without a nonce. */
  pageCacheFill: boolean;
  /** The signed-in user's session, resolved once per request; null for visitors. */
  session: AuthSession | null;
  /** The socket's address; never taken from a header a client could send. */
  clientIp: string;
}

// future.v8_middleware: loaders and actions receive a RouterContextProvider (see
// server/http/react-router-handler.ts), which carries the request context's properties
declare module "react-router" {
  interface RouterContextProvider extends RequestContext {}
}
