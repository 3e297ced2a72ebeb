import { inArray, sql } from "drizzle-orm";
import { IMAGE_WIDTHS, imageKey } from "../../core/images";
import type { Database } from "../db/client";
import { mediaUpload } from "../db/schema";
import type { Logger } from "../logger";
import type { Storage } from "../storage/storage";

/**
 * Deletes the stored variants of each image that nothing uses any more: no product or colour shows it, no
 * past order keeps it in its item snapshot, and no fresh upload waits to be attached (image ids are
 * content-addressed, so the same file uploaded again has the same id). Returns the ids deleted.
 * A storage failure is logged and leaves that image behind; it never fails the caller.
 */
export async function deleteUnusedImages(options: {
  db: Database;
  storage: Storage;
  log: Pick<Logger, "error">;
  imageIds: readonly string[];
  /**
   * Also forget these images' fresh-upload rows first: the admin removed an upload from the
   * product dialog before saving. An image already on a product is kept all the same.
   */
  discardUploads?: boolean;
}): Promise<string[]> {
  const { db, storage, log } = options;
  const candidates = [...new Set(options.imageIds)];
  if (candidates.length === 0) return [];
  if (options.discardUploads) await db.delete(mediaUpload).where(inArray(mediaUpload.imageId, candidates));
  const ids = sql.join(
    candidates.map((id) => sql`${id}`),
    sql`, `,
  );
  // both drivers return { rows }
  const result = (await db.execute(sql`
    select candidate.id
    from unnest(array[${ids}]::text[]) as candidate(id)
    where not exists (select 1 from product where candidate.id = any(product.images))
      and not exists (select 1 from product_color where candidate.id = any(product_color.images))
      and not exists (select 1 from order_item where order_item.product_image = candidate.id)
      and not exists (select 1 from media_upload where media_upload.image_id = candidate.id)
  `)) as unknown as { rows: { id: string }[] };
  const unused = result.rows.map((row) => row.id);
  const deleted: string[] = [];
  for (const imageId of unused) {
    try {
      await Promise.all(IMAGE_WIDTHS.map((width) => storage.delete(imageKey(imageId, width))));
      deleted.push(imageId);
    } catch (err) {
      log.error({ err, imageId }, "could not delete an unused image from storage");
    }
  }
  return deleted;
}
