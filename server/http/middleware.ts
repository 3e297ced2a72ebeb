import type { RequestHandler } from "express";
import { type Auth, CLIENT_IP_HEADER } from "../auth/auth";

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
    res.status(403).type("text/plain").send("Cross-site request refused.");
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

/**
 * Reads the session once per page or data request and hands it to loaders and actions. Forwards
 * the refreshed cookie when better-auth slides the expiry. A failed check means no session.
 */
export function resolveSession(auth: Auth): RequestHandler {
  return async (req, res, next) => {
    res.locals.session = null;
    // visitors without a session cookie cost no database query
    if (!req.headers.cookie?.includes("nocturn.session_token")) return next();
    try {
      const { headers, response } = await auth.api.getSession({
        headers: toHeaders(req.headers),
        returnHeaders: true,
      });
      for (const cookie of headers.getSetCookie()) res.append("Set-Cookie", cookie);
      res.locals.session = response;
    } catch (error) {
      req.log.error({ err: error }, "session check failed");
    }
    next();
  };
}
