// What the store measures for Prometheus (docs/OPERATIONS.md#metrics). One registry per process;
// with WEB_CONCURRENCY > 1 the primary adds up its workers' registries (cluster-metrics.ts).
import { sql } from "drizzle-orm";
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client";

/**
 * How a checkout step ended, counted where the use case decides it. A card declined on the
 * provider's page is not among them: the shopper tries again there, and the store only learns how
 * the session ended (paid, expired, a delayed payment failed).
 */
export const CHECKOUT_OUTCOMES = [
  /** The shipping step saved the pending order (prepare-order.ts). */
  "order_created",
  /** The shipping step or Pay found a size sold out or gone. */
  "out_of_stock",
  /** Pay refused the coupon (used up, expired) while reserving. */
  "coupon_refused",
  /** Stock reserved and the provider's payment page opened (start-payment.ts). */
  "payment_started",
  /** The provider could not open a payment page; the reservation was given back. */
  "payment_page_failed",
  /** Settlement marked the order paid (settle-order.ts). */
  "paid",
  /** Paid after the reservation ended and the stock was gone: refunded. */
  "late_payment_refunded",
  /** Paid on a page the order no longer used (replaced by a newer checkout, or a second payment): refunded. */
  "replaced_payment_refunded",
  /** A delayed payment method (SEPA Direct Debit) completed the page; the bank answers later. */
  "payment_processing",
  /** A delayed payment method failed after the page completed (async_payment_failed). */
  "payment_failed",
  /** An unpaid reservation ended: the page expired, the shopper cancelled, or the sweeper released it. */
  "released",
] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

export const WEBHOOK_OUTCOMES = ["handled", "ignored", "duplicate", "invalid_signature", "failed"] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export const MAIL_DELIVERY_OUTCOMES = ["sent", "failed", "given_up"] as const;
export type MailDeliveryOutcome = (typeof MAIL_DELIVERY_OUTCOMES)[number];

export const JOB_OUTCOMES = ["ok", "failed", "database_unavailable"] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

export const PAGE_CACHE_RESULTS = ["hit", "miss", "bypass"] as const;
export type PageCacheResult = (typeof PAGE_CACHE_RESULTS)[number];

/** What the page cache reports at each scrape (page-cache.ts). */
export interface PageCacheStats {
  readonly requests: Readonly<Record<PageCacheResult, number>>;
  readonly entries: number;
  readonly bytes: number;
}

/** A scrape waits this long for the queries it makes (reservations, mail queue), then skips them. */
const SCRAPE_QUERY_TIMEOUT_MS = 1_000;

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The store's metrics in a registry of their own (not prom-client's global one: tests run several
 * stores in one process). `db` adds the gauges read from the database at scrape time;
 * `processMetrics` prom-client's default process and Node.js metrics (the server turns them on).
 */
export function createMetrics(options: { db?: Database; processMetrics?: boolean } = {}) {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const httpRequestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its response, by method, route id and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const checkoutOutcomes = new Counter({
    name: "nocturn_checkout_outcomes_total",
    help: "Checkout steps by how they ended",
    labelNames: ["outcome"] as const,
    registers,
  });
  const webhookEvents = new Counter({
    name: "nocturn_webhook_events_total",
    help: "Payment provider webhook events by type and what the store did with them",
    labelNames: ["type", "outcome"] as const,
    registers,
  });
  const jobRuns = new Counter({
    name: "nocturn_job_runs_total",
    help: "Background job runs by job and outcome",
    labelNames: ["job", "outcome"] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: "nocturn_job_duration_seconds",
    help: "How long background job runs took, by job",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers,
  });
  const mailDeliveries = new Counter({
    name: "nocturn_mail_delivery_attempts_total",
    help: "Attempts to deliver a queued e-mail, by outcome",
    labelNames: ["outcome"] as const,
    registers,
  });
  const passwordChecks = new Histogram({
    name: "nocturn_password_strength_check_seconds",
    help: "CPU time the password strength estimator spent per checked form (registration, password reset and change), in its worker thread",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
    registers,
  });
  /** A gauge set from `read` at each scrape. */
  const scrapedGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  // every known value from the start: a rate() over a counter that appears late misses its first step
  for (const outcome of CHECKOUT_OUTCOMES) checkoutOutcomes.inc({ outcome }, 0);
  for (const outcome of MAIL_DELIVERY_OUTCOMES) mailDeliveries.inc({ outcome }, 0);

  if (options.db) watchStoreDatabase(options.db, registers);

  return {
    registry,
    /** The Prometheus text of this process's registry. */
    read: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
    observeRequest(labels: { method: string; route: string; status: string }, seconds: number) {
      httpRequestDuration.observe(labels, seconds);
    },
    countCheckout(outcome: CheckoutOutcome) {
      checkoutOutcomes.inc({ outcome });
    },
    /** `type` must be one of a known few (the caller maps the rest to "other"). */
    countWebhookEvent(type: string, outcome: WebhookOutcome) {
      webhookEvents.inc({ type, outcome });
    },
    observeJobRun(job: string, outcome: JobOutcome, seconds: number) {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
    },
    countMailDeliveries(outcome: MailDeliveryOutcome, count = 1) {
      if (count > 0) mailDeliveries.inc({ outcome }, count);
    },
    observePasswordCheck(seconds: number) {
      passwordChecks.observe(seconds);
    },
    /** The page cache's requests and size, read at each scrape. */
    watchPageCache(cache: { readonly stats: PageCacheStats }) {
      new Counter({
        name: "nocturn_page_cache_requests_total",
        help: "Requests for cacheable storefront pages: served from memory (hit), rendered and stored (miss), or rendered live (bypass: a visitor with a session or toast, or the cache off)",
        labelNames: ["result"] as const,
        registers,
        collect() {
          // the cache counts; this copies its totals (reset first: inc adds to what is there)
          this.reset();
          for (const result of PAGE_CACHE_RESULTS) this.inc({ result }, cache.stats.requests[result]);
        },
      });
      scrapedGauge("nocturn_page_cache_entries", "Pages held by the page cache", () => cache.stats.entries);
      scrapedGauge(
        "nocturn_page_cache_bytes",
        "Bytes the page cache counts against its limit (pages and their compressed copies, estimated)",
        () => cache.stats.bytes,
      );
    },
    /**
     * The PostgreSQL pool's connections and the time queries wait for one. PGlite has no pool (one
     * in-process connection): these metrics are then absent.
     */
    watchPool(pool: pg.Pool) {
      scrapedGauge(
        "nocturn_db_pool_connections",
        "Connections the pool holds open, busy or idle",
        () => pool.totalCount,
      );
      scrapedGauge(
        "nocturn_db_pool_idle_connections",
        "Open connections no query is using",
        () => pool.idleCount,
      );
      scrapedGauge(
        "nocturn_db_pool_waiting_clients",
        "Queries waiting for a connection (every connection busy, DATABASE_POOL_MAX reached)",
        () => pool.waitingCount,
      );
      const acquire = new Histogram({
        name: "nocturn_db_pool_acquire_seconds",
        help: "Time to get a connection from the pool (a free one, a new one, or after waiting), by result",
        labelNames: ["result"] as const,
        buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10],
        registers,
      });
      // pg.Pool has no event for the start of a wait; every query (pool.query too) goes through
      // connect(), so timing it measures all of them. watch-pool.ts wraps it the same way.
      const connect = pool.connect.bind(pool);
      pool.connect = ((callback?: (error: Error | undefined, ...rest: unknown[]) => void) => {
        const started = performance.now();
        const observe = (error?: unknown) =>
          acquire.observe({ result: error ? "error" : "ok" }, (performance.now() - started) / 1000);
        if (callback) {
          return connect((error, ...rest) => {
            observe(error);
            callback(error, ...rest);
          });
        }
        return connect().then(
          (client) => {
            observe();
            return client;
          },
          (error: unknown) => {
            observe(error);
            throw error;
          },
        );
      }) as typeof pool.connect;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Reservations held and e-mails waiting, counted in the database when Prometheus scrapes: one
 * statement, answered from partial indexes, bounded by SCRAPE_QUERY_TIMEOUT_MS. When it fails or
 * is slow the gauges are left out of that scrape (no sample is better than a wrong zero). Every
 * process reports the same numbers, so the cluster's sum takes one of them ("max").
 */
function watchStoreDatabase(db: Database, registers: Registry[]) {
  let counts: Promise<StoreCounts | null> | null = null;
  // the three gauges are collected one after the other in one scrape: one query serves them all
  const readCounts = () => {
    counts ??= withTimeout(countStoreRows(db), SCRAPE_QUERY_TIMEOUT_MS)
      .catch(() => null)
      .finally(() => setImmediate(() => (counts = null)));
    return counts;
  };
  new Gauge({
    name: "nocturn_reservations_held",
    help: "Pending orders whose stock is reserved (waiting for payment)",
    registers,
    aggregator: "max",
    async collect() {
      const read = await readCounts();
      if (read) this.set(read.reservations);
      else this.remove();
    },
  });
  new Gauge({
    name: "nocturn_mail_queue_emails",
    help: "Queued e-mails not delivered: pending (due or waiting for a retry) and failed (given up)",
    labelNames: ["state"] as const,
    registers,
    aggregator: "max",
    async collect() {
      this.reset();
      const read = await readCounts();
      if (!read) return;
      this.set({ state: "pending" }, read.pendingEmails);
      this.set({ state: "failed" }, read.failedEmails);
    },
  });
}

interface StoreCounts {
  reservations: number;
  pendingEmails: number;
  failedEmails: number;
}

async function countStoreRows(db: Database): Promise<StoreCounts> {
  // each count matches a partial index's predicate: order_reserved_idx, outgoing_email_due_idx,
  // outgoing_email_failed_idx
  const result = (await db.execute(sql`
    select
      (select count(*) from "order" where is_reserved and payment_status = 'pending')::int as reservations,
      (select count(*) from outgoing_email where sent_at is null and failed_at is null)::int as pending,
      (select count(*) from outgoing_email where sent_at is null and failed_at is not null)::int as failed
  `)) as unknown as { rows: { reservations: number; pending: number; failed: number }[] };
  const [row] = result.rows;
  if (!row) throw new Error("no counts");
  return { reservations: row.reservations, pendingEmails: row.pending, failedEmails: row.failed };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // a late answer (bounded by the pool's statement timeout on PostgreSQL) is ignored
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
