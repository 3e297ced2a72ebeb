import nodemailer from "nodemailer";
import type { Mailer } from "./mailer";

/**
 * Production driver: delivers through an SMTP relay given as a URL, e.g.
 * `smtps://user:pass@smtp.example.com:465` or `smtp://user:pass@smtp.example.com:587`
 * (STARTTLS is used whenever the server offers it). Percent-encode special characters in
 * the user name and password.
 *
 * Not pooled: one connection per message. A store sends a handful of mails a minute (resets,
 * welcomes, order confirmations), so the extra handshake costs little, and no socket stays
 * open between sends that shutdown would have to close (the Mailer interface has no close()).
 * Switch to `pool: true` and add close() to the interface if volume ever calls for it.
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.url,
    // a send can run inside a request (password reset): fail within seconds, not minutes
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    driver: "smtp",
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
      });
    },
  };
}
