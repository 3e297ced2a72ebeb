import { isUuid } from "./ids";
import type { ResponsiveImage } from "./images";

/** Stock below this shows "Only {n} left". */
export const LOW_STOCK_THRESHOLD = 5;
export const FEATURED_LIMIT = 4;
export const RELATED_LIMIT = 4;
export const SHOP_PAGE_SIZE = 24;

/** The size of a product sold in one size only (accessories). */
export const ONE_SIZE = "One Size";

/** One size of a product on sale, as the browser sees it. */
export interface SizeView {
  /** The variant id: what the cart and the checkout name. */
  id: string;
  label: string;
  stock: number;
  /** The product's SKU with this size's suffix. */
  sku: string;
}

/**
 * A reduction in force, as the shop announces it (docs/PRICING.md#sale-prices): the regular price
 * struck through and the lowest price of the 30 days before the reduction (core/sale-price.ts).
 */
export interface SaleView {
  regularPriceCents: number;
  lowestPriorPriceCents: number;
  /** When the sale ends (ISO 8601), or null when it runs until removed. */
  endsAt: string | null;
}

/** A product as the browser sees it. */
export interface ProductView {
  id: string;
  name: string;
  description: string | null;
  /** What a shopper pays now: the sale price while a sale runs, else the regular price. */
  priceCents: number;
  /** The reduction in force, or null at the regular price. */
  sale: SaleView | null;
  /** The sum of its sizes' stock. */
  stock: number;
  category: string | null;
  featured: boolean;
  /** Final sale: cannot be returned (docs/RETURNS.md). */
  finalSale: boolean;
  images: ResponsiveImage[];
}

/** A product with its sizes on sale, in display order (the product page and the cart). */
export interface SizedProductView extends ProductView {
  sizes: SizeView[];
}

/** "PRD-" plus the first 8 characters of the id in upper case, and "-{suffix}" for a size that has one. */
export function productSku(id: string, sizeSuffix?: string | null): string {
  const sku = `PRD-${id.slice(0, 8).toUpperCase()}`;
  return sizeSuffix ? `${sku}-${sizeSuffix}` : sku;
}

/** A product and size as messages name them: "Hoodie (M)", or the name alone for One Size. */
export function sizedName(name: string, size: string): string {
  return size === ONE_SIZE ? name : `${name} (${size})`;
}

export function isProductId(value: string): boolean {
  return isUuid(value);
}

export const SHOP_SORTS = {
  newest: "Newest",
  "price-asc": "Price: Low to High",
  "price-desc": "Price: High to Low",
} as const;
export type ShopSort = keyof typeof SHOP_SORTS;
