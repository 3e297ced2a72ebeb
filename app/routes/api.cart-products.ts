import { listProductsById } from "../../server/catalog/list-products-by-id";
import { toProductView } from "../../server/catalog/product-view";
import type { Route } from "./+types/api.cart-products";

/** Current name, price and stock of the products in a cart: GET /api/cart-products?ids=a,b */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ids = (url.searchParams.get("ids") ?? "").split(",").filter(Boolean);
  const rows = await listProductsById({ db: context.db, ids });
  return Response.json(
    { products: rows.map((row) => toProductView(context.storage, row)) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
