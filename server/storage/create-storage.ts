import path from "node:path";
import type { Config } from "../config";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

/**
 * The configured storage, and the folder the HTTP layer serves at /media when it is local.
 * With S3 configured there is no mediaRoot: the browser loads images from S3_PUBLIC_URL.
 */
export function createStorage(config: Pick<Config, "dataDir" | "s3">): {
  storage: Storage;
  mediaRoot?: string;
} {
  if (config.s3) return { storage: createS3Storage(config.s3) };
  const mediaRoot = path.join(config.dataDir, "media");
  return { storage: createLocalStorage({ root: mediaRoot, urlPrefix: "/media" }), mediaRoot };
}
