import type { ResponsiveImage } from "./images";

/** Stock below this shows "Only {n} left". */
export const LOW_STOCK_THRESHOLD = 5;
export const FEATURED_LIMIT = 4;
export const RELATED_LIMIT = 4;
export const SHOP_PAGE_SIZE = 24;

/** A product as the browser sees it. */
export interface ProductView {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  stock: number;
  category: string | null;
  featured: boolean;
  images: ResponsiveImage[];
}

/** "PRD-" plus the first 8 characters of the id in upper case. */
export function productSku(id: string): string {
  return `PRD-${id.slice(0, 8).toUpperCase()}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isProductId(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export const SHOP_SORTS = {
  newest: "Newest",
  "price-asc": "Price: Low to High",
  "price-desc": "Price: High to Low",
} as const;
export type ShopSort = keyof typeof SHOP_SORTS;
