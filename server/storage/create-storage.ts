import path from "node:path";
import type { Config } from "../config";
import { createLocalStorage } from "./local-storage";
import type { Storage } from "./storage";

/** The configured storage, and the folder the HTTP layer serves at /media when it is local. */
export function createStorage(config: Pick<Config, "dataDir">): { storage: Storage; mediaRoot?: string } {
  const mediaRoot = path.join(config.dataDir, "media");
  return { storage: createLocalStorage({ root: mediaRoot, urlPrefix: "/media" }), mediaRoot };
}
