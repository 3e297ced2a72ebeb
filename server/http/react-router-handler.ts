// Express → React Router, as @react-router/express 7.18.4 does it (MIT, Remix Software Inc.),
// with one difference: the request body is the one the body layer already read and checked
// (server/http/request-body.ts), never the socket. @react-router/express hands React Router a
// stream of the socket, which every action then read whole, whatever its size, before any check.
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { RequestContext } from "./context";
import type { PageCache } from "./page-cache";
import { readBody } from "./request-body";

function toFetchHeaders(raw: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(raw)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const portFromForwarded = Number.parseInt(forwardedPort ?? "", 10);
  const portFromHost = Number.parseInt(hostPort ?? "", 10);
  const port = Number.isSafeInteger(portFromForwarded)
    ? portFromForwarded
    : Number.isSafeInteger(portFromHost)
      ? portFromHost
      : "";
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  // the shopper navigated away: loaders can stop their work
  let controller: AbortController | null = new AbortController();
  const { signal } = controller;
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());

  const init: RequestInit = { method: req.method, headers: toFetchHeaders(req.headers), signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = readBody(res);
    // a route reached without the body layer would read an unlimited body: fail loudly instead
    if (!body) throw new Error("request body was not read by the body layer (limitRequestBodies)");
    init.body = body;
  }
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  coalesceFlushes(res);
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * writeReadableStreamToWritable flushes the compressor (compression's `res.flush`) after every
 * chunk, and a page arrives in dozens of small chunks: each flush ends a brotli or gzip block, which
 * costs CPU and bytes. Chunks that arrive together (the shell, then each streamed part) are flushed
 * once, after the current turn of the event loop, so streaming still reaches the browser at once.
 */
function coalesceFlushes(res: ExpressResponse & { flush?: () => void }) {
  const flush = res.flush?.bind(res);
  if (!flush) return;
  let scheduled = false;
  res.flush = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (!res.writableEnded && !res.destroyed) flush();
    });
  };
}

/** The React Router request handler for Express, reading bodies from the body layer. */
export function handleWithReactRouter(options: {
  build: () => Promise<ServerBuild>;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RequestContext;
  mode?: string;
  /** Renders made for the page cache are stored and sent by it. */
  pageCache?: PageCache;
}): RequestHandler {
  const mode = options.mode ?? process.env.NODE_ENV;
  // Handed a function, React Router derives its route tables again on every request (every
  // route's matcher compiled, flattened and ranked: about a tenth of an uncached page's CPU with
  // the store's ~50 routes), so that a development server picks up edited routes. A build only
  // changes when Vite loads a new one: one handler per build object does the same, once.
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const handlerFor = async () => {
    const build = await options.build();
    let handler = handlers.get(build);
    if (!handler) {
      handler = createRequestHandler(build, mode);
      handlers.set(build, handler);
    }
    return handler;
  };
  return async (req, res, next) => {
    try {
      const handleRequest = await handlerFor();
      const request = toFetchRequest(req, res);
      // with future.v8_middleware the context must be a RouterContextProvider; ours carries the
      // request's services as plain properties too (typed in ./context.ts), so loaders read
      // `context.db` as before and middleware can still use context.get/set
      const context = Object.assign(new RouterContextProvider(), options.getLoadContext(req, res));
      const response = await handleRequest(request, context);
      if (options.pageCache?.isFill(res)) await options.pageCache.respond(req, res, response);
      else await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
