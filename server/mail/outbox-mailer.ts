import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Mailer } from "./mailer";

/**
 * The embedded default: each e-mail is built exactly as SMTP would send it and written as an
 * .eml file (open it in any mail client, or read it back with `listOutbox`). The log line
 * carries the links, so a developer can follow a reset link straight from the terminal.
 */
export function createOutboxMailer(options: {
  folder: string;
  from: string;
  log: { info(obj: object, msg: string): void };
}): Mailer {
  const folder = path.resolve(options.folder);
  // the stream transport runs nodemailer's real MIME composer and hands back the bytes
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    driver: "outbox",
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
      });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      const file = path.join(folder, name);
      const temporary = path.join(folder, `.${name}.tmp`);
      await mkdir(folder, { recursive: true });
      // write then rename, so a reader polling the folder never sees half a message
      await writeFile(temporary, info.message as Buffer, { flag: "wx" });
      await rename(temporary, file);
      options.log.info(
        { to: message.to, subject: message.subject, links: findLinks(message.text), file },
        "mail written to outbox",
      );
    },
  };
}

/** Every distinct http(s) link in a text, in order, without trailing sentence punctuation. */
export function findLinks(text: string): string[] {
  const links = (text.match(/https?:\/\/[^\s<>"'()[\]{}]+/gi) ?? []).map((link) =>
    link.replace(/[.,;:!?]+$/, ""),
  );
  return [...new Set(links)];
}
