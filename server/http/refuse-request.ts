import type { Request, Response } from "express";

/**
 * Largest rest of a refused request body that is read off and thrown away so the client's
 * keep-alive connection stays usable. A larger or unknown (chunked) rest closes the connection.
 */
export const DRAIN_MAX_BYTES = 1024 * 1024;

/** The Content-Length the client declared, or null (none, or not a number: chunked). */
export function declaredLength(req: Request): number | null {
  const header = req.headers["content-length"];
  if (header === undefined || !/^\d+$/.test(header)) return null;
  return Number(header);
}

/**
 * Answers a request the shared layer will not serve (too large, malformed, cross-site) with a
 * short plain-text message, without reading more of its body than it has to.
 *
 * If the body has not fully arrived, the connection cannot simply go on: the client is still
 * sending bytes the next request would be parsed from, and a keep-alive response followed by an
 * unread body ended in ECONNRESET on the client's next request. So a small declared rest is read
 * off and discarded (the connection stays usable), and anything larger or of unknown length is
 * answered with `Connection: close`: Node ends the socket after the response, and the client's
 * agent opens a fresh connection for its next request.
 */
export function refuseRequest(req: Request, res: Response, status: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (!req.complete) {
    const declared = declaredLength(req);
    if (declared !== null && declared <= DRAIN_MAX_BYTES && req.listenerCount("data") === 0) {
      // flowing with no listener: Node discards what arrives, up to the declared length
      req.resume();
    } else {
      res.setHeader("Connection", "close");
    }
  }
  res.status(status).type("text/plain").send(message);
}
