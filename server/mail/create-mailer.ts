import type { Mailer } from "./mailer";
import { createOutboxMailer } from "./outbox-mailer";
import { createSmtpMailer } from "./smtp-mailer";

/** SMTP when a URL is configured (production), otherwise the outbox folder (no setup needed). */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxFolder: string;
  log: { info(obj: object, msg: string): void };
}): Mailer {
  if (options.smtpUrl) return createSmtpMailer({ url: options.smtpUrl, from: options.from });
  return createOutboxMailer({ folder: options.outboxFolder, from: options.from, log: options.log });
}
