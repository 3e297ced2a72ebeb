import type { ResponsiveImage } from "../../core/images";
import type { ProductSafetyFields } from "../../core/product-safety";
import type { ProductVariant } from "../db/schema";
import type { Storage } from "../storage/storage";
import { listAdminProducts } from "./list-admin-products";
import { listPriceHistory, type PriceHistoryEntry } from "./list-price-history";
import { listProductColors } from "./product-colors";
import { listProductSizes } from "./product-sizes";
import { toResponsiveImage } from "./product-view";

/** A product as the admin screens see it: money in cents, images with their ids and URLs. */
export interface AdminProductView extends ProductSafetyFields {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  /** The sale as saved (running, coming or past), instants as ISO 8601; null price: no sale. */
  salePriceCents: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  /** The latest price changes, newest first (docs/PRICING.md#sale-prices). */
  priceHistory: PriceHistoryEntry[];
  category: string | null;
  /** The sum of its sizes' stock. */
  stock: number;
  /** Its sizes on sale, in order, as the dialog edits them (none when it has colours). */
  sizes: AdminSizeView[];
  /** Its colours on sale, in order, each with its images and sizes (docs/ARCHITECTURE.md#colours). */
  colors: {
    id: string;
    name: string;
    swatch: string | null;
    images: (ResponsiveImage & { id: string })[];
    sizes: AdminSizeView[];
  }[];
  featured: boolean;
  /** Final sale: customers cannot return it. */
  finalSale: boolean;
  images: (ResponsiveImage & { id: string })[];
}

type AdminSizeView = { id: string; size: string; stock: number; skuSuffix: string | null };

const toAdminSize = ({ id, size, stock, skuSuffix }: ProductVariant): AdminSizeView => ({
  id,
  size,
  stock,
  skuSuffix,
});

/** One page of the admin's product list (listAdminProducts), shaped for the screen. */
export async function listAdminProductViews(
  options: Parameters<typeof listAdminProducts>[0] & { storage: Storage },
) {
  const result = await listAdminProducts(options);
  const productIds = result.products.map((row) => row.id);
  const [sizes, colors, history] = await Promise.all([
    listProductSizes({ db: options.db, productIds }),
    listProductColors({ db: options.db, productIds }),
    listPriceHistory({ db: options.db, productIds }),
  ]);
  const image = (id: string) => ({ id, ...toResponsiveImage(options.storage, id) });
  const products = result.products.map(
    (row): AdminProductView => ({
      id: row.id,
      name: row.name,
      description: row.description,
      priceCents: row.priceCents,
      salePriceCents: row.salePriceCents,
      saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
      saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
      priceHistory: history.get(row.id) ?? [],
      category: row.category,
      stock: row.stock,
      sizes: (sizes.get(row.id) ?? []).filter((size) => size.colorId === null).map(toAdminSize),
      colors: (colors.get(row.id) ?? []).map((color) => ({
        id: color.id,
        name: color.name,
        swatch: color.swatch,
        images: color.images.map(image),
        sizes: (sizes.get(row.id) ?? []).filter((size) => size.colorId === color.id).map(toAdminSize),
      })),
      featured: row.featured,
      finalSale: row.finalSale,
      images: row.images.map(image),
      manufacturerName: row.manufacturerName,
      manufacturerAddress: row.manufacturerAddress,
      manufacturerEmail: row.manufacturerEmail,
      euResponsiblePerson: row.euResponsiblePerson,
      composition: row.composition,
      careInstructions: row.careInstructions,
      safetyWarnings: row.safetyWarnings,
    }),
  );
  return { ...result, products };
}
