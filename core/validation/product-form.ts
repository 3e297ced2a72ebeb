// The admin product form's schema with the spec's exact messages (docs/SPEC.md#product-save, docs/SPEC.md#messages). Used by the
// browser for instant feedback and by the server, which decides.
import { z } from "zod";
import { parseAmountToCents } from "../money";
import { colorSlug } from "../product";
import { isElectronicAddress } from "../product-safety";
import { checkbox, optionalText, requiredText, textList } from "./form-schema";
import { saleFormFields, salePriceProblem, saleSchema } from "./sale-form";

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
export const MAX_PRODUCT_SIZES = 20;
export const MAX_SIZE_LENGTH = 20;
export const MAX_SKU_SUFFIX_LENGTH = 20;
export const MAX_PRODUCT_COLORS = 10;
export const MAX_COLOR_NAME_LENGTH = 30;
/** Product safety texts (core/product-safety.ts): room for a real address or label, not for a novel. */
export const MAX_MANUFACTURER_NAME_LENGTH = 200;
export const MAX_MANUFACTURER_ADDRESS_LENGTH = 500;
export const MAX_MANUFACTURER_CONTACT_LENGTH = 254;
export const MAX_EU_RESPONSIBLE_PERSON_LENGTH = 1000;
export const MAX_COMPOSITION_LENGTH = 500;
export const MAX_CARE_INSTRUCTIONS_LENGTH = 1000;
export const MAX_SAFETY_WARNINGS_LENGTH = 2000;

export const productMessages = {
  nameAndPriceRequired: "Name and price are required",
  invalidPrice: "Price must be a number of at least 0 with at most 2 decimals",
  invalidStock: "Stock must be a whole number of at least 0",
  sizeRequired: "Add at least one size",
  sizeNameRequired: "Please name every size",
  sizeTooLong: `A size must be at most ${MAX_SIZE_LENGTH} characters`,
  duplicateSize: "Each size can be listed only once",
  tooManySizes: `A product can have at most ${MAX_PRODUCT_SIZES} sizes`,
  invalidSkuSuffix: `A SKU suffix may use letters, digits and hyphens, at most ${MAX_SKU_SUFFIX_LENGTH}`,
  unknownSize: "A size was changed by someone else. Please reload and try again.",
  colorNameRequired: "Please name every colour",
  colorNameTooLong: `A colour name must be at most ${MAX_COLOR_NAME_LENGTH} characters`,
  colorNameWithoutLetter: "A colour name needs at least one letter or digit",
  duplicateColor: "Each colour can be listed only once",
  invalidSwatch: "A swatch must be a colour code like #1f2a44, or left empty",
  tooManyColors: `A product can have at most ${MAX_PRODUCT_COLORS} colours`,
  sizesBesideColors: "A product with colours has its sizes in each colour",
  unknownColor: "A colour was changed by someone else. Please reload and try again.",
  unreadableColors: "The colours could not be read. Please reload and try again.",
  /** A problem of one colour, named by the colour: "Black: Add at least one size". */
  ofColor: (color: string, problem: string) => `${color}: ${problem}`,
  nameTooLong: `Product name must be at most ${MAX_PRODUCT_NAME_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${MAX_PRODUCT_DESCRIPTION_LENGTH} characters`,
  categoryTooLong: `Category must be at most ${MAX_PRODUCT_CATEGORY_LENGTH} characters`,
  manufacturerNameTooLong: `Manufacturer name must be at most ${MAX_MANUFACTURER_NAME_LENGTH} characters`,
  manufacturerAddressTooLong: `Manufacturer postal address must be at most ${MAX_MANUFACTURER_ADDRESS_LENGTH} characters`,
  manufacturerContactTooLong: `Manufacturer e-mail or web address must be at most ${MAX_MANUFACTURER_CONTACT_LENGTH} characters`,
  invalidManufacturerContact:
    "Manufacturer e-mail or web address must be an e-mail address (name@example.com) or a web address (example.com)",
  manufacturerIncomplete:
    "Give the manufacturer's name, postal address and e-mail or web address, or leave all three empty if the product is your own brand",
  euResponsiblePersonTooLong: `EU responsible person must be at most ${MAX_EU_RESPONSIBLE_PERSON_LENGTH} characters`,
  euResponsiblePersonWithoutManufacturer:
    "An EU responsible person is given only for an outside manufacturer: fill in the manufacturer too, or leave it empty",
  compositionTooLong: `Composition must be at most ${MAX_COMPOSITION_LENGTH} characters`,
  careInstructionsTooLong: `Care instructions must be at most ${MAX_CARE_INSTRUCTIONS_LENGTH} characters`,
  safetyWarningsTooLong: `Safety warnings must be at most ${MAX_SAFETY_WARNINGS_LENGTH} characters`,
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
  // the sizes' rows, one entry per row in each list (docs/ARCHITECTURE.md#sizes)
  sizeId: textList,
  sizeLabel: textList,
  sizeStock: textList,
  sizeSku: textList,
  // the colours' editor, as JSON: [{ id, name, swatch, images, sizes: [{ id, size, stock, skuSuffix }] }]
  colors: optionalText,
  description: optionalText,
  category: optionalText,
  featured: checkbox,
  finalSale: checkbox,
  images: textList,
  manufacturerName: optionalText,
  manufacturerAddress: optionalText,
  manufacturerEmail: optionalText,
  euResponsiblePerson: optionalText,
  composition: optionalText,
  careInstructions: optionalText,
  safetyWarnings: optionalText,
  ...saleFormFields,
});

/** An optional text of at most `max` characters; empty is null. */
const optionalLimited = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .transform((text) => text || null);

/**
 * The product safety group (GPSR Art. 19, core/product-safety.ts). The manufacturer is named in
 * full or not at all: a name without an address would show a consumer nobody to write to, and an
 * empty manufacturer means the shop's own brand, shown with the seller's details.
 */
const productSafetyFields = z
  .object({
    manufacturerName: optionalLimited(MAX_MANUFACTURER_NAME_LENGTH, productMessages.manufacturerNameTooLong),
    manufacturerAddress: optionalLimited(
      MAX_MANUFACTURER_ADDRESS_LENGTH,
      productMessages.manufacturerAddressTooLong,
    ),
    manufacturerEmail: optionalLimited(
      MAX_MANUFACTURER_CONTACT_LENGTH,
      productMessages.manufacturerContactTooLong,
    ).refine(
      (contact) => contact === null || isElectronicAddress(contact),
      productMessages.invalidManufacturerContact,
    ),
    euResponsiblePerson: optionalLimited(
      MAX_EU_RESPONSIBLE_PERSON_LENGTH,
      productMessages.euResponsiblePersonTooLong,
    ),
    composition: optionalLimited(MAX_COMPOSITION_LENGTH, productMessages.compositionTooLong),
    careInstructions: optionalLimited(MAX_CARE_INSTRUCTIONS_LENGTH, productMessages.careInstructionsTooLong),
    safetyWarnings: optionalLimited(MAX_SAFETY_WARNINGS_LENGTH, productMessages.safetyWarningsTooLong),
  })
  .superRefine((safety, context) => {
    const given = [safety.manufacturerName, safety.manufacturerAddress, safety.manufacturerEmail];
    const missing = (["manufacturerName", "manufacturerAddress", "manufacturerEmail"] as const).find(
      (field) => safety[field] === null,
    );
    if (missing && given.some((value) => value !== null)) {
      context.addIssue({ code: "custom", path: [missing], message: productMessages.manufacturerIncomplete });
    } else if (safety.manufacturerName === null && safety.euResponsiblePerson !== null) {
      context.addIssue({
        code: "custom",
        path: ["euResponsiblePerson"],
        message: productMessages.euResponsiblePersonWithoutManufacturer,
      });
    }
  });

const stockField = z
  .string()
  .trim()
  .regex(/^\d*$/, productMessages.invalidStock)
  .transform(Number)
  .pipe(z.number().max(MAX_STOCK, productMessages.invalidStock));

const sizeRow = z.object({
  /** The size's variant id when it exists already; null for a new size. */
  id: z
    .string()
    .trim()
    .transform((id) => id || null),
  size: z
    .string()
    .trim()
    .min(1, productMessages.sizeNameRequired)
    .max(MAX_SIZE_LENGTH, productMessages.sizeTooLong),
  stock: stockField,
  skuSuffix: z
    .string()
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9-]{0,${MAX_SKU_SUFFIX_LENGTH}}$`), productMessages.invalidSkuSuffix)
    .transform((suffix) => suffix.toUpperCase() || null),
});

/** A product's sizes, or one colour's: at least one, each listed once. */
const sizeRows = z
  .array(sizeRow)
  .min(1, productMessages.sizeRequired)
  .max(MAX_PRODUCT_SIZES, productMessages.tooManySizes)
  .refine(
    (sizes) => new Set(sizes.map((row) => row.size.toLowerCase())).size === sizes.length,
    productMessages.duplicateSize,
  );

/** The rows of the sizes editor, from its parallel lists, in display order. */
const sizeLists = z
  .object({
    sizeId: z.array(z.string()),
    sizeLabel: z.array(z.string()),
    sizeStock: z.array(z.string()),
    sizeSku: z.array(z.string()),
  })
  .transform(({ sizeId, sizeLabel, sizeStock, sizeSku }) =>
    sizeLabel.map((size, index) => ({
      id: sizeId[index] ?? "",
      size,
      stock: sizeStock[index] ?? "",
      skuSuffix: sizeSku[index] ?? "",
    })),
  );

const textOf = z.string().catch("");

/** One colour of the colours' editor (docs/ARCHITECTURE.md#colours); the slug follows from the name. */
const colorRow = z
  .object({
    id: textOf.transform((id) => id.trim() || null),
    name: z
      .string()
      .trim()
      .min(1, productMessages.colorNameRequired)
      .max(MAX_COLOR_NAME_LENGTH, productMessages.colorNameTooLong)
      .refine((name) => colorSlug(name) !== "", productMessages.colorNameWithoutLetter),
    swatch: textOf
      .transform((swatch) => swatch.trim().toLowerCase())
      .refine((swatch) => swatch === "" || /^#[0-9a-f]{6}$/.test(swatch), productMessages.invalidSwatch)
      .transform((swatch) => swatch || null),
    // the colour's pictures in their order; the first is its card image
    images: z
      .array(z.string().trim())
      .catch([])
      .transform((ids) => ids.filter(Boolean))
      .refine((ids) => ids.length <= MAX_PRODUCT_IMAGES, productMessages.tooManyImages)
      .refine((ids) => new Set(ids).size === ids.length, productMessages.duplicateImage),
    sizes: z
      .array(z.object({ id: textOf, size: textOf, stock: textOf, skuSuffix: textOf }))
      .catch([])
      .pipe(sizeRows),
  })
  .transform((color) => ({ ...color, slug: colorSlug(color.name) }));

export type ColorInput = z.output<typeof colorRow>;

/** The colours' JSON: a list, or nothing (a product without colours). */
function readColors(json: string): unknown[] | null {
  if (json === "") return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The product's variants: its sizes, or, for a product with colours, each colour with its own
 * sizes. The first problem wins, and a colour's problem names the colour.
 */
const variantsField = z
  .object({ sizes: sizeLists, colors: z.string() })
  .transform(({ sizes, colors: json }, context) => {
    const rows = readColors(json);
    if (rows === null) {
      context.addIssue({ code: "custom", message: productMessages.unreadableColors });
      return z.NEVER;
    }
    if (rows.length === 0) {
      const parsed = sizeRows.safeParse(sizes);
      if (!parsed.success) {
        context.addIssue({
          code: "custom",
          message: parsed.error.issues[0]?.message ?? productMessages.sizeRequired,
        });
        return z.NEVER;
      }
      return { sizes: parsed.data, colors: [] as ColorInput[] };
    }
    const problem = (message: string) => {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (sizes.length > 0) return problem(productMessages.sizesBesideColors);
    if (rows.length > MAX_PRODUCT_COLORS) return problem(productMessages.tooManyColors);
    const colors: ColorInput[] = [];
    for (const [index, row] of rows.entries()) {
      const parsed = colorRow.safeParse(row);
      if (!parsed.success) {
        const name =
          typeof (row as { name?: unknown })?.name === "string" ? (row as { name: string }).name.trim() : "";
        const message = parsed.error.issues[0]?.message ?? productMessages.unreadableColors;
        return problem(productMessages.ofColor(name || `Colour ${index + 1}`, message));
      }
      colors.push(parsed.data);
    }
    if (new Set(colors.map((color) => color.slug)).size !== colors.length)
      return problem(productMessages.duplicateColor);
    return { sizes: [], colors };
  });

/**
 * The admin product form (docs/SPEC.md#product-save): a product as saved, trimmed, money in cents, empty
 * optional texts as null, images in their order (the first is the card image), sizes in their order.
 */
export const productFormSchema = productFormFields
  .transform(
    ({
      sizeId,
      sizeLabel,
      sizeStock,
      sizeSku,
      colors,
      manufacturerName,
      manufacturerAddress,
      manufacturerEmail,
      euResponsiblePerson,
      composition,
      careInstructions,
      safetyWarnings,
      salePrice,
      saleStartsAt,
      saleEndsAt,
      ...product
    }) => ({
      ...product,
      variants: { sizes: { sizeId, sizeLabel, sizeStock, sizeSku }, colors },
      sale: { salePrice, saleStartsAt, saleEndsAt },
      safety: {
        manufacturerName,
        manufacturerAddress,
        manufacturerEmail,
        euResponsiblePerson,
        composition,
        careInstructions,
        safetyWarnings,
      },
    }),
  )
  .pipe(
    z.object({
      name: z.string().max(MAX_PRODUCT_NAME_LENGTH, productMessages.nameTooLong),
      // a number field may hand over ".5"
      price: z
        .string()
        .transform((price) => parseAmountToCents(price.startsWith(".") ? `0${price}` : price))
        .pipe(
          z
            .number({ error: productMessages.invalidPrice })
            .max(MAX_PRICE_CENTS, productMessages.invalidPrice),
        ),
      variants: variantsField,
      description: z
        .string()
        .max(MAX_PRODUCT_DESCRIPTION_LENGTH, productMessages.descriptionTooLong)
        .transform((text) => text || null),
      category: z
        .string()
        .max(MAX_PRODUCT_CATEGORY_LENGTH, productMessages.categoryTooLong)
        .transform((text) => text || null),
      featured: z.boolean(),
      /** Final sale: customers cannot return it (docs/RETURNS.md). */
      finalSale: z.boolean(),
      images: z
        .array(z.string().trim())
        .transform((ids) => ids.filter(Boolean))
        .refine((ids) => ids.length <= MAX_PRODUCT_IMAGES, productMessages.tooManyImages)
        .refine((ids) => new Set(ids).size === ids.length, productMessages.duplicateImage),
      safety: productSafetyFields,
      /** A markdown (docs/PRICING.md#sale-prices); no sale price, no sale. */
      sale: saleSchema,
    }),
  )
  .transform(({ price, safety, variants, sale, ...product }) => ({
    ...product,
    ...variants,
    ...safety,
    ...sale,
    priceCents: price,
  }))
  .superRefine((product, context) => {
    const problem = salePriceProblem(product);
    if (problem) context.addIssue({ code: "custom", path: ["salePrice"], message: problem });
  });

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
