import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "../auth/auth";
import { type MetricsSource, metricsRoute } from "../metrics/metrics-endpoint";
import { createRouteLabels, measureRequests } from "../metrics/request-metrics";
import type { Services } from "../services";
import { createReadiness, HEALTH_PATHS, healthRoutes, type Readiness } from "./health";
import { refuseCrossSiteRequests, refuseMalformedUrls, resolveSession, stampClientIp } from "./middleware";
import type { PageCache } from "./page-cache";
import { handleWithReactRouter } from "./react-router-handler";
import { limitRequestBodies } from "./request-body";
import { failureStatus, logRequestFailure } from "./request-failure";
import { logRequests } from "./request-log";

const ONE_YEAR = 365 * 24 * 60 * 60 * 1000;
const STATIC_PATH = /^\/(assets\/|media\/|favicon\.ico$)/;

export interface AppOptions {
  services: Services;
  build: () => Promise<ServerBuild>;
  /** Vite's dev middleware; absent in production, where build/client is served instead. */
  devMiddleware?: express.RequestHandler;
  /** Folder served at /media when images are stored locally. */
  mediaRoot?: string;
  /** The client build served in production (hashed files under assets/); build/client by default. */
  clientRoot?: string;
  /** Anonymous storefront pages from memory (page-cache.ts); none in development. */
  pageCache?: PageCache;
  /** Turned to "draining" by the shutdown so /readyz answers 503; a fresh, ready one by default. */
  readiness?: Readiness;
  /**
   * What /metrics answers when METRICS_TOKEN is set: this process's registry by default, the whole
   * cluster's in a worker (server/metrics/cluster-metrics.ts).
   */
  metricsSource?: MetricsSource;
}

export function createApp({
  services,
  build,
  devMiddleware,
  mediaRoot,
  clientRoot = "build/client",
  pageCache,
  readiness = createReadiness(),
  metricsSource = services.metrics.read,
}: AppOptions) {
  const { config } = services;
  const app = express();
  app.disable("x-powered-by");
  // behind a load balancer every client would share its address (and its rate limits)
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);

  // every request, static files and probes included, labelled by route id, never by URL
  const publicFiles = topLevelFiles(devMiddleware ? "public" : clientRoot);
  const isStatic = (pathname: string) => STATIC_PATH.test(pathname) || publicFiles.has(pathname);
  app.use(measureRequests({ metrics: services.metrics, build, isStatic }));
  if (pageCache) services.metrics.watchPageCache(pageCache);

  // static files would drown the log, and probes every few seconds would too at info
  app.use(
    logRequests({
      log: services.log,
      ignore: (pathname) => STATIC_PATH.test(pathname),
      atDebug: (pathname, res) => HEALTH_PATHS.includes(pathname) || res.locals.metricsRoute === "metrics",
    }),
  );
  // first: no session, no body, no page cache, no headers a probe does not need
  app.use(healthRoutes({ db: services.db, readiness }));
  // a scrape with the token, likewise; without it the request goes on to the ordinary 404 page
  if (config.metrics.token) {
    app.use(metricsRoute({ token: config.metrics.token, source: metricsSource, log: services.log }));
  }

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: devMiddleware
        ? false // Vite's dev client injects inline scripts
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              // Radix positions popovers with inline styles and sonner injects its stylesheet
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: [
                "'self'",
                "data:",
                "blob:",
                ...(config.s3 ? [new URL(config.s3.publicUrl).origin] : []),
              ],
              connectSrc: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              upgradeInsecureRequests: config.publicUrl.startsWith("https:") ? [] : null,
            },
          },
      strictTransportSecurity: config.publicUrl.startsWith("https:"),
      crossOriginEmbedderPolicy: false,
    }),
  );
  // pages and .data answers made for one request: brotli at quality 2 with a 256 KB window instead
  // of brotli's 4 MB (pages are far smaller, so the bytes are the same, and each response in
  // flight holds much less memory). Quality 4, compression's default, cost a signed-in or uncached
  // page about 0.9 ms of CPU to 0.55 for 6 % more bytes (docs/PERFORMANCE.md, "Uncached and
  // signed-in pages"); the page cache compresses what it keeps once, harder. gzip at level 6 for
  // clients without brotli.
  // Hashed assets are not compressed here: their .br and .gz copies are made at build time.
  app.use(
    compression({
      level: 6,
      brotli: {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 },
      },
    }),
  );

  // size and shape limits before anything reads a body or a session (docs/SECURITY.md)
  const bodyLimits = limitRequestBodies({ build });
  app.use(refuseMalformedUrls);
  app.use(bodyLimits.beforeSession);
  // a render for the page cache is marked before the file system, the client's address or the
  // session are read; its hits never get here (pageCache.inFront, below)
  if (pageCache) app.use(pageCache.middleware);

  if (mediaRoot) {
    // image names are content-addressed: a name never changes meaning, so cache it forever
    app.use("/media", express.static(mediaRoot, { immutable: true, maxAge: ONE_YEAR, index: false }));
    app.use("/media", (_req, res) => void res.status(404).end());
  }

  if (devMiddleware) {
    app.use(devMiddleware);
  } else {
    // hashed build output with its brotli and gzip copies (react-router.config.ts): the best one the
    // client accepts is sent as it is, with Vary: Accept-Encoding
    app.use(
      "/assets",
      expressStaticGzip(path.join(clientRoot, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: ONE_YEAR, index: false },
      }),
    );
    // only the build's top-level files (favicon, robots fallback): a page request skips the stat()
    const serveTopLevel = express.static(clientRoot, { maxAge: "1h", index: false });
    app.use((req, res, next) => (publicFiles.has(req.path) ? serveTopLevel(req, res, next) : next()));
  }

  app.use(stampClientIp);
  app.use(refuseCrossSiteRequests({ publicUrl: config.publicUrl, exemptPrefixes: ["/api/webhooks/"] }));
  app.use(resolveSession(services.auth));
  // an admin-only allowance (image uploads) is read once the session says who is asking
  app.use(bodyLimits.afterSession);
  // app.use, not a "/{*path}" route: a route's path parameters are decoded, a page URL need not be
  app.use(
    handleWithReactRouter({
      build,
      pageCache,
      getLoadContext: (req, res) => {
        const pageCacheFill = pageCache?.isFill(res) ?? false;
        return {
          ...services,
          log: req.log,
          requestId: req.id,
          // a page made for the cache goes to many visitors: its scripts are allowed by hash
          cspNonce: devMiddleware || pageCacheFill ? undefined : res.locals.cspNonce,
          pageCacheFill,
          session: res.locals.session ?? null,
          clientIp: String(req.headers[CLIENT_IP_HEADER]),
        };
      },
    }),
  );

  const handleError: ErrorRequestHandler = (error, req, res, _next) => {
    logRequestFailure(req.log, error, "unhandled request error");
    if (!res.headersSent) {
      res.status(failureStatus(error)).type("text/plain").send("Something went wrong. Please try again.");
    }
  };
  app.use(handleError);
  // a cached page is answered before Express: its own log line, metrics, request id and headers
  return pageCache
    ? pageCache.inFront(app, {
        metrics: services.metrics,
        routeLabel: createRouteLabels({ build, isStatic }),
      })
    : app;
}

/** "/favicon.svg" for each file at the top of the folder served at "/" (express.static). */
function topLevelFiles(folder: string): Set<string> {
  try {
    const entries = readdirSync(folder, { withFileTypes: true });
    return new Set(entries.filter((entry) => entry.isFile()).map((entry) => `/${entry.name}`));
  } catch {
    return new Set(); // no client build (tests run the routes through Vite)
  }
}
