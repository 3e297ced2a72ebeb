import type { Config } from "../config";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

/**
 * The configured storage, and the folder the HTTP layer serves at /media when it is local.
 * With S3 configured there is no mediaRoot: the browser loads images from S3_PUBLIC_URL.
 */
export function createStorage(config: Pick<Config, "media" | "s3">): {
  storage: Storage;
  mediaRoot?: string;
} {
  if (config.s3) return { storage: createS3Storage(config.s3) };
  const mediaRoot = config.media.dir;
  return { storage: createLocalStorage({ root: mediaRoot, urlPrefix: "/media" }), mediaRoot };
}

/** One line for the start-up log: where product images are kept, and who else can see them. */
export function describeImageStorage(config: Pick<Config, "media" | "s3">): string {
  if (config.s3) return `images on S3: bucket ${config.s3.bucket}, served from ${config.s3.publicUrl}`;
  if (config.media.shared) return `images in the shared folder ${config.media.dir}`;
  return `images in ${config.media.dir}, on this machine only (set S3_BUCKET or MEDIA_SHARED_DIR for several machines)`;
}
