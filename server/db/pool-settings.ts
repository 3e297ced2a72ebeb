/** How the store uses PostgreSQL; each can be set through the environment (server/config.ts). */
export interface PoolSettings {
  /** Connections per process (DATABASE_POOL_MAX). */
  max: number;
  /**
   * How long a query waits to open a connection, or for a free one when all are busy, before it
   * fails (DATABASE_CONNECT_TIMEOUT_MS).
   */
  connectTimeoutMs: number;
  /** The server cancels a statement running longer than this; 0 means no limit (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  max: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
};

/** How long the store keeps trying to reach PostgreSQL at start (DATABASE_STARTUP_TIMEOUT_MS). */
export const DEFAULT_STARTUP_TIMEOUT_MS = 60_000;
