// The cart page's check of saved lines against the catalog. Apart from core/cart.ts, whose cart
// store every page's header loads, as only the cart page runs it (docs/PERFORMANCE.md#first-load-javascript).
import { type CartLine, lineName, toCartProduct, toCartSize } from "./cart";
import { type SizedProductView, sizedName } from "./product";

export interface CartRefresh {
  lines: CartLine[];
  /** Sentences for the shopper, one per change; empty when nothing changed. */
  notices: string[];
}

/**
 * Brings saved lines up to date with the catalog: products or sizes that are no longer sold are
 * dropped, names, prices and stock are refreshed, and quantities above the size's stock are lowered.
 */
export function refreshCart(lines: CartLine[], current: Map<string, SizedProductView>): CartRefresh {
  const notices: string[] = [];
  const next: CartLine[] = [];
  const pricesChanged = new Set<string>();
  for (const line of lines) {
    const product = current.get(line.product.id);
    const size = product?.sizes.find((candidate) => candidate.id === line.size.id);
    const color = product?.colors.find((candidate) => candidate.id === size?.colorId) ?? null;
    const name = product?.name ?? line.product.name;
    // a size of a colour that is no longer sold is not in the product's sizes either
    if (!product || !size) {
      notices.push(
        `${lineName({ ...line, product: { ...line.product, name } })} is no longer available and was removed from your cart.`,
      );
      continue;
    }
    const label = sizedName(name, size.label, color?.name);
    if (size.stock === 0) {
      notices.push(`${label} is sold out and was removed from your cart.`);
      continue;
    }
    if (product.priceCents !== line.product.priceCents && !pricesChanged.has(product.id)) {
      pricesChanged.add(product.id);
      notices.push(`The price of ${product.name} has changed.`);
    }
    const quantity = Math.min(line.quantity, size.stock);
    if (quantity < line.quantity) {
      notices.push(`Only ${size.stock} of ${label} left: quantity lowered to ${quantity}.`);
    }
    next.push({
      product: toCartProduct(product, color),
      size: toCartSize(size, color),
      quantity,
    });
  }
  return { lines: next, notices };
}
