import type { Request, RequestHandler } from "express";
import { type Auth, CLIENT_IP_HEADER } from "../auth/auth";
import { isDatabaseUnavailable } from "../db/database-errors";
import { refuseRequest } from "./refuse-request";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Records the client's address, overwriting any header of the same name a client sent, so rate
 * limits cannot be dodged by forging it. The address is the socket's, unless the app trusts a
 * proxy (TRUST_PROXY): then Express takes it from X-Forwarded-For, but only from those proxies.
 */
export const stampClientIp: RequestHandler = (req, _res, next) => {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
};

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF), the way Go's
 * CrossOriginProtection does: trust Sec-Fetch-Site when the browser sends it, otherwise compare
 * Origin with our own; requests with neither header come from non-browser clients, which cannot
 * ride on a shopper's cookies. Signed webhooks are exempt.
 */
export function refuseCrossSiteRequests(options: {
  publicUrl: string;
  exemptPrefixes?: string[];
}): RequestHandler {
  const ownOrigin = new URL(options.publicUrl).origin;
  return (req, res, next) => {
    if (
      SAFE_METHODS.has(req.method) ||
      options.exemptPrefixes?.some((prefix) => req.path.startsWith(prefix))
    ) {
      return next();
    }
    const fetchSite = req.headers["sec-fetch-site"];
    const origin = req.headers.origin;
    const allowed =
      typeof fetchSite === "string"
        ? fetchSite === "same-origin" || fetchSite === "none"
        : typeof origin === "string"
          ? origin === ownOrigin
          : true;
    if (allowed) return next();
    req.log?.warn({ origin, fetchSite, path: req.path }, "cross-site request refused");
    refuseRequest(req, res, 403, "Cross-site request refused.");
  };
}

function toHeaders(raw: NodeJS.Dict<string | string[]>): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/** Whether the request carries a session cookie at all (valid or not: that costs a query to know). */
export function hasSessionCookie(req: Request): boolean {
  return req.headers.cookie?.includes("nocturn.session_token") ?? false;
}

/**
 * Answers 400 for a path that is not valid percent-encoding (`/%E0%A4%A`), before the router or
 * a route decodes it: Express's router and React Router would otherwise throw a URIError (a 500)
 * or log a warning. The query string is not checked: URLSearchParams reads it leniently.
 */
export const refuseMalformedUrls: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    req.log?.info({ url: req.originalUrl }, "malformed URL refused");
    return refuseRequest(req, res, 400, "Bad request: malformed URL.");
  }
  next();
};

/**
 * Reads the session once per page or data request and hands it to loaders and actions. Forwards
 * the refreshed cookie when better-auth slides the expiry. A failed check means no session, unless
 * the database could not answer: then the request fails with 503.
 */
export function resolveSession(auth: Auth): RequestHandler {
  return async (req, res, next) => {
    res.locals.session = null;
    // visitors without a session cookie cost no database query
    if (!hasSessionCookie(req)) return next();
    try {
      // the common case without better-auth's endpoint; anything else is better-auth's to answer
      const known = await auth.readSession(req.headers.cookie);
      if (known) {
        res.locals.session = known;
        return next();
      }
      const { headers, response } = await auth.api.getSession({
        headers: toHeaders(req.headers),
        returnHeaders: true,
      });
      for (const cookie of headers.getSetCookie()) res.append("Set-Cookie", cookie);
      res.locals.session = response;
    } catch (error) {
      // without its database the store cannot tell who this is: a 503, not a signed-out visitor
      // (which would send a signed-in shopper to the sign-in page during an outage)
      if (isDatabaseUnavailable(error)) return next(error);
      req.log.error({ err: error }, "session check failed");
    }
    next();
  };
}
