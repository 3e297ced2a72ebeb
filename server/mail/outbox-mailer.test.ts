import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "./create-mailer";
import { createOutboxMailer, findLinks } from "./outbox-mailer";
import { listOutbox, parseEml } from "./read-outbox";

const folders: string[] = [];
async function tempFolder() {
  const folder = await mkdtemp(path.join(os.tmpdir(), "nocturn-outbox-"));
  folders.push(folder);
  return folder;
}
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

function recordingLog() {
  const calls: Array<{ obj: object; msg: string }> = [];
  return { calls, info: (obj: object, msg: string) => calls.push({ obj, msg }) };
}

const resetUrl = `https://shop.example.com/reset-password/${"t".repeat(80)}?token=abc&x=1`;
const message = {
  to: "zoe@example.com",
  subject: "Reset your Nocturn password, Zoë — Straße",
  text: `Hi Zoë — Straße,\n\nReset Password: ${resetUrl}\n\nThat is all.\n`,
  html: `<p>Hi Zoë — Straße,</p>\n<p><a href="${resetUrl.replace("&", "&amp;")}">Reset Password</a></p>`,
};

describe("outbox mailer", () => {
  it("writes a real message that reads back exactly, and logs its links", async () => {
    const root = await tempFolder();
    const folder = path.join(root, "not", "yet", "there");
    const log = recordingLog();
    const mailer = createOutboxMailer({ folder, from: "Nocturn <no-reply@nocturn.test>", log });
    expect(mailer.driver).toBe("outbox");

    await mailer.send(message);

    const [mail, ...rest] = await listOutbox(folder);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ ...message, from: "Nocturn <no-reply@nocturn.test>" });
    expect(path.basename(mail!.file)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]+\.eml$/);
    expect(Math.abs(mail!.date.getTime() - Date.now())).toBeLessThan(60_000);
    // it is a real RFC 822 message, not our own format
    const raw = await readFile(mail!.file, "utf8");
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).not.toContain("Zoë");

    expect(log.calls).toEqual([
      {
        msg: "mail written to outbox",
        obj: { to: message.to, subject: message.subject, links: [resetUrl], file: mail!.file },
      },
    ]);
  });

  it("lists the newest last, ignores other files, and treats a missing folder as empty", async () => {
    const folder = await tempFolder();
    expect(await listOutbox(path.join(folder, "missing"))).toEqual([]);
    const mailer = createOutboxMailer({ folder, from: "no-reply@nocturn.test", log: recordingLog() });
    for (const n of [1, 2, 3, 4, 5]) await mailer.send({ ...message, subject: `mail ${n}` });

    const subjects = (await listOutbox(folder)).map((mail) => mail.subject);
    expect(subjects).toEqual(["mail 1", "mail 2", "mail 3", "mail 4", "mail 5"]);
    expect((await readdir(folder)).filter((name) => !name.endsWith(".eml"))).toEqual([]);
  });

  it("is what createMailer gives without an SMTP URL", async () => {
    const folder = await tempFolder();
    const mailer = createMailer({ from: "no-reply@nocturn.test", outboxFolder: folder, log: recordingLog() });
    expect(mailer.driver).toBe("outbox");
    await mailer.send(message);
    expect(await listOutbox(folder)).toHaveLength(1);
  });
});

describe("parseEml", () => {
  it.each(["quoted-printable", "base64"] as const)("decodes %s bodies and headers", async (textEncoding) => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
    const info = await transport.sendMail({
      from: "no-reply@nocturn.test",
      to: "Zoë Straße <zoe@example.com>",
      subject: `${message.subject} 日本語 ${"long ".repeat(20)}end`,
      text: message.text,
      html: message.html,
      textEncoding,
    });
    const raw = (info.message as Buffer).toString("utf8");
    expect(raw).toContain(textEncoding === "base64" ? "Content-Transfer-Encoding: base64" : "=C3=AB");

    expect(await parseEml(raw)).toMatchObject({
      to: "Zoë Straße <zoe@example.com>",
      subject: `${message.subject} 日本語 ${"long ".repeat(20)}end`,
      text: message.text,
      html: message.html,
    });
  });

  it("reads a single-part message and leaves attachments out", async () => {
    const raw = [
      "To: a@example.com",
      "Subject: =?ISO-8859-1?Q?Gr=FC=DFe?= and =?UTF-8?B?Wm/Dqw==?=",
      'Content-Type: multipart/mixed; boundary="b1"',
      "",
      "preamble",
      "--b1",
      "Content-Type: text/plain; charset=ISO-8859-1",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Gr=FC=DFe, soft=",
      "break",
      "--b1",
      "Content-Type: text/plain",
      "Content-Disposition: attachment; filename=notes.txt",
      "",
      "not the body",
      "--b1--",
    ].join("\r\n");
    expect(await parseEml(raw)).toMatchObject({
      subject: "Grüße and Zoë",
      text: "Grüße, softbreak",
      html: "",
    });
  });
});

describe("findLinks", () => {
  it("finds each http(s) link once, without trailing punctuation", () => {
    expect(
      findLinks("Go to https://a.test/x?y=1&z=2. Or (http://b.test/) or https://a.test/x?y=1&z=2, ftp://c"),
    ).toEqual(["https://a.test/x?y=1&z=2", "http://b.test/"]);
  });
});
