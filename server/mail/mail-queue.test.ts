import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordingLogger, WARN } from "../../tests/setup/recording-logger";
import { onPostgres } from "../../tests/setup/test-database";
import { setupTestServices } from "../../tests/setup/test-services";
import { outgoingEmail } from "../db/schema";
import {
  type DeliveryReport,
  deliverDueEmails,
  LEASE_MS,
  MAX_PERMANENT_FAILURES,
  RETRY_FIRST_DELAY_MS,
  retryDelayMs,
} from "./deliver-due-emails";
import { enqueueEmail } from "./enqueue-email";
import { createMailQueue } from "./mail-queue";
import type { MailMessage } from "./mailer";
import { parseEml } from "./read-outbox";
import { createSmtpMailer } from "./smtp-mailer";

const t = setupTestServices();
const ERROR = 50;

// --- a real SMTP server on an ephemeral local port, refusing when told to -----------------------

interface Received {
  rcptTo: string[];
  subject: string;
  text: string;
}
const received: Received[] = [];
/** The next this many MAIL FROM commands are answered 421 (service not available, try later). */
let refuseNext = 0;
/** While set, each message's end of data waits here until `release` is called. */
let holding: { arrived: (count: number) => void; waiting: Array<() => void> } | null = null;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onMailFrom(_address, _session, callback) {
    if (refuseNext > 0) {
      refuseNext--;
      return callback(Object.assign(new Error("Service busy, try again later"), { responseCode: 421 }));
    }
    callback();
  },
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith("@rejected.test")) {
      return callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
    }
    callback();
  },
  onData(stream: SMTPServerDataStream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", async () => {
      const mail = await parseEml(Buffer.concat(chunks));
      const accept = () => {
        received.push({
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: mail.subject,
          text: mail.text,
        });
        callback();
      };
      if (!holding) return accept();
      holding.waiting.push(accept);
      holding.arrived(holding.waiting.length);
    });
  },
});
let smtpUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(async () => {
  await t.services.db.delete(outgoingEmail);
  received.length = 0;
  refuseNext = 0;
  holding = null;
});

/** Holds every message at its end of data until `release()`; `arrived(n)` resolves once n wait. */
function holdMessages() {
  const listeners: Array<{ count: number; resolve: () => void }> = [];
  const hold = {
    waiting: [] as Array<() => void>,
    arrived: (count: number) => {
      for (const listener of listeners) if (count >= listener.count) listener.resolve();
    },
  };
  holding = hold;
  return {
    waitFor: (count: number) =>
      new Promise<void>((resolve) => {
        if (hold.waiting.length >= count) resolve();
        else listeners.push({ count, resolve });
      }),
    release() {
      holding = null;
      for (const accept of hold.waiting.splice(0)) accept();
    },
  };
}

// --- helpers -----------------------------------------------------------------------------------

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: "zoe@example.com",
  subject: "Reset your Nocturn password",
  text: "Reset Password: https://shop.example.com/reset-password?token=secret-token-123\n",
  html: '<a href="https://shop.example.com/reset-password?token=secret-token-123">Reset</a>',
  ...overrides,
});

const rowOf = async (id: string) => {
  const [row] = await t.services.db.select().from(outgoingEmail).where(eq(outgoingEmail.id, id));
  return row!;
};
const allRows = () => t.services.db.select().from(outgoingEmail).orderBy(asc(outgoingEmail.subject));

/** A moment just after the row was queued (the database's clock has microseconds, Date has not). */
const justAfterQueued = async (id: string) => new Date((await rowOf(id)).nextAttemptAt.getTime() + 1);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

function worker(options: { workerId?: string; log?: ReturnType<typeof recordingLogger>["log"] } = {}) {
  const mailer = createSmtpMailer({ url: smtpUrl, from: "Nocturn <no-reply@nocturn.test>" });
  const log = options.log ?? recordingLogger().log;
  return (now?: Date): Promise<DeliveryReport> =>
    deliverDueEmails({ db: t.services.db, mailer, log, workerId: options.workerId ?? "worker-1", now });
}

// --- tests -------------------------------------------------------------------------------------

describe("queueing", () => {
  it("writes the e-mail with the transaction that queues it, and not when that transaction rolls back", async () => {
    await expect(
      t.services.db.transaction(async (tx) => {
        await enqueueEmail(tx, { kind: "order_shipped", message: message({ subject: "Rolled back" }) });
        throw new Error("the status change failed");
      }),
    ).rejects.toThrow("the status change failed");
    expect(await allRows()).toEqual([]);

    const id = await t.services.db.transaction((tx) =>
      enqueueEmail(tx, { kind: "order_shipped", message: message({ subject: "Committed" }) }),
    );
    expect(await rowOf(id)).toMatchObject({
      kind: "order_shipped",
      recipient: "zoe@example.com",
      subject: "Committed",
      attempts: 0,
      sentAt: null,
      failedAt: null,
      lastError: null,
      claimedBy: null,
    });
    // queueing sends nothing
    expect(received).toEqual([]);
  });
});

describe("delivery", () => {
  it("retries through an outage with back-off and delivers the e-mail exactly once", async () => {
    const { log, records } = recordingLogger();
    const deliver = worker({ log });
    const id = await enqueueEmail(t.services.db, { kind: "password_reset", message: message() });
    const queuedAt = await justAfterQueued(id);
    refuseNext = 2;

    // first attempt: 421, retried after 15 s
    expect(await deliver(queuedAt)).toEqual({ sent: 0, failed: 1, givenUp: 0 });
    expect(await rowOf(id)).toMatchObject({
      attempts: 1,
      sentAt: null,
      claimedBy: null,
      claimedUntil: null,
      nextAttemptAt: plus(queuedAt, 15_000),
      lastError: expect.stringContaining("421"),
    });
    const [warning] = records.filter((record) => record.level === WARN);
    expect(warning).toMatchObject({ emailId: id, kind: "password_reset", attempt: 1, responseCode: 421 });
    expect(warning?.msg).toContain("e-mail not delivered (attempt 1)");

    // not before it is due
    expect(await deliver(plus(queuedAt, 14_999))).toEqual({ sent: 0, failed: 0, givenUp: 0 });
    expect((await rowOf(id)).attempts).toBe(1);

    // second attempt: 421 again, retried after 30 s more
    expect(await deliver(plus(queuedAt, 15_000))).toEqual({ sent: 0, failed: 1, givenUp: 0 });
    expect(await rowOf(id)).toMatchObject({ attempts: 2, nextAttemptAt: plus(queuedAt, 45_000) });
    expect(await deliver(plus(queuedAt, 44_999))).toEqual({ sent: 0, failed: 0, givenUp: 0 });

    // third attempt: accepted
    expect(await deliver(plus(queuedAt, 45_000))).toEqual({ sent: 1, failed: 0, givenUp: 0 });
    expect(received).toEqual([
      {
        rcptTo: ["zoe@example.com"],
        subject: "Reset your Nocturn password",
        text: expect.stringContaining("token=secret-token-123"),
      },
    ]);
    expect(await rowOf(id)).toMatchObject({
      attempts: 3,
      sentAt: plus(queuedAt, 45_000),
      failedAt: null,
      claimedBy: null,
      lastError: expect.stringContaining("421"),
    });

    // sent is sent: nothing later sends it again
    expect(await deliver(plus(queuedAt, 24 * 60 * 60_000))).toEqual({ sent: 0, failed: 0, givenUp: 0 });
    expect(received).toHaveLength(1);
    // the log names the e-mail, never its body or its link
    expect(records.filter((record) => record.level >= WARN)).toHaveLength(2);
    expect(JSON.stringify(records)).not.toContain("secret-token");
  });

  it("waits 15 s after the first failure, twice as long after each next one, at most 30 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map((attempts) => retryDelayMs(attempts) / 1000)).toEqual([
      15, 30, 60, 120, 240, 480, 960, 1800, 1800, 1800,
    ]);
    expect(RETRY_FIRST_DELAY_MS).toBe(15_000);
  });

  it("ends the pass at a transient failure and leaves the next e-mail for the next pass", async () => {
    const deliver = worker();
    const first = await enqueueEmail(t.services.db, {
      kind: "welcome",
      message: message({ subject: "First" }),
    });
    const second = await enqueueEmail(t.services.db, {
      kind: "welcome",
      message: message({ subject: "Second" }),
    });
    const now = await justAfterQueued(second);
    refuseNext = 1;

    expect(await deliver(now)).toEqual({ sent: 0, failed: 1, givenUp: 0 });
    expect((await rowOf(first)).attempts).toBe(1);
    expect((await rowOf(second)).attempts).toBe(0);

    expect(await deliver(now)).toEqual({ sent: 1, failed: 0, givenUp: 0 });
    expect(received.map((mail) => mail.subject)).toEqual(["Second"]);
  });

  it("gives up on a permanent refusal after 10 attempts, and keeps the row", async () => {
    const { log, records } = recordingLogger();
    const deliver = worker({ log });
    const id = await enqueueEmail(t.services.db, {
      kind: "order_confirmation",
      message: message({ to: "nobody@rejected.test", subject: "Rejected" }),
    });
    const good = await enqueueEmail(t.services.db, {
      kind: "order_confirmation",
      message: message({ subject: "Deliverable" }),
    });
    let now = await justAfterQueued(good);

    // a 5xx is about this message only: the pass goes on to the next one
    expect(await deliver(now)).toEqual({ sent: 1, failed: 1, givenUp: 0 });
    for (let attempt = 2; attempt <= MAX_PERMANENT_FAILURES; attempt++) {
      now = (await rowOf(id)).nextAttemptAt;
      const givenUp = attempt === MAX_PERMANENT_FAILURES ? 1 : 0;
      expect(await deliver(now)).toEqual({ sent: 0, failed: 1, givenUp });
    }
    expect(await rowOf(id)).toMatchObject({
      attempts: MAX_PERMANENT_FAILURES,
      sentAt: null,
      failedAt: now,
      lastError: expect.stringContaining("550"),
    });
    expect(await deliver(plus(now, 24 * 60 * 60_000))).toEqual({ sent: 0, failed: 0, givenUp: 0 });
    expect(records.filter((record) => record.level === WARN)).toHaveLength(MAX_PERMANENT_FAILURES - 1);
    expect(records.filter((record) => record.level === ERROR)).toEqual([
      expect.objectContaining({
        emailId: id,
        kind: "order_confirmation",
        attempt: MAX_PERMANENT_FAILURES,
        responseCode: 550,
        msg: expect.stringContaining(`e-mail given up after ${MAX_PERMANENT_FAILURES} attempts`),
      }),
    ]);
    expect(received.map((mail) => mail.subject)).toEqual(["Deliverable"]);
  });

  it("sends again an e-mail whose worker died holding it, once the lease has run out", async () => {
    const deliver = worker();
    const id = await enqueueEmail(t.services.db, {
      kind: "welcome",
      message: message({ subject: "Orphan" }),
    });
    const claimedAt = await justAfterQueued(id);
    // what a process that crashed mid-send leaves behind
    await t.services.db
      .update(outgoingEmail)
      .set({ attempts: 1, claimedBy: "crashed-worker", claimedUntil: plus(claimedAt, LEASE_MS) })
      .where(eq(outgoingEmail.id, id));

    expect(await deliver(plus(claimedAt, LEASE_MS - 1))).toEqual({ sent: 0, failed: 0, givenUp: 0 });
    expect(await deliver(plus(claimedAt, LEASE_MS))).toEqual({ sent: 1, failed: 0, givenUp: 0 });
    expect(await rowOf(id)).toMatchObject({ attempts: 2, claimedBy: null });
    expect(received.map((mail) => mail.subject)).toEqual(["Orphan"]);
  });

  // PGlite runs one transaction at a time, so there the claims only take turns; on PostgreSQL
  // the two workers' claims run at once on the pool's connections
  it(`delivers each e-mail once when two workers race for the queue (${onPostgres ? "PostgreSQL" : "PGlite"})`, async () => {
    const count = 12;
    const subjects = Array.from(
      { length: count },
      (_, index) => `Race ${String(index + 1).padStart(2, "0")}`,
    );
    for (const subject of subjects) {
      await enqueueEmail(t.services.db, { kind: "order_confirmation", message: message({ subject }) });
    }
    // both workers hold a message at the mail server at the same moment, or neither goes on
    const held = holdMessages();
    const racing = Promise.all([worker({ workerId: "worker-a" })(), worker({ workerId: "worker-b" })()]);
    await held.waitFor(2);
    held.release();
    const [a, b] = await racing;

    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    expect(a.sent + b.sent).toBe(count);
    expect(received.map((mail) => mail.subject).sort()).toEqual(subjects);
    const rows = await allRows();
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });
});

describe("the queue's worker", () => {
  it("delivers after a wake, and on stop finishes the e-mail in flight without claiming another", async () => {
    const queue = createMailQueue({
      db: t.services.db,
      mailer: createSmtpMailer({ url: smtpUrl, from: "no-reply@nocturn.test" }),
      log: recordingLogger().log,
    });
    const first = await enqueueEmail(t.services.db, { kind: "welcome", message: message({ subject: "A" }) });
    const second = await enqueueEmail(t.services.db, { kind: "welcome", message: message({ subject: "B" }) });

    const held = holdMessages();
    queue.wake();
    await held.waitFor(1);
    const stopped = queue.stop();
    held.release();
    await stopped;

    expect(received.map((mail) => mail.subject)).toEqual(["A"]);
    expect((await rowOf(first)).sentAt).not.toBeNull();
    expect(await rowOf(second)).toMatchObject({ attempts: 0, sentAt: null, claimedBy: null });
    // a stopped queue sends nothing more
    queue.wake();
    await queue.settled();
    expect(await queue.deliver(second)).toBe("queued");
    expect(received).toHaveLength(1);
  });

  it("delivers one e-mail on request and says whether it went out", async () => {
    const queue = createMailQueue({
      db: t.services.db,
      mailer: createSmtpMailer({ url: smtpUrl, from: "no-reply@nocturn.test" }),
      log: recordingLogger().log,
    });
    const refused = await enqueueEmail(t.services.db, {
      kind: "order_shipped",
      message: message({ subject: "X" }),
    });
    refuseNext = 1;
    expect(await queue.deliver(refused)).toBe("failed");
    expect(await rowOf(refused)).toMatchObject({ attempts: 1, sentAt: null });
    // not due again yet: the retry is the queue's, 15 s later
    expect(await queue.deliver(refused)).toBe("failed");

    const accepted = await enqueueEmail(t.services.db, {
      kind: "order_shipped",
      message: message({ subject: "Y" }),
    });
    expect(await queue.deliver(accepted)).toBe("sent");
    expect(received.map((mail) => mail.subject)).toEqual(["Y"]);
    await queue.stop();
  });
});
