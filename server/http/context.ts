import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Storage } from "../storage/storage";

/** Long-lived dependencies shared by every request. */
export interface Services {
  config: Config;
  db: Database;
  storage: Storage;
  log: Logger;
}

/** What every loader and action receives as `context`. */
export interface RequestContext extends Services {
  /** The request's logger, carrying its request id. */
  log: Logger;
  requestId: string;
  cspNonce: string | undefined;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
