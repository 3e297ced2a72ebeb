import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "./create-mailer";
import { parseEml } from "./read-outbox";
import { createSmtpMailer } from "./smtp-mailer";

interface Received {
  from: string;
  rcptTo: string[];
  user: string | undefined;
  raw: string;
}

// a real SMTP server on an ephemeral local port: the boundary is replaced, our code is not
const received: Received[] = [];
const logins: Array<{ username: string | null | undefined; password: string | null | undefined }> = [];
const server = new SMTPServer({
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onAuth(auth, _session, callback) {
    logins.push({ username: auth.username, password: auth.password });
    if (auth.username === "shop" && auth.password === "p@ss:word") return callback(null, { user: "shop" });
    callback(new Error("Invalid username or password"));
  },
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith("@rejected.test")) return callback(new Error("No such user"));
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        user: session.user as string | undefined,
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const message = {
  to: "zoe@example.com",
  subject: "Reset your Nocturn password, Zoë — Straße",
  text: "Hi Zoë — Straße,\n\nReset Password: https://shop.example.com/reset-password/abc?token=abc&x=1\n",
  html: '<p>Hi Zoë — Straße,</p><a href="https://shop.example.com/reset-password/abc?token=abc&amp;x=1">Reset</a>',
};

describe("SMTP mailer", () => {
  it("delivers the message to the server named by the URL", async () => {
    received.length = 0;
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: "Nocturn <no-reply@nocturn.test>",
    });
    expect(mailer.driver).toBe("smtp");

    await mailer.send(message);

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.rcptTo).toEqual(["zoe@example.com"]);
    expect(mail!.from).toBe("no-reply@nocturn.test");
    expect(await parseEml(mail!.raw)).toMatchObject({ ...message, from: "Nocturn <no-reply@nocturn.test>" });
  });

  it("signs in with the percent-encoded credentials of the URL", async () => {
    received.length = 0;
    logins.length = 0;
    const mailer = createMailer({
      smtpUrl: `smtp://shop:${encodeURIComponent("p@ss:word")}@127.0.0.1:${port}`,
      from: "no-reply@nocturn.test",
      outboxFolder: "/nonexistent/outbox-must-not-be-used",
      log: { info: () => {} },
    });
    expect(mailer.driver).toBe("smtp");

    await mailer.send(message);

    expect(logins).toEqual([{ username: "shop", password: "p@ss:word" }]);
    expect(received.map((mail) => mail.user)).toEqual(["shop"]);
  });

  it("rejects when the server refuses the recipient", async () => {
    received.length = 0;
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: "no-reply@nocturn.test" });
    await expect(mailer.send({ ...message, to: "nobody@rejected.test" })).rejects.toThrow(/No such user/);
    expect(received).toEqual([]);
  });
});
