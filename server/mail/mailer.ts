/** One outgoing e-mail, with both an HTML and a plain-text body. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Files sent with it (the invoice with the order confirmation). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A file a queued e-mail carries, named rather than stored: the queue row keeps the reference and
 * the bytes are made when it is delivered (server/mail/load-attachments.ts), from a document that
 * never changes once issued.
 */
export type AttachmentReference = { kind: "invoice"; orderId: string };

/** Sends mail. The outbox folder is the embedded default; SMTP is for production. */
export interface Mailer {
  readonly driver: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}
