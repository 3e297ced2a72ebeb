import type { AuthSession } from "../auth/auth";
import type { Logger } from "../logger";
import type { Services } from "../services";

/** What every loader and action receives as `context`. */
export interface RequestContext extends Services {
  /** The request's logger, carrying its request id. */
  log: Logger;
  requestId: string;
  cspNonce: string | undefined;
  /** Rendered for the page cache (page-cache.ts): the whole page at once, without a nonce. */
  pageCacheFill: boolean;
  /** The signed-in user's session, resolved once per request; null for visitors. */
  session: AuthSession | null;
  /** The socket's address; never taken from a header a client could send. */
  clientIp: string;
}

// future.v8_middleware: loaders and actions receive a RouterContextProvider (see
// server/http/react-router-handler.ts), which carries the request context's properties
declare module "react-router" {
  interface RouterContextProvider extends RequestContext {}
}
