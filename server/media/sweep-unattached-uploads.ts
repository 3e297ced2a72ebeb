import { and, inArray, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { mediaUpload } from "../db/schema";
import type { Logger } from "../logger";
import type { Storage } from "../storage/storage";
import { deleteUnusedImages } from "./delete-image";

const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets uploads that were never attached to a product within `olderThanMs` (24 hours) and deletes
 * their stored variants, unless a product or a past order uses the same image. Works in batches of
 * `batchSize` until none is left. Safe to run in several processes at once: each row is claimed by
 * the DELETE that removes it, and a product save attaching an upload locks its row first.
 */
export async function sweepUnattachedUploads(options: {
  db: Database;
  storage: Storage;
  log: Pick<Logger, "error">;
  olderThanMs?: number;
  now?: Date;
  batchSize?: number;
}): Promise<{ forgotten: number; deleted: number }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.olderThanMs ?? UNATTACHED_UPLOAD_TTL_MS));
  const batchSize = options.batchSize ?? 200;
  let forgotten = 0;
  let deleted = 0;
  for (;;) {
    const due = await db
      .select({ imageId: mediaUpload.imageId })
      .from(mediaUpload)
      .where(lt(mediaUpload.createdAt, cutoff))
      .orderBy(mediaUpload.createdAt)
      .limit(batchSize);
    if (due.length === 0) break;
    // only the rows this DELETE removed are ours: another sweeper or a save may have taken some,
    // and a row refreshed by a new upload of the same file since the select is not due any more
    const claimed = await db
      .delete(mediaUpload)
      .where(
        and(
          inArray(
            mediaUpload.imageId,
            due.map((row) => row.imageId),
          ),
          lt(mediaUpload.createdAt, cutoff),
        ),
      )
      .returning({ imageId: mediaUpload.imageId });
    forgotten += claimed.length;
    const removed = await deleteUnusedImages({ ...options, imageIds: claimed.map((row) => row.imageId) });
    deleted += removed.length;
    if (due.length < batchSize) break;
  }
  return { forgotten, deleted };
}
