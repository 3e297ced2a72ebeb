import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import express from "express";
import type { Database } from "../db/client";
import { nameRoute } from "../metrics/request-metrics";
import { failureStatus } from "./request-failure";

/** The paths a load balancer or orchestrator probes; logged at debug only (request-log.ts). */
export const HEALTH_PATHS = ["/healthz", "/readyz"];

/** How long /readyz waits for the database before it answers 503: a probe must not hang. */
export const READY_TIMEOUT_MS = 2_000;

/** Whether this process wants new requests: not once it has been told to stop (SIGTERM). */
export interface Readiness {
  readonly isDraining: boolean;
  /** Whether the server has stopped listening: every answer then closes its connection. */
  readonly isClosing: boolean;
  /** From now on /readyz answers 503, so a balancer stops sending before the server closes. */
  startDraining(): void;
  /** The server stops listening now (server/http/drain.ts). */
  startClosing(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  let closing = false;
  return {
    get isDraining() {
      return draining;
    },
    get isClosing() {
      return closing;
    },
    startDraining() {
      draining = true;
    },
    startClosing() {
      draining = true;
      closing = true;
    },
  };
}

/**
 * `GET /healthz`, liveness: the process answers HTTP (200 "ok"); it never asks the database, so a
 * database outage does not make an orchestrator restart every process of the store.
 *
 * `GET /readyz`, readiness: 200 when every migration in drizzle/ is applied and the database
 * answers `select 1` within READY_TIMEOUT_MS; 503 with a short reason otherwise, and while the
 * process drains after SIGTERM.
 */
export function healthRoutes(options: {
  db: Database;
  readiness: Readiness;
  migrationsFolder?: string;
  timeoutMs?: number;
}): express.Router {
  const { db, readiness, timeoutMs = READY_TIMEOUT_MS } = options;
  // the migrations this build ships with, read once: a new migration comes with a new process
  const expected = readMigrationFiles({
    migrationsFolder: options.migrationsFolder ?? path.resolve("drizzle"),
  });
  const router = express.Router();

  // once the server has stopped listening, every answer closes its connection: a balancer still
  // holding kept-alive connections to this process (nginx's open-source build has no probes) uses
  // each at most once more, then connects elsewhere (drain.ts says why not before)
  router.use((_req, res, next) => {
    if (readiness.isClosing) res.setHeader("Connection", "close");
    next();
  });

  router.get("/healthz", (_req, res) => {
    nameRoute(res, "health");
    res.setHeader("Cache-Control", "no-store");
    res.type("text/plain").send("ok");
  });

  router.get("/readyz", async (req, res) => {
    nameRoute(res, "health");
    res.setHeader("Cache-Control", "no-store");
    const notReady = (reason: string) => void res.status(503).json({ status: "unavailable", reason });
    if (readiness.isDraining) return notReady("draining");
    let pending: number;
    try {
      pending = await withTimeout(countPendingMigrations(db, expected), timeoutMs);
    } catch (error) {
      // probes come every few seconds: an outage is logged once by the pool, not once per probe
      if (!(error instanceof ProbeTimeout) && failureStatus(error) === 500) {
        req.log.error({ err: error }, "readiness check failed");
      }
      return notReady(error instanceof ProbeTimeout ? "database timeout" : "database unavailable");
    }
    if (pending > 0) return notReady(`${pending} migration${pending === 1 ? "" : "s"} not applied`);
    res.json({ status: "ok" });
  });
  return router;
}

/**
 * Drizzle records each applied migration with its journal timestamp (`created_at`) and applies
 * those newer than the last one recorded; a file whose timestamp is not recorded is pending.
 */
async function countPendingMigrations(db: Database, expected: { folderMillis: number }[]) {
  await db.execute(sql`select 1`);
  const applied = (await db
    .execute(sql`select created_at from drizzle.__drizzle_migrations where created_at is not null`)
    .catch((error: unknown) => {
      // undefined_table: the first migration run makes it, so none is applied yet
      if (hasSqlState(error, "42P01")) return { rows: [] };
      throw error;
    })) as unknown as { rows: { created_at: string | number }[] };
  const recorded = new Set(applied.rows.map((row) => Number(row.created_at)));
  return expected.filter((migration) => !recorded.has(migration.folderMillis)).length;
}

/** Whether `error` or one of its causes (drizzle wraps the driver's error) has this SQLSTATE. */
function hasSqlState(error: unknown, code: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

class ProbeTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout()), ms);
  });
  // the query may still finish later (bounded by the pool's own timeouts); its outcome is moot
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
