import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type {
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
  RouterContextProvider,
} from "react-router";
import { ServerRouter } from "react-router";
import { RenderBursts } from "../server/http/render-bursts";
import {
  failureStatus,
  frameworkRefusal,
  logRequestFailure,
  logRequestRefusal,
} from "../server/http/request-failure";
import stylesheet from "./app.css?inline";
import { StylesheetProvider } from "./lib/inline-stylesheet";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

/**
 * Requests whose loader or action failed because the database could not answer. React Router
 * reports every such error to handleError (below) before it builds the response, and answers 500;
 * these get 503 instead, so a load balancer or client knows that trying again later can succeed.
 */
const failedOnDatabase = new WeakSet<Request>();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (responseStatusCode === 500 && failedOnDatabase.has(request)) responseStatusCode = 503;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // crawlers and the page cache get the whole page at once, people the shell first and the rest
    // streamed
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext.pageCacheFill
        ? "onAllReady"
        : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={loadContext.pageCacheFill ? stylesheet : null}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new RenderBursts({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // a signed-in page carries personal data: never stored; others are revalidated on each use
          if (loadContext.session) responseHeaders.set("Cache-Control", "private, no-store");
          else if (!responseHeaders.has("Cache-Control"))
            responseHeaders.set("Cache-Control", "private, no-cache");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // errors before the shell reject and are logged by handleError; a visitor who left
          // mid-stream ("The destination stream closed early") is not an error
          if (shellRendered && !request.signal.aborted)
            loadContext.log.error({ err: error, url: request.url }, "render failed");
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // aborted requests (the shopper navigated away) are not errors
  if (request.signal.aborted) return;
  const log = (context as RouterContextProvider | undefined)?.log;
  // a request React Router refused (its origin check, a method no route takes): the client's
  // doing, answered 4xx; one line without a stack, never an error
  const refusal = frameworkRefusal(error);
  if (refusal) {
    const details = { method: request.method, path: new URL(request.url).pathname };
    if (log) logRequestRefusal(log, refusal, details);
    else console.warn({ ...details, reason: refusal.reason });
    return;
  }
  if (failureStatus(error) === 503) failedOnDatabase.add(request);
  const details = { method: request.method, url: request.url };
  if (log) logRequestFailure(log, error, "request failed", details);
  else console.error({ err: error, ...details });
};

/** Client-side navigations and fetchers (`.data` requests): the same 503 as a page load. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) =>
  response.status === 500 && failedOnDatabase.has(request)
    ? new Response(response.body, {
        status: 503,
        statusText: "Service Unavailable",
        headers: response.headers,
      })
    : response;
