import pg from "pg";
import type { Logger } from "../logger";
import { type ConnectionTarget, ownConnection } from "./own-connection";

/** What a LISTEN on a channel reports. */
export interface ChannelListener {
  /** A notification on the channel, with its payload. */
  notify(payload: string): void;
  /**
   * Whether notifications arrive: false when the connection is lost (any notification sent until
   * it is back is missed), true once it listens again (at start and after every reconnection).
   */
  listening(listening: boolean): void;
}

export interface Subscription {
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

/**
 * LISTEN on PostgreSQL over a connection of its own (a pooled connection cannot hold a LISTEN),
 * reconnecting with back-off for as long as it is open: a database restart interrupts
 * notifications, it does not end them. Resolves once the first attempt has listened or failed.
 */
export async function listenOnPostgres(
  options: ConnectionTarget & { channel: string; listener: ChannelListener; log: Logger },
): Promise<Subscription> {
  const { channel, listener, log } = options;
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (closed) return;
    timer = setTimeout(() => void connect(), retryMs).unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const connect = async () => {
    // a lost connection emits "end", which is where it is handled
    const next = ownConnection(options, { keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel === channel) listener.notify(message.payload ?? "");
    });
    next.on("end", () => {
      if (client !== next) return;
      client = null;
      log.warn({ channel }, "lost the LISTEN connection; reconnecting");
      listener.listening(false);
      retry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      log.warn({ channel, err: error }, "could not LISTEN; retrying");
      void next.end().catch(() => {});
      retry();
      return;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
    listener.listening(true);
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end();
    },
  };
}
