import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { isDatabaseUnavailable } from "../db/database-errors";
import { outgoingEmail } from "../db/schema";
import type { Logger } from "../logger";
import type { Metrics } from "../metrics/metrics";
import { deliverDueEmails } from "./deliver-due-emails";
import type { Mailer } from "./mailer";

/** Other processes' e-mails and retries are picked up within this time. */
const POLL_INTERVAL_MS = 15_000;
const PRUNE_INTERVAL_MS = 60 * 60_000;
/** Delivered rows are kept a week (to answer "was it sent?"), given-up ones a month. */
const KEEP_SENT_DAYS = 7;
const KEEP_FAILED_DAYS = 30;

/** What `deliver` learnt about one e-mail. */
export type DeliveryOutcome = "sent" | "failed" | "queued";

export interface MailQueue {
  /**
   * Delivers what is due, in the background, soon: call it after the transaction that queued an
   * e-mail has committed. Coalesces: a wake during a pass makes one more pass.
   */
  wake(): void;
  /**
   * Tries one queued e-mail now, for a caller that tells someone whether it went out (the admin's
   * "The customer was e-mailed"). "failed": this attempt failed and the row waits for its retry;
   * "queued": another process holds it, or it is not due.
   */
  deliver(emailId: string): Promise<DeliveryOutcome>;
  /** Resolves once the passes started by `wake` (and any they led to) are done: for tests. */
  settled(): Promise<void>;
  /** Polls every 15 s (retries, and e-mails queued by other processes), starting now. */
  start(): void;
  /** No further row is claimed; resolves once the one in flight is finished. */
  stop(): Promise<void>;
}

/**
 * The mail queue's worker for this process (docs/decisions/016-mail-queue.md): delivers the rows of
 * `outgoing_email` through `mailer`. Safe beside workers in other processes.
 */
export function createMailQueue(options: {
  db: Database;
  mailer: Mailer;
  log: Logger;
  /** Passes are also tracked here, so that one `settled()` covers an account request's e-mails. */
  background?: { track(work: Promise<unknown>): void };
  /** Counts each delivery attempt by outcome. */
  metrics?: Pick<Metrics, "countMailDeliveries">;
}): MailQueue {
  const { db, mailer, log, metrics } = options;
  const deliver = async (extra: { emailId?: string; signal?: AbortSignal }) => {
    const report = await deliverDueEmails({ db, mailer, log, workerId, ...extra });
    metrics?.countMailDeliveries("sent", report.sent);
    metrics?.countMailDeliveries("failed", report.failed - report.givenUp);
    metrics?.countMailDeliveries("given_up", report.givenUp);
    return report;
  };
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  let wokenDuringPass = false;
  let poll: NodeJS.Timeout | undefined;
  let prunedAt = 0;

  const pass = async () => {
    try {
      await deliver({ signal: stopping.signal });
      if (Date.now() - prunedAt >= PRUNE_INTERVAL_MS) {
        prunedAt = Date.now();
        await pruneOutgoingEmails(db);
      }
    } catch (err) {
      // the rows stay queued: the next wake or poll tries again
      if (isDatabaseUnavailable(err)) log.warn("mail delivery paused: database unavailable; will retry");
      else log.error({ err }, "mail delivery failed; will retry");
    }
  };

  const run = async () => {
    do {
      wokenDuringPass = false;
      await pass();
    } while (wokenDuringPass && !stopping.signal.aborted);
    running = null;
  };

  const wake = () => {
    if (stopping.signal.aborted) return;
    if (running) {
      wokenDuringPass = true;
      return;
    }
    running = run();
    options.background?.track(running);
  };

  const settled = async () => {
    while (running) await running;
  };

  return {
    wake,
    settled,
    async deliver(emailId) {
      if (stopping.signal.aborted) return "queued";
      try {
        const report = await deliver({ emailId });
        if (report.sent > 0) return "sent";
        if (report.failed > 0) return "failed";
        // not claimed: this process's own pass may be sending it right now
        await settled();
        const [row] = await db
          .select({ sentAt: outgoingEmail.sentAt, claimedBy: outgoingEmail.claimedBy })
          .from(outgoingEmail)
          .where(eq(outgoingEmail.id, emailId));
        if (row?.sentAt) return "sent";
        return row?.claimedBy ? "queued" : "failed";
      } catch (err) {
        log.error({ err, emailId }, "e-mail delivery failed; it stays queued");
        return "failed";
      }
    },
    start() {
      if (poll || stopping.signal.aborted) return;
      poll = setInterval(wake, POLL_INTERVAL_MS).unref();
      wake();
    },
    async stop() {
      stopping.abort();
      clearInterval(poll);
      await settled();
    },
  };
}

/** Deletes delivered rows after a week and given-up rows after a month; safe in several processes. */
async function pruneOutgoingEmails(db: Database) {
  await db
    .delete(outgoingEmail)
    .where(
      or(
        and(
          isNotNull(outgoingEmail.sentAt),
          lt(outgoingEmail.sentAt, sql`now() - make_interval(days => ${KEEP_SENT_DAYS}::integer)`),
        ),
        and(
          isNotNull(outgoingEmail.failedAt),
          lt(outgoingEmail.failedAt, sql`now() - make_interval(days => ${KEEP_FAILED_DAYS}::integer)`),
        ),
      ),
    );
}
