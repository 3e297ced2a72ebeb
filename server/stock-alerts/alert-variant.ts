import { createHash, randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { ONE_SIZE, sizedName } from "../../core/product";
import type { Config } from "../config";
import type { Database, Transaction } from "../db/client";
import { product, productColor, productVariant } from "../db/schema";
import { joinUrl } from "../mail/layout";

/** What the back-in-stock e-mails need from the configuration. */
export type BackInStockMailConfig = Pick<Config, "storeName" | "publicUrl" | "seller">;

/** A size an alert waits for, with what its messages name. */
export interface AlertVariant {
  variantId: string;
  productId: string;
  productName: string;
  size: string;
  /** The colour's name and its `?color=` slug, for a variant that has one. */
  color: { name: string; slug: string } | null;
  stock: number;
  retired: boolean;
}

/** The sizes with their product and colour, by variant id. */
export async function loadAlertVariants(
  db: Database | Transaction,
  variantIds: readonly string[],
): Promise<Map<string, AlertVariant>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({
      variantId: productVariant.id,
      productId: productVariant.productId,
      productName: product.name,
      size: productVariant.size,
      colorName: productColor.name,
      colorSlug: productColor.slug,
      stock: productVariant.stock,
      retiredAt: productVariant.retiredAt,
    })
    .from(productVariant)
    .innerJoin(product, eq(product.id, productVariant.productId))
    .leftJoin(productColor, eq(productColor.id, productVariant.colorId))
    .where(inArray(productVariant.id, [...variantIds]));
  return new Map(
    rows.map((row) => [
      row.variantId,
      {
        variantId: row.variantId,
        productId: row.productId,
        productName: row.productName,
        size: row.size,
        color: row.colorName && row.colorSlug ? { name: row.colorName, slug: row.colorSlug } : null,
        stock: row.stock,
        retired: row.retiredAt !== null,
      },
    ]),
  );
}

/** "Hoodie (M)", "Hoodie (Black, M)", "Tote (Black)"; "Tote" for One Size without a colour. */
export function alertItemName(variant: Pick<AlertVariant, "productName" | "size" | "color">): string {
  if (!variant.color) return sizedName(variant.productName, variant.size);
  const parts = variant.size === ONE_SIZE ? [variant.color.name] : [variant.color.name, variant.size];
  return `${variant.productName} (${parts.join(", ")})`;
}

/** The product page with the size (and colour) chosen: `/products/<id>?size=M&color=black`. */
export function alertProductPath(variant: Pick<AlertVariant, "productId" | "size" | "color">): string {
  const params = new URLSearchParams({ size: variant.size });
  if (variant.color) params.set("color", variant.color.slug);
  return `/products/${variant.productId}?${params}`;
}

export const absoluteUrl = (config: Pick<Config, "publicUrl">, path: string) =>
  joinUrl(config.publicUrl, path);

/** A confirmation token for the link, and the hash the table keeps (as reset links, only the hash is stored). */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashConfirmToken(token) };
}

export function hashConfirmToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
