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
  /** The colour this size is of (`ColorView.id`); null for a product without colours. */
  colorId: string | null;
}

/** One colour of a product on sale, with its own pictures (the first is its card image). */
export interface ColorView {
  id: string;
  name: string;
  /** What `?color=` says: the name in lower case, words joined by hyphens. */
  slug: string;
  /** "#1f2a44", or null: the swatch then shows the colour's first picture. */
  swatch: string | null;
  images: ResponsiveImage[];
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
  /** Its colours on sale, in display order; empty for a product without colours. */
  colors: ColorView[];
}

/** "PRD-" plus the first 8 characters of the id in upper case, and "-{suffix}" for a size that has one. */
export function productSku(id: string, sizeSuffix?: string | null): string {
  const sku = `PRD-${id.slice(0, 8).toUpperCase()}`;
  return sizeSuffix ? `${sku}-${sizeSuffix}` : sku;
}

/**
 * A product, colour and size as messages name them: "Hoodie (Black, M)", "Hoodie (M)", "Cap (Black)",
 * or the name alone for One Size without a colour.
 */
export function sizedName(name: string, size: string, color?: string | null): string {
  const parts = [color, size === ONE_SIZE ? null : size].filter(Boolean);
  return parts.length > 0 ? `${name} (${parts.join(", ")})` : name;
}

/** What an order line says of its variant: "Size M", or "Black · Size M" when it has a colour. */
export function variantLabel(size: string, color?: string | null): string {
  return color ? `${color} · Size ${size}` : `Size ${size}`;
}

/** A colour's slug, from its name: "Forest Green" is "forest-green", "Off-White / Cream" is "off-white-cream". */
export function colorSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The colour `?color=` names, or the first colour when it names none (a stale or mistyped link). */
export function chosenColor<T extends { slug: string }>(colors: readonly T[], slug: string | null): T | null {
  return colors.find((color) => color.slug === slug) ?? colors[0] ?? null;
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
