import type { NextFunction, Request, RequestHandler, Response } from "express";
import getRawBody from "raw-body";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { isAdmin } from "../auth/guards";
import { hasSessionCookie } from "./middleware";
import { declaredLength, refuseRequest } from "./refuse-request";

/**
 * What a route accepts as a request body. A route module declares it by exporting
 * `requestBody`; every other route gets FORM_BODY.
 */
export interface RequestBodyPolicy {
  /** The largest body accepted, in bytes. */
  maxBytes: number;
  /**
   * "form": an URL-encoded or multipart form that parses (what `request.formData()` reads);
   * "raw": any bytes, which the route reads itself (a signed webhook, an image).
   */
  kind: "form" | "raw";
  /**
   * The allowance is a signed-in admin's only; anyone else gets FORM_BODY's size. It is decided
   * after the session is resolved, and a larger body is not read before then.
   */
  adminOnly?: boolean;
}

/** Sign-in, register, cart, coupon, profile and admin forms are a few KB; 64 KiB is ample. */
export const FORM_BODY: RequestBodyPolicy = { maxBytes: 64 * 1024, kind: "form" };

/** What someone other than an admin may send to an admin-only allowance: the route still answers. */
function withoutAllowance(policy: RequestBodyPolicy): RequestBodyPolicy {
  return { maxBytes: FORM_BODY.maxBytes, kind: policy.kind };
}

export const REFUSAL_MESSAGES = {
  tooLarge: "Request body too large.",
  unsupportedType: "Unsupported content type: send a form.",
  unsupportedEncoding: "Compressed request bodies are not accepted.",
  malformedForm: "Malformed form data.",
  malformedBody: "Malformed request body.",
};

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** What the body layer leaves for the React Router adapter (server/http/react-router-handler.ts). */
export function readBody(res: Response): Uint8Array<ArrayBuffer> | undefined {
  return res.locals.requestBody;
}

type RouteNode = RouteObject & { id: string };

/** React Router's route tree, rebuilt from a server build's flat manifest for matchRoutes. */
function routeTree(build: ServerBuild): RouteNode[] {
  const byParent = new Map<string | undefined, RouteNode[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteNode);
    byParent.set(route.parentId, siblings);
  }
  const attach = (nodes: RouteNode[]): RouteNode[] =>
    nodes.map((node) => {
      const children = byParent.get(node.id);
      return children && !node.index ? ({ ...node, children: attach(children) } as RouteNode) : node;
    });
  return attach(byParent.get(undefined) ?? []);
}

/** The path React Router routes a request by: single-fetch `.data` requests name their page. */
function routedPath(pathname: string, build: ServerBuild): string {
  const basename = build.basename || "/";
  let path = pathname;
  if (build.future?.v8_trailingSlashAwareDataRequests) {
    path = path.endsWith("/_.data") ? path.replace(/_\.data$/, "") : path.replace(/\.data$/, "");
  } else {
    if (path === `${basename.replace(/\/$/, "")}/_root.data`) path = basename;
    else path = path.replace(/\.data$/, "");
  }
  return path;
}

const trees = new WeakMap<ServerBuild, RouteNode[]>();

/**
 * The policy of the route React Router will run for this path, found with React Router's own
 * matcher (case-insensitive paths, trailing slashes and `.data` requests match as they will
 * there), so no spelling of a URL reaches a route under another route's allowance.
 */
export function bodyPolicyFor(build: ServerBuild, pathname: string): RequestBodyPolicy {
  let tree = trees.get(build);
  if (!tree) {
    tree = routeTree(build);
    trees.set(build, tree);
  }
  const matches = matchRoutes(tree, routedPath(pathname, build), build.basename) ?? [];
  const leafId = matches.at(-1)?.route.id;
  const declared = leafId
    ? (build.routes[leafId]?.module as { requestBody?: RequestBodyPolicy } | undefined)?.requestBody
    : undefined;
  return declared ?? FORM_BODY;
}

function hasBody(req: Request): boolean {
  return req.headers["transfer-encoding"] !== undefined || (declaredLength(req) ?? 0) > 0;
}

function readsBody(req: Request): boolean {
  return req.method !== "GET" && req.method !== "HEAD";
}

/**
 * Reads the body into memory, never more than `policy.maxBytes` of it: a declared larger body is
 * refused before a byte is read, a chunked one as soon as it passes the limit. Then checks that
 * a form route got a form that parses. Answers the refusal itself; true when the request may go on.
 */
async function readWithin(req: Request, res: Response, policy: RequestBodyPolicy): Promise<boolean> {
  const declared = declaredLength(req);
  if (declared !== null && declared > policy.maxBytes) {
    req.log.warn({ declared, limit: policy.maxBytes }, "request body refused: too large");
    refuseRequest(req, res, 413, REFUSAL_MESSAGES.tooLarge);
    return false;
  }
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  if (encoding !== "identity") {
    // browsers never compress request bodies; a compressed one could inflate far past the limit
    refuseRequest(req, res, 415, REFUSAL_MESSAGES.unsupportedEncoding);
    return false;
  }

  let body = new Uint8Array(0);
  if (hasBody(req)) {
    try {
      // raw-body concatenates into a fresh buffer of its own (never a shared one)
      body = (await getRawBody(req, { length: declared, limit: policy.maxBytes })) as Buffer<ArrayBuffer>;
    } catch (error) {
      const { type, received } = error as getRawBody.RawBodyError;
      if (type === "entity.too.large") {
        req.log.warn({ received, limit: policy.maxBytes }, "request body refused: too large");
        refuseRequest(req, res, 413, REFUSAL_MESSAGES.tooLarge);
      } else {
        // the client went away or sent fewer bytes than it declared: nobody to answer, or a 400
        req.log.info({ reason: type ?? (error as Error).message }, "request body not received");
        refuseRequest(req, res, 400, REFUSAL_MESSAGES.malformedBody);
      }
      return false;
    }
  }

  if (policy.kind === "form" && readsBody(req)) {
    const contentType = req.headers["content-type"];
    if (contentType === undefined) {
      if (body.length > 0) {
        refuseRequest(req, res, 415, REFUSAL_MESSAGES.unsupportedType);
        return false;
      }
      // a bare POST (a sign-out button without fields) is an empty form, which actions read
      req.headers["content-type"] = "application/x-www-form-urlencoded";
    } else {
      const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
      if (!FORM_TYPES.has(mediaType)) {
        req.log.info({ contentType }, "request body refused: not a form");
        refuseRequest(req, res, 415, REFUSAL_MESSAGES.unsupportedType);
        return false;
      }
      try {
        // parsed here with the same parser the action will use, so a broken multipart body is
        // a 400 in one place rather than a TypeError (and a 500) in every action
        await new Response(body, { headers: { "content-type": contentType } }).formData();
      } catch {
        req.log.info({ contentType }, "request body refused: malformed form");
        refuseRequest(req, res, 400, REFUSAL_MESSAGES.malformedForm);
        return false;
      }
    }
  }
  res.locals.requestBody = body;
  return true;
}

/**
 * Request size and shape limits, in two steps around the session check:
 *
 * - `beforeSession` runs before anything looks at the body or the session. It refuses a body
 *   declared larger than the route could ever accept, and reads every body up to the route's
 *   limit, except an admin-only allowance claimed by a request with a session cookie.
 * - `afterSession` reads those: with the allowance for an admin, within FORM_BODY's size for
 *   anyone else, so a visitor or customer cannot make the server take in megabytes.
 *
 * Nothing later streams from the socket: loaders and actions get the bytes read here.
 */
export function limitRequestBodies(options: { build: () => Promise<ServerBuild> }): {
  beforeSession: RequestHandler;
  afterSession: RequestHandler;
} {
  const beforeSession = async (req: Request, res: Response, next: NextFunction) => {
    // a page or data request without a body: every route's policy lets it through with nothing to
    // read, so the route is not looked up (matchRoutes ranks the whole route table on each call)
    if (!readsBody(req) && !hasBody(req) && req.headers["content-encoding"] === undefined) {
      res.locals.requestBody = new Uint8Array(0);
      return next();
    }
    const policy = bodyPolicyFor(await options.build(), req.path);
    if (policy.adminOnly && hasSessionCookie(req)) {
      const declared = declaredLength(req);
      if (declared !== null && declared > policy.maxBytes) {
        req.log.warn({ declared, limit: policy.maxBytes }, "request body refused: too large");
        return refuseRequest(req, res, 413, REFUSAL_MESSAGES.tooLarge);
      }
      res.locals.deferredBodyPolicy = policy;
      return next();
    }
    if (await readWithin(req, res, policy.adminOnly ? withoutAllowance(policy) : policy)) next();
  };

  const afterSession = async (req: Request, res: Response, next: NextFunction) => {
    const policy: RequestBodyPolicy | undefined = res.locals.deferredBodyPolicy;
    if (!policy) return next();
    if (await readWithin(req, res, isAdmin(res.locals.session) ? policy : withoutAllowance(policy))) next();
  };

  return { beforeSession, afterSession };
}
