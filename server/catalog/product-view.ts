import { IMAGE_WIDTHS, imageKey, type ResponsiveImage } from "../../core/images";
import type { ProductView, SizedProductView } from "../../core/product";
import type { Product, ProductColor, ProductVariant } from "../db/schema";
import type { Storage } from "../storage/storage";
import { toColorView } from "./product-colors";
import type { ProductPricing } from "./product-prices";
import { toSizeView } from "./product-sizes";

export function toResponsiveImage(storage: Storage, imageId: string): ResponsiveImage {
  const urls = IMAGE_WIDTHS.map((width) => ({ width, url: storage.publicUrl(imageKey(imageId, width)) }));
  return {
    src: urls[1]?.url ?? urls[0]!.url,
    srcSet: urls.map(({ width, url }) => `${url} ${width}w`).join(", "),
  };
}

/**
 * What the browser may see of a product, with image URLs resolved, at the price in force
 * (loadProductPricing).
 */
export function toProductView(storage: Storage, product: Product, pricing: ProductPricing): ProductView {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    priceCents: pricing.priceCents,
    sale: pricing.sale,
    stock: product.stock,
    category: product.category,
    featured: product.featured,
    finalSale: product.finalSale,
    images: product.images.map((imageId) => toResponsiveImage(storage, imageId)),
  };
}

/** What a product card reads; the shop's grid sends only this, with the first image alone. */
export type ProductCardView = Pick<
  ProductView,
  "id" | "name" | "priceCents" | "sale" | "stock" | "category" | "images"
>;

/** What a product card shows (the shop's grid), from the few columns the shop selects. */
export function toProductCardView(
  storage: Storage,
  row: Pick<Product, "id" | "name" | "stock" | "category" | "images">,
  pricing: ProductPricing,
): ProductCardView {
  return {
    id: row.id,
    name: row.name,
    priceCents: pricing.priceCents,
    sale: pricing.sale,
    stock: row.stock,
    category: row.category,
    images: row.images.map((imageId) => toResponsiveImage(storage, imageId)),
  };
}

/** What a size's view reads of its row. */
export type SizeRow = Pick<ProductVariant, "id" | "productId" | "colorId" | "size" | "skuSuffix" | "stock">;

/** What a colour's view reads of its row. */
export type ColorRow = Pick<ProductColor, "id" | "name" | "slug" | "swatch" | "images">;

/**
 * A product with its sizes and colours on sale (the product page, the cart's refresh). A size of a
 * retired colour is left out with its colour.
 */
export function toSizedProductView(
  storage: Storage,
  product: Product,
  sizes: readonly SizeRow[],
  colors: readonly ColorRow[],
  pricing: ProductPricing,
): SizedProductView {
  const onSale = new Set(colors.map((color) => color.id));
  return {
    ...toProductView(storage, product, pricing),
    sizes: sizes.filter((size) => size.colorId === null || onSale.has(size.colorId)).map(toSizeView),
    colors: colors.map((color) => toColorView(storage, color)),
  };
}
