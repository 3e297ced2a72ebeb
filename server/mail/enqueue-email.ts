import type { Database, Transaction } from "../db/client";
import { type EMAIL_KINDS, outgoingEmail } from "../db/schema";
import type { AttachmentReference, MailMessage } from "./mailer";

export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * Puts a rendered e-mail in the mail queue (docs/decisions/016-mail-queue.md). Pass the transaction
 * that makes the change the e-mail reports: the e-mail then exists exactly when the change does (a
 * rollback takes it back), and a mail server that is down delays it instead of losing it. Nothing is
 * sent here; after the commit, wake the queue (`mailQueue.wake()`) or deliver it (`mailQueue.deliver(id)`).
 * Returns the queued row's id.
 */
export async function enqueueEmail(
  db: Database | Transaction,
  options: { kind: EmailKind; message: MailMessage; attachments?: AttachmentReference[] },
): Promise<string> {
  const { kind, message, attachments = [] } = options;
  const [row] = await db
    .insert(outgoingEmail)
    .values({
      kind,
      recipient: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments,
    })
    .returning({ id: outgoingEmail.id });
  if (!row) throw new Error("the e-mail was not queued");
  return row.id;
}
