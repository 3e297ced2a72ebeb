import type { ResponsiveImage } from "../../core/images";
import { MAX_IMAGE_BYTES, productMessages } from "../../core/validation/product-form";
import { AppError } from "../app-error";
import { toResponsiveImage } from "../catalog/product-view";
import type { Database } from "../db/client";
import { mediaUpload } from "../db/schema";
import type { Storage } from "../storage/storage";
import { loadSharp, storeImage } from "./store-image";

/** What a browser may upload: sharp's name for the decoded format, never the file's claim. */
const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp"]);
/**
 * A 5MB PNG of one colour can claim 16k × 16k pixels: refuse pixel bombs before decoding them.
 * 50 megapixels is above what phone cameras write into a 5MB JPEG.
 */
const MAX_INPUT_PIXELS = 50_000_000;
const MAX_FILE_NAME_LENGTH = 120;

export interface UploadedImage {
  imageId: string;
  image: ResponsiveImage;
}

/** The file's name as the admin knows it, safe to show in a message (no path, no control characters). */
export function displayFileName(raw: string | null): string {
  let name = raw ?? "";
  try {
    name = decodeURIComponent(name);
  } catch {
    // not URI-encoded: keep it as sent
  }
  // no control characters (they could forge log lines or confuse a toast), no folders
  name = [...name]
    .filter((character) => {
      const code = character.charCodeAt(0);
      return code >= 0x20 && code !== 0x7f;
    })
    .join("")
    .replace(/^.*[\\/]/, "")
    .trim();
  if (name.length > MAX_FILE_NAME_LENGTH) name = `${name.slice(0, MAX_FILE_NAME_LENGTH - 1)}…`;
  return name || "File";
}

/**
 * Stores one image an admin uploaded as the raw request body. The body is read as a stream and
 * given up past 5MB, so a large or endless upload never sits in memory; nothing is written until
 * sharp has decoded the whole file as a PNG, JPEG or WebP. Storage gets metadata-free WebP
 * variants under a content-addressed name (server/media/store-image.ts), and a media_upload row
 * marks the image as unattached until a product is saved with it (or the sweeper removes it).
 */
export async function uploadImage(options: {
  db: Database;
  storage: Storage;
  body: ReadableStream<Uint8Array> | null;
  /** The Content-Length header, if the client sent one. */
  contentLength: string | null;
  fileName: string;
  uploadedBy: string;
}): Promise<UploadedImage> {
  const { db, storage, fileName } = options;
  const tooLarge = () => new AppError("image_too_large", productMessages.tooLarge(fileName), 413);
  const notAnImage = (cause?: unknown) =>
    new AppError("image_invalid", productMessages.notAnImage(fileName), 415, { cause });

  // refuse a declared oversize body before reading a byte of it
  const declared = options.contentLength === null ? null : Number(options.contentLength);
  if (declared !== null && Number.isFinite(declared) && declared > MAX_IMAGE_BYTES) throw tooLarge();

  const input = await readAtMost(options.body, MAX_IMAGE_BYTES);
  if (input === "too-large") throw tooLarge();
  if (input.length === 0) throw notAnImage();

  const sharp = await loadSharp();
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format ?? "unknown"}`);
    // the header can be fine while the pixels are not (a truncated file): decode every row
    await image.resize(32, 32, { fit: "inside" }).raw().toBuffer();
  } catch (error) {
    throw notAnImage(error);
  }

  const imageId = await storeImage({ storage, input });
  // the same bytes uploaded again: the row is refreshed so the sweeper gives it a new 24 hours
  await db
    .insert(mediaUpload)
    .values({ imageId, uploadedBy: options.uploadedBy })
    .onConflictDoUpdate({
      target: mediaUpload.imageId,
      set: { createdAt: new Date(), uploadedBy: options.uploadedBy },
    });
  return { imageId, image: toResponsiveImage(storage, imageId) };
}

/** The whole body, or "too-large" as soon as it passes `limit` bytes (the rest is never read). */
async function readAtMost(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Buffer | "too-large"> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // stop reading without destroying the connection, so the client still gets the 413; Node
      // discards whatever else it sends once the response is finished
      reader.releaseLock();
      return "too-large";
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
