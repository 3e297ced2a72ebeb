import { listProductsById } from "../../../server/catalog/list-products-by-id";
import { listProductColors } from "../../../server/catalog/product-colors";
import { loadProductPricing, pricingOf } from "../../../server/catalog/product-prices";
import { listProductSizes } from "../../../server/catalog/product-sizes";
import { toSizedProductView } from "../../../server/catalog/product-view";
import type { Route } from "./+types/api.cart-products";

/** Current name, price, colours and per-size stock of the products in a cart: GET /api/cart-products?ids=a,b */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ids = (url.searchParams.get("ids") ?? "").split(",").filter(Boolean);
  const rows = await listProductsById({ db: context.db, ids });
  const productIds = rows.map((row) => row.id);
  const [sizes, colors, pricing] = await Promise.all([
    listProductSizes({ db: context.db, productIds }),
    listProductColors({ db: context.db, productIds }),
    // the price in force now: a sale that ended shows the regular price again (and the cart says so)
    loadProductPricing({ db: context.db, products: rows }),
  ]);
  return Response.json(
    {
      products: rows.map((row) =>
        toSizedProductView(
          context.storage,
          row,
          sizes.get(row.id) ?? [],
          colors.get(row.id) ?? [],
          pricingOf(pricing, row),
        ),
      ),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
