import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "../logger";
import { classifyDatabaseError } from "./database-errors";
import { describeDatabaseUrl } from "./describe-database";
import { type ConnectionTarget, ownConnection } from "./own-connection";

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5_000;

export class DatabaseUnreachableError extends Error {
  override name = "DatabaseUnreachableError";
}

/**
 * Waits until PostgreSQL accepts a connection, for deployments that start the database and the
 * store together. Retries with a doubling delay (0.5 s up to 5 s) while the failure is one that
 * passes (refused, starting up, name not resolvable yet), one log line per attempt; gives up with
 * a DatabaseUnreachableError whose message is one line once `timeoutMs` has passed, or at once
 * when the failure will not pass by waiting (wrong password, no such database).
 * Lines name host, port and database, never the user or password.
 */
export async function waitForDatabase(
  options: ConnectionTarget & { timeoutMs: number; log: Logger },
): Promise<void> {
  const { timeoutMs, log } = options;
  const target = describeDatabaseUrl(options.url);
  const deadline = Date.now() + timeoutMs;
  let delay = FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    const error = await tryConnect(options);
    if (!error) {
      if (attempt > 1) log.info({ database: target, attempt }, `database at ${target} is reachable`);
      return;
    }
    const failure = classifyDatabaseError(error);
    const reason = failure?.reason ?? (error instanceof Error ? error.message : String(error));
    if (failure?.kind !== "unavailable") {
      throw new DatabaseUnreachableError(`Cannot use the database at ${target}: ${reason}`, { cause: error });
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new DatabaseUnreachableError(
        `Database at ${target} still not reachable after ${formatSeconds(timeoutMs)} (${attempt} attempts): ${reason}. Giving up.`,
        { cause: error },
      );
    }
    const wait = Math.min(delay, remaining);
    log.warn(
      { database: target, attempt, code: failure.code },
      `database at ${target} not reachable (attempt ${attempt}): ${reason}; retrying in ${formatSeconds(wait)}`,
    );
    await sleep(wait);
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  }
}

/** One connection attempt: the error it failed with, or undefined when the server answered. */
async function tryConnect(connection: ConnectionTarget): Promise<unknown> {
  // a failed connection also emits "error"; the rejected connect() below already reports it
  const client = ownConnection(connection);
  try {
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => {});
  }
}

function formatSeconds(ms: number) {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
