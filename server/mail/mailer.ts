/** One outgoing e-mail, with both an HTML and a plain-text body. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends mail. The outbox folder is the embedded default; SMTP is for production. */
export interface Mailer {
  readonly driver: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}
