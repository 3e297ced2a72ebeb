import { and, asc, eq, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { outgoingEmail } from "../db/schema";
import type { Logger } from "../logger";
import { loadAttachments } from "./load-attachments";
import type { Mailer } from "./mailer";

/** The first retry waits 15 s, each further one twice as long, never more than 30 minutes. */
export const RETRY_FIRST_DELAY_MS = 15_000;
const RETRY_MAX_DELAY_MS = 30 * 60_000;
/**
 * How long a claimed row belongs to its worker. Far longer than one SMTP send may take (the driver
 * gives up within about a minute), so a live worker always finishes first; a crashed worker's row
 * is claimed again once it runs out, and then sent again if the crash came after the send.
 */
export const LEASE_MS = 5 * 60_000;
/**
 * A permanent refusal (an SMTP 5xx: no such mailbox, relay denied, bad credentials) is retried like
 * any failure, because some are fixed by an operator (credentials, relay rules), until this many
 * attempts (about an hour and a half); then the row is marked failed and kept for a person to see.
 */
export const MAX_PERMANENT_FAILURES = 10;
const ERROR_TEXT_MAX_LENGTH = 500;

/** The wait after the `attempts`-th failed attempt. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_DELAY_MS);
}

export interface DeliveryReport {
  sent: number;
  /** Attempts that failed (the rows wait for their next attempt, or were given up). */
  failed: number;
  /** Of the failed attempts, those after which the row was given up (failed_at set). */
  givenUp: number;
}

/**
 * Sends the queued e-mails that are due, one at a time, oldest first, until none is due
 * (docs/decisions/016-mail-queue.md). Each row is claimed with `FOR UPDATE SKIP LOCKED` and a lease,
 * so workers in several processes never send the same row at once; delivery is at least once (a
 * worker that dies after the mail server accepted a message, before recording it, leaves a row that
 * is sent again when its lease ends).
 *
 * A failed attempt is recorded with its error and the next attempt time, and logged as a warning
 * (the row's id and kind, never its body or its links). A transient failure (a connection refused,
 * an SMTP 4xx) ends the pass: the mail server is probably away for the next rows too.
 */
export async function deliverDueEmails(options: {
  db: Database;
  mailer: Mailer;
  log: Logger;
  /** Who holds a claimed row (host, process and queue), for the lease and for an operator. */
  workerId: string;
  /** The time to deliver as of; by default the database's clock, which every process shares. */
  now?: Date;
  /** Only this row (when it is due and not held by another worker). */
  emailId?: string;
  /** Aborted: no further row is claimed; the one in flight is finished. */
  signal?: AbortSignal;
}): Promise<DeliveryReport> {
  const { db, mailer, log, workerId, emailId, signal } = options;
  const at = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const report: DeliveryReport = { sent: 0, failed: 0, givenUp: 0 };

  while (!signal?.aborted) {
    const email = await claimDueEmail({ db, at, workerId, emailId });
    if (!email) break;
    let failure: unknown = null;
    try {
      await mailer.send({
        to: email.recipient,
        subject: email.subject,
        html: email.html,
        text: email.text,
        attachments: await loadAttachments(db, email.attachments),
      });
    } catch (error) {
      failure = error ?? new Error("the mailer failed without an error");
    }
    if (!failure) {
      await db
        .update(outgoingEmail)
        .set({ sentAt: at, claimedBy: null, claimedUntil: null })
        .where(eq(outgoingEmail.id, email.id));
      report.sent++;
    } else {
      report.failed++;
      const permanent = isPermanentRefusal(failure);
      if (await recordFailure({ db, at, workerId, email, failure, permanent, log })) report.givenUp++;
      if (!permanent) break;
    }
    if (emailId) break;
  }
  return report;
}

async function claimDueEmail(options: { db: Database; at: SQL; workerId: string; emailId?: string }) {
  const { db, at, workerId, emailId } = options;
  return db.transaction(async (tx) => {
    // SKIP LOCKED: a row another worker is claiming right now is passed over, not waited for
    const [due] = await tx
      .select({ id: outgoingEmail.id })
      .from(outgoingEmail)
      .where(
        and(
          isNull(outgoingEmail.sentAt),
          isNull(outgoingEmail.failedAt),
          lte(outgoingEmail.nextAttemptAt, at),
          or(isNull(outgoingEmail.claimedUntil), lte(outgoingEmail.claimedUntil, at)),
          emailId ? eq(outgoingEmail.id, emailId) : undefined,
        ),
      )
      .orderBy(asc(outgoingEmail.nextAttemptAt), asc(outgoingEmail.createdAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    // the lease keeps the row this worker's after the lock ends with this transaction
    const [claimed] = await tx
      .update(outgoingEmail)
      .set({
        attempts: sql`${outgoingEmail.attempts} + 1`,
        claimedBy: workerId,
        claimedUntil: later(at, LEASE_MS),
      })
      .where(eq(outgoingEmail.id, due.id))
      .returning();
    return claimed ?? null;
  });
}

async function recordFailure(options: {
  db: Database;
  at: SQL;
  workerId: string;
  email: { id: string; kind: string; attempts: number };
  failure: unknown;
  permanent: boolean;
  log: Logger;
}): Promise<boolean> {
  const { db, at, workerId, email, failure, permanent, log } = options;
  const error = describeFailure(failure);
  const givesUp = permanent && email.attempts >= MAX_PERMANENT_FAILURES;
  const delayMs = retryDelayMs(email.attempts);
  await db
    .update(outgoingEmail)
    .set({
      lastError: error.text,
      nextAttemptAt: later(at, delayMs),
      failedAt: givesUp ? at : null,
      claimedBy: null,
      claimedUntil: null,
    })
    // only while the row is still this worker's (its lease may have run out during a slow send)
    .where(
      and(
        eq(outgoingEmail.id, email.id),
        eq(outgoingEmail.claimedBy, workerId),
        isNull(outgoingEmail.sentAt),
      ),
    );
  const fields = { emailId: email.id, kind: email.kind, attempt: email.attempts, ...error.fields };
  if (givesUp) {
    log.error(fields, `e-mail given up after ${email.attempts} attempts: ${error.text}`);
  } else {
    log.warn(
      { ...fields, retryInSeconds: delayMs / 1000 },
      `e-mail not delivered (attempt ${email.attempts}): ${error.text}; will retry`,
    );
  }
  return givesUp;
}

/** An SMTP 5xx reply: the server refused for good (a 4xx, or no reply at all, may pass with time). */
function isPermanentRefusal(failure: unknown): boolean {
  const code = (failure as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** The error's message and codes, without its stack: the mail server's reply is what an operator needs. */
function describeFailure(failure: unknown) {
  const { code, responseCode } = failure as { code?: unknown; responseCode?: unknown };
  const message = failure instanceof Error ? failure.message : String(failure);
  return {
    text: message.slice(0, ERROR_TEXT_MAX_LENGTH),
    fields: {
      ...(typeof code === "string" ? { code } : {}),
      ...(typeof responseCode === "number" ? { responseCode } : {}),
    },
  };
}

/** `at` plus a number of milliseconds, in SQL. */
function later(at: SQL, ms: number): SQL {
  return sql`${at} + make_interval(secs => ${ms / 1000}::double precision)`;
}
