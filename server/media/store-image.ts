import { createHash } from "node:crypto";
import { IMAGE_ASPECT, IMAGE_WIDTHS, imageKey } from "../../core/images";
import type { Storage } from "../storage/storage";

/**
 * sharp, loaded with the first image a process handles: libvips and its threads hold about 25 MiB
 * that a store serving pages never needs (docs/PERFORMANCE.md, "Memory").
 */
export const loadSharp = () => import("sharp").then((module) => module.default);

/**
 * Re-encodes an image to WebP at every width and stores the variants under a content-addressed
 * id. Re-encoding drops all metadata (EXIF, GPS) and proves the bytes decode as an image.
 * Returns the image id kept in `product.images`.
 */
export async function storeImage(options: { storage: Storage; input: Buffer }): Promise<string> {
  const { storage, input } = options;
  const imageId = createHash("sha256").update(input).digest("hex").slice(0, 24);
  const heightFor = (width: number) => Math.round((width * IMAGE_ASPECT.height) / IMAGE_ASPECT.width);
  const largest = Math.max(...IMAGE_WIDTHS);
  const sharp = await loadSharp();
  // decode (and crop) once, then derive every width from the raw pixels
  const { data, info } = await sharp(input)
    .rotate() // honour EXIF orientation before the metadata is dropped
    .resize({ width: largest, height: heightFor(largest), fit: "cover" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  await Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      const body = await sharp(data, { raw })
        .resize({ width, height: heightFor(width), fit: "cover" })
        .webp({ quality: 78 })
        .toBuffer();
      await storage.put(imageKey(imageId, width), body, "image/webp");
    }),
  );
  return imageId;
}
