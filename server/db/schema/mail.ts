// The mail queue (decision 016).
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { AttachmentReference } from "../../mail/mailer";
import { instant, timestamps, uuidPrimaryKey } from "./columns";

/** What each queued e-mail is about (for the logs and for finding stuck mail by kind). */
export const EMAIL_KINDS = [
  "password_reset",
  "welcome",
  "order_confirmation",
  "order_shipped",
  "order_refunded",
  "account_deleted",
  "return_update",
  "withdrawal_received",
  // docs/BACK-IN-STOCK.md: the double opt-in of a signed-out request, and the alert itself
  "back_in_stock_confirm",
  "back_in_stock",
] as const;

/**
 * The mail queue, a transactional outbox (docs/decisions/016-mail-queue.md): each e-mail the store
 * must send, rendered when it was queued, written in the same transaction as what it reports and
 * delivered afterwards by server/mail/mail-queue.ts through the Mailer. (Not to be confused with the
 * "outbox" mail driver, which is a transport that writes .eml files.)
 */
export const outgoingEmail = pgTable(
  "outgoing_email",
  {
    id: uuidPrimaryKey(),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Files to attach, made at delivery from what they name (an issued invoice). */
    attachments: jsonb("attachments").$type<AttachmentReference[]>().notNull().default([]),
    createdAt: timestamps.createdAt,
    /** Delivery attempts started, counted when a worker claims the row (a crashed attempt counts). */
    attempts: integer("attempts").notNull().default(0),
    /** Not before this time: now when queued, later after each failure (exponential back-off). */
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    /** The last failure as the transport reported it (an SMTP reply); never the body. */
    lastError: text("last_error"),
    sentAt: instant("sent_at"),
    /** Given up: a permanent refusal (SMTP 5xx) repeated MAX_PERMANENT_FAILURES times. */
    failedAt: instant("failed_at"),
    /** The worker that holds the row while it sends it, and until when: a crashed worker's lease runs out. */
    claimedBy: text("claimed_by"),
    claimedUntil: instant("claimed_until"),
  },
  (t) => [
    // what the workers look for: the rows still to send, by when they are due
    index("outgoing_email_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    // the given-up rows, counted at each metrics scrape (server/metrics/metrics.ts)
    index("outgoing_email_failed_idx")
      .on(t.failedAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is not null`),
  ],
);
