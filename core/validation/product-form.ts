// The admin product form's schema with the spec's exact messages (docs/SPEC.md#product-save, docs/SPEC.md#messages). Used by the
// browser for instant feedback and by the server, which decides.
import { z } from "zod";
import { parseUsdToCents } from "../money";
import { checkbox, optionalText, requiredText, textList } from "./form-schema";

export const MAX_PRODUCT_IMAGES = 5;
/** 5MB, as the spec says (binary megabytes, like the original uploader). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Formats the server accepts; anything else, SVG included, is refused. */
export const ACCEPTED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
export const MAX_PRODUCT_NAME_LENGTH = 200;
export const MAX_PRODUCT_DESCRIPTION_LENGTH = 5000;
export const MAX_PRODUCT_CATEGORY_LENGTH = 60;
/** Keeps a typo from making a price nobody meant ($1,000,000.00 and more). */
const MAX_PRICE_CENTS = 100_000_000;
const MAX_STOCK = 1_000_000;

export const productMessages = {
  nameAndPriceRequired: "Name and price are required",
  invalidPrice: "Price must be a number of at least 0 with at most 2 decimals",
  invalidStock: "Stock must be a whole number of at least 0",
  nameTooLong: `Product name must be at most ${MAX_PRODUCT_NAME_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${MAX_PRODUCT_DESCRIPTION_LENGTH} characters`,
  categoryTooLong: `Category must be at most ${MAX_PRODUCT_CATEGORY_LENGTH} characters`,
  tooManyImages: `You can only upload up to ${MAX_PRODUCT_IMAGES} images`,
  unknownImage: "An image is no longer available. Please upload it again.",
  duplicateImage: "Each image can be added only once",
  notAnImage: (file: string) => `${file} is not a valid image file`,
  tooLarge: (file: string) => `${file} is too large. Max size is 5MB`,
  added: "Product added successfully",
  updated: "Product updated successfully",
  deleted: "Product deleted successfully",
  notFound: "Product not found",
  saveFailed: "Failed to save product",
  deleteFailed: "Failed to delete product",
  loadFailed: "Failed to load products",
  confirmDelete: "Are you sure you want to delete this product?",
  uploaded: (count: number) => `Successfully uploaded ${count} image(s)`,
  uploadFailed: "Failed to upload some images",
  imageRemoved: "Image removed successfully",
  removeFailed: "Failed to remove image",
} as const;

/** Stage 1: "Name and price are required" wins over every other problem. */
const productFormFields = z.object({
  name: requiredText(productMessages.nameAndPriceRequired),
  price: requiredText(productMessages.nameAndPriceRequired),
  stock: optionalText,
  description: optionalText,
  category: optionalText,
  featured: checkbox,
  images: textList,
});

/**
 * The admin product form (docs/SPEC.md#product-save): a product as saved, trimmed, money in cents, empty
 * optional texts as null, images in their order (the first is the card image).
 */
export const productFormSchema = productFormFields
  .pipe(
    z.object({
      name: z.string().max(MAX_PRODUCT_NAME_LENGTH, productMessages.nameTooLong),
      // a number field may hand over ".5"
      price: z
        .string()
        .transform((price) => parseUsdToCents(price.startsWith(".") ? `0${price}` : price))
        .pipe(
          z
            .number({ error: productMessages.invalidPrice })
            .max(MAX_PRICE_CENTS, productMessages.invalidPrice),
        ),
      stock: z
        .string()
        .regex(/^\d*$/, productMessages.invalidStock)
        .transform(Number)
        .pipe(z.number().max(MAX_STOCK, productMessages.invalidStock)),
      description: z
        .string()
        .max(MAX_PRODUCT_DESCRIPTION_LENGTH, productMessages.descriptionTooLong)
        .transform((text) => text || null),
      category: z
        .string()
        .max(MAX_PRODUCT_CATEGORY_LENGTH, productMessages.categoryTooLong)
        .transform((text) => text || null),
      featured: z.boolean(),
      images: z
        .array(z.string().trim())
        .transform((ids) => ids.filter(Boolean))
        .refine((ids) => ids.length <= MAX_PRODUCT_IMAGES, productMessages.tooManyImages)
        .refine((ids) => new Set(ids).size === ids.length, productMessages.duplicateImage),
    }),
  )
  .transform(({ price, ...product }) => ({ ...product, priceCents: price }));

/** A product as saved. */
export type ProductInput = z.output<typeof productFormSchema>;

/**
 * The browser's early check of a chosen file, so an admin is not kept waiting for an upload the
 * server would refuse. The server decodes every file and has the last word.
 */
export function checkImageFile(file: { name: string; size: number; type: string }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
    return productMessages.notAnImage(file.name);
  if (file.size > MAX_IMAGE_BYTES) return productMessages.tooLarge(file.name);
  return null;
}

/** Dollars for the price field, from cents ("12.50"). */
export function centsToPriceField(cents: number): string {
  return (cents / 100).toFixed(2);
}
