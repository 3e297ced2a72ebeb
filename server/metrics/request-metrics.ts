import type { ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Metrics } from "./metrics";

/** Methods Node's parser accepts beyond these are labelled "other": a label value set stays small. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A handler that answers a request itself names its route for the metrics (health.ts, the metrics endpoint). */
export function nameRoute(res: Response, route: "health" | "metrics") {
  res.locals.metricsRoute = route;
}

/**
 * Observes every request in `http_request_duration_seconds` when its response ends: method, status
 * and the route, which is never the URL (unbounded, and it can carry a reset token) but one of a
 * fixed set: the React Router route id of the deepest route the path matches ("routes/shop/product" for
 * any /products/:id, and a `.data` request counts as its page), "static" for files, "health" and
 * "metrics" for those endpoints, "not_found" for paths only the catch-all route matches. A request
 * whose client hung up before the end is observed with status "aborted".
 */
export function measureRequests(options: {
  metrics: Metrics;
  build: () => Promise<ServerBuild>;
  isStatic: (path: string) => boolean;
}): RequestHandler {
  const routeLabel = createRouteLabels(options);
  return (req, res, next) => {
    const path = req.path;
    observeWhenDone(options.metrics, req.method, res, () => {
      const named = res.locals.metricsRoute as string | undefined;
      return named ? Promise.resolve(named) : routeLabel(path);
    });
    next();
  };
}

/** Paths whose labels are remembered per build: matching ~50 route patterns cost 3-6 % of a page. */
const REMEMBERED_PATHS = 2000;

/** The route label of a path, as `measureRequests` names it. */
export function createRouteLabels(options: {
  build: () => Promise<ServerBuild>;
  isStatic: (path: string) => boolean;
}): (path: string) => Promise<string> {
  const byBuild = new WeakMap<ServerBuild, { routes: RouteObject[]; labels: LRUCache<string, string> }>();
  return async (path) => {
    if (options.isStatic(path)) return "static";
    const build = await options.build();
    let known = byBuild.get(build);
    if (!known) {
      known = { routes: routeTree(build.routes), labels: new LRUCache({ max: REMEMBERED_PATHS }) };
      byBuild.set(build, known);
    }
    let label = known.labels.get(path);
    if (label === undefined) {
      label = routeIdOf(known.routes, path);
      known.labels.set(path, label);
    }
    return label;
  };
}

/**
 * Observes the request when its response ends (also the page cache's hits, answered before
 * Express: server/http/page-cache.ts); `route` is asked then.
 */
export function observeWhenDone(
  metrics: Metrics,
  requestMethod: string | undefined,
  res: ServerResponse,
  route: () => Promise<string>,
) {
  const started = performance.now();
  const method = requestMethod && METHODS.has(requestMethod) ? requestMethod : "other";
  const done = () => {
    res.off("finish", done);
    res.off("close", done);
    const seconds = (performance.now() - started) / 1000;
    const status = res.writableFinished ? String(res.statusCode) : "aborted";
    void route().then(
      (label) => metrics.observeRequest({ method, route: label, status }, seconds),
      // the build could not be loaded: that request failed and was logged already
      () => metrics.observeRequest({ method, route: "not_found", status }, seconds),
    );
  };
  res.on("finish", done);
  res.on("close", done);
}

/** React Router's route tree, from the flat manifest of the server build. */
function routeTree(manifest: ServerBuild["routes"]): RouteObject[] {
  const children = new Map<string | undefined, NonNullable<ServerBuild["routes"][string]>[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: build(route.id) },
    );
  return build(undefined);
}

/** The deepest route `path` matches; a single-fetch `.data` path counts as its page. */
function routeIdOf(routes: RouteObject[], path: string): string {
  let pathname = path;
  if (pathname.endsWith(".data")) {
    pathname = pathname.slice(0, -".data".length);
    if (pathname === "/_root") pathname = "/";
  }
  // a path that does not decode was refused before any route (middleware.ts); React Router would
  // only warn about it on the console
  try {
    decodeURI(pathname);
  } catch {
    return "not_found";
  }
  const deepest = matchRoutes(routes, pathname)?.at(-1)?.route;
  if (!deepest?.id || deepest.path === "*") return "not_found";
  return deepest.id;
}
