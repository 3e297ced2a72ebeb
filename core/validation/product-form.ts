// The admin product form's rules with the spec's exact messages (docs/SPEC.md#product-save). Used by the
// browser for instant feedback and by the server, which decides.

import { parseUsdToCents } from "../money";

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
export const MAX_PRICE_CENTS = 100_000_000;
export const MAX_STOCK = 1_000_000;

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

/** The form as typed: every field a string, images in their order (the first is the card image). */
export interface ProductFormInput {
  name: string;
  price: string;
  description: string;
  category: string;
  stock: string;
  featured: boolean;
  images: string[];
}

/** A product as saved: trimmed, money in cents, empty optional texts as null. */
export interface ProductInput {
  name: string;
  priceCents: number;
  description: string | null;
  category: string | null;
  stock: number;
  featured: boolean;
  images: string[];
}

export type ProductFormResult = { ok: true; value: ProductInput } | { ok: false; message: string };

/** Checks the form in the order the spec lists its rules; the first problem wins. */
export function parseProductForm(input: ProductFormInput): ProductFormResult {
  const name = input.name.trim();
  const price = input.price.trim();
  if (!name || !price) return { ok: false, message: productMessages.nameAndPriceRequired };
  if (name.length > MAX_PRODUCT_NAME_LENGTH) return { ok: false, message: productMessages.nameTooLong };
  // a number field may hand over ".5"
  const priceCents = parseUsdToCents(price.startsWith(".") ? `0${price}` : price);
  if (priceCents === null || priceCents > MAX_PRICE_CENTS)
    return { ok: false, message: productMessages.invalidPrice };
  const stockText = input.stock.trim();
  const stock = stockText === "" ? 0 : Number(stockText);
  if (!/^\d*$/.test(stockText) || !Number.isSafeInteger(stock) || stock > MAX_STOCK)
    return { ok: false, message: productMessages.invalidStock };
  const description = input.description.trim();
  if (description.length > MAX_PRODUCT_DESCRIPTION_LENGTH)
    return { ok: false, message: productMessages.descriptionTooLong };
  const category = input.category.trim();
  if (category.length > MAX_PRODUCT_CATEGORY_LENGTH)
    return { ok: false, message: productMessages.categoryTooLong };
  const images = input.images.map((image) => image.trim()).filter(Boolean);
  if (images.length > MAX_PRODUCT_IMAGES) return { ok: false, message: productMessages.tooManyImages };
  if (new Set(images).size !== images.length) return { ok: false, message: productMessages.duplicateImage };
  return {
    ok: true,
    value: {
      name,
      priceCents,
      description: description || null,
      category: category || null,
      stock,
      featured: input.featured,
      images,
    },
  };
}

/** Reads the product form's fields from submitted form data. */
export function readProductForm(form: FormData): ProductFormInput {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    price: text("price"),
    description: text("description"),
    category: text("category"),
    stock: text("stock"),
    featured: form.get("featured") === "on",
    images: form.getAll("images").filter((value): value is string => typeof value === "string"),
  };
}

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
