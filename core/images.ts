// Product images are stored once per upload as WebP variants at fixed widths, under a
// content-addressed id, so their URLs never change meaning and can be cached forever.
export const IMAGE_WIDTHS = [320, 640, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Portrait 4:5, the usual apparel crop. */
export const IMAGE_ASPECT = { width: 4, height: 5 } as const;

export function imageKey(imageId: string, width: ImageWidth): string {
  return `products/${imageId}-${width}.webp`;
}

export interface ResponsiveImage {
  src: string;
  srcSet: string;
}
