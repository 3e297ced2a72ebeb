import { type ConnectionTarget, ownConnection } from "./own-connection";

/** Arbitrary, fixed: the advisory-lock key every process of the store agrees on for start-up. */
const STARTUP_LOCK_KEY = 7_218_455_301;

/**
 * Runs `task` (migrations, the demo seed, the admin bootstrap) while holding a PostgreSQL session
 * advisory lock, on a connection of its own: separate processes started together (several
 * replicas behind a balancer) take turns, so the second finds the migrations applied and the admin
 * created instead of racing the first into a duplicate-key error. A process that dies while
 * holding it loses its session, and with it the lock.
 */
export async function withStartupLock<T>(options: ConnectionTarget, task: () => Promise<T>): Promise<T> {
  const client = ownConnection(options);
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
    try {
      return await task();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
