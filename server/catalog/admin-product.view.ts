import type { ResponsiveImage } from "../../core/images";
import type { Storage } from "../storage/storage";
import { listAdminProducts } from "./list-admin-products";
import { toResponsiveImage } from "./product-view";

/** A product as the admin screens see it: money in cents, images with their ids and URLs. */
export interface AdminProductView {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  category: string | null;
  stock: number;
  featured: boolean;
  images: (ResponsiveImage & { id: string })[];
}

/** One page of the admin's product list (listAdminProducts), shaped for the screen. */
export async function listAdminProductViews(
  options: Parameters<typeof listAdminProducts>[0] & { storage: Storage },
) {
  const result = await listAdminProducts(options);
  const products = result.products.map(
    (row): AdminProductView => ({
      id: row.id,
      name: row.name,
      description: row.description,
      priceCents: row.priceCents,
      category: row.category,
      stock: row.stock,
      featured: row.featured,
      images: row.images.map((id) => ({ id, ...toResponsiveImage(options.storage, id) })),
    }),
  );
  return { ...result, products };
}
