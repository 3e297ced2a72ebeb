import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import { pino } from "pino";
import type { Logger } from "../logger";

declare global {
  namespace Express {
    interface Request {
      /** The request id: the client's X-Request-Id when it is well-formed, otherwise a new UUID. */
      id: string;
      /** The app's logger with `reqId` bound: every line a request logs, errors included, carries it. */
      log: Logger;
    }
  }
}

const REQUEST_ID_PATTERN = /^[\w-]{8,64}$/;

/**
 * Gives each request an id (echoed in X-Request-Id) and a logger bound to it, and logs one short
 * line when the response ends: method, path, status and duration at info (error for a 5xx). The
 * query string is left out: it can carry a password-reset token. The request's and the response's
 * headers are added only when the level is debug (cookies redacted by server/logger.ts). Health
 * probes (`atDebug`) are logged at debug only, a 503 included: an outage is logged by the pool. Replaces
 * pino-http, which serialised every request's headers into its logger even when nothing logged them.
 */
export function logRequests(options: {
  log: Logger;
  ignore: (path: string) => boolean;
  /** Requests logged at debug whatever their status: health probes and scrapes, every few seconds. */
  atDebug?: (path: string, res: Response) => boolean;
}): RequestHandler {
  const { log, ignore, atDebug = () => false } = options;
  return (req, res, next) => {
    req.id = requestId(req);
    res.setHeader("X-Request-Id", req.id);
    req.log = log.child({ reqId: req.id });
    const path = pathOf(req.originalUrl);
    if (!ignore(path)) logWhenDone(req.log, req, res, path, { atDebug: () => atDebug(path, res) });
    next();
  };
}

/** The client's X-Request-Id when it is well-formed, otherwise a new UUID. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** The URL without its query string, which can carry a password-reset token. */
export function pathOf(url: string): string {
  const queryAt = url.indexOf("?");
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/**
 * Logs the request's one line when its response ends (also for the page cache's hits, which are
 * answered before Express: server/http/page-cache.ts); `atDebug` is asked then. `reqId`, for a
 * logger without it bound, leads the line's fields as a child logger's binding would: the same
 * line, without a child logger made for every cache hit.
 */
export function logWhenDone(
  log: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  options: { atDebug?: () => boolean; reqId?: string } = {},
) {
  const { atDebug = () => false, reqId } = options;
  const started = performance.now();
  const done = () => {
    res.off("finish", done);
    res.off("close", done);
    const line = {
      ...(reqId === undefined ? {} : { reqId }),
      method: req.method,
      path,
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
      ...(log.isLevelEnabled("debug")
        ? { req: pino.stdSerializers.req(req), res: pino.stdSerializers.res(res) }
        : {}),
    };
    // a client that hung up before the end: "aborted", whatever status was already sent
    const message = res.writableFinished ? "request completed" : "request aborted";
    if (atDebug()) log.debug(line, message);
    else if (res.statusCode >= 500) log.error(line, message);
    else log.info(line, message);
  };
  res.on("finish", done);
  res.on("close", done);
}
