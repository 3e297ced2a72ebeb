import type { ResponsiveImage } from "../../core/images";
import type { ProductSafetyFields } from "../../core/product-safety";
import type { Storage } from "../storage/storage";
import { listAdminProducts } from "./list-admin-products";
import { listProductSizes } from "./product-sizes";
import { toResponsiveImage } from "./product-view";

/** A product as the admin screens see it: money in cents, images with their ids and URLs. */
export interface AdminProductView extends ProductSafetyFields {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  category: string | null;
  /** The sum of its sizes' stock. */
  stock: number;
  /** Its sizes on sale, in order, as the dialog edits them. */
  sizes: { id: string; size: string; stock: number; skuSuffix: string | null }[];
  featured: boolean;
  /** Final sale: customers cannot return it. */
  finalSale: boolean;
  images: (ResponsiveImage & { id: string })[];
}

/** One page of the admin's product list (listAdminProducts), shaped for the screen. */
export async function listAdminProductViews(
  options: Parameters<typeof listAdminProducts>[0] & { storage: Storage },
) {
  const result = await listAdminProducts(options);
  const sizes = await listProductSizes({ db: options.db, productIds: result.products.map((row) => row.id) });
  const products = result.products.map(
    (row): AdminProductView => ({
      id: row.id,
      name: row.name,
      description: row.description,
      priceCents: row.priceCents,
      category: row.category,
      stock: row.stock,
      sizes: (sizes.get(row.id) ?? []).map(({ id, size, stock, skuSuffix }) => ({
        id,
        size,
        stock,
        skuSuffix,
      })),
      featured: row.featured,
      finalSale: row.finalSale,
      images: row.images.map((id) => ({ id, ...toResponsiveImage(options.storage, id) })),
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
