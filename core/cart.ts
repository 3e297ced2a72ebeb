// The cart's rules (docs/SPEC.md#quantities), per size. Pure functions: the browser store and the tests use them.
import { lineQuantityProblem, MAX_LINE_QUANTITY } from "./line-quantity";
import { type ColorView, type ProductView, sizedName } from "./product";

export interface CartProduct {
  id: string;
  name: string;
  /** The price in force when the cart last heard of it (refreshCart brings it up to date). */
  priceCents: number;
  /** While a sale runs: the regular price, shown struck through beside the sale price. */
  regularPriceCents?: number;
  category: string | null;
  image: { src: string; srcSet: string } | null;
}

/** The size a line holds: its variant id, label and the stock of that size. */
export interface CartSize {
  id: string;
  label: string;
  stock: number;
  /** The colour of this size, for a product with colours (a line is then a colour and a size). */
  color?: { name: string; slug: string } | null;
}

/**
 * One product in one size (and colour): the same product in two sizes, or in two colours of one
 * size, is two lines.
 */
export interface CartLine {
  product: CartProduct;
  size: CartSize;
  quantity: number;
}

export interface CartChange {
  lines: CartLine[];
  /** What to tell the shopper. */
  message: { kind: "success" | "error"; text: string };
}

const cartMessages = {
  added: (name: string) => `Added ${name} to cart.`,
  updated: (name: string) => `Updated ${name} quantity in cart.`,
  removed: (name: string) => `Removed ${name} from cart.`,
  cleared: "Cart has been cleared.",
  notEnoughStock: (stock: number) => `Sorry, only ${stock} items available in stock.`,
};

/**
 * The cart's copy of a product (what the cart page shows without asking the server); a line of a
 * colour shows that colour's card image.
 */
export function toCartProduct(product: ProductView, color?: Pick<ColorView, "images"> | null): CartProduct {
  const image = color?.images[0] ?? product.images[0];
  return {
    id: product.id,
    name: product.name,
    priceCents: product.priceCents,
    ...(product.sale ? { regularPriceCents: product.sale.regularPriceCents } : {}),
    category: product.category,
    image: image ? { src: image.src, srcSet: image.srcSet } : null,
  };
}

export function addToCart(lines: CartLine[], product: CartProduct, size: CartSize, quantity = 1): CartChange {
  const existing = lines.find((line) => line.size.id === size.id);
  const wanted = (existing?.quantity ?? 0) + quantity;
  if (wanted > size.stock) {
    return { lines, message: { kind: "error", text: cartMessages.notEnoughStock(size.stock) } };
  }
  const tooMany = lineQuantityProblem(product.name, wanted);
  if (tooMany) return { lines, message: { kind: "error", text: tooMany } };
  const next = existing
    ? lines.map((line) => (line === existing ? { product, size, quantity: wanted } : line))
    : [...lines, { product, size, quantity }];
  return { lines: next, message: { kind: "success", text: cartMessages.added(product.name) } };
}

/** A quantity below 1 removes the line; one above the size's stock or the cap is refused and changes nothing. */
export function updateCartQuantity(lines: CartLine[], sizeId: string, quantity: number): CartChange | null {
  const line = lines.find((candidate) => candidate.size.id === sizeId);
  if (!line) return null;
  if (quantity < 1) return removeFromCart(lines, sizeId);
  if (quantity > line.size.stock) {
    return { lines, message: { kind: "error", text: cartMessages.notEnoughStock(line.size.stock) } };
  }
  const tooMany = lineQuantityProblem(line.product.name, quantity);
  if (tooMany) return { lines, message: { kind: "error", text: tooMany } };
  return {
    lines: lines.map((candidate) => (candidate === line ? { ...line, quantity } : candidate)),
    message: { kind: "success", text: cartMessages.updated(line.product.name) },
  };
}

export function removeFromCart(lines: CartLine[], sizeId: string): CartChange | null {
  const line = lines.find((candidate) => candidate.size.id === sizeId);
  if (!line) return null;
  return {
    lines: lines.filter((candidate) => candidate !== line),
    message: { kind: "success", text: cartMessages.removed(line.product.name) },
  };
}

/** What a cart line holds of a size and its colour (null for a product without colours). */
export function toCartSize(
  size: { id: string; label: string; stock: number },
  color: Pick<ColorView, "name" | "slug"> | null,
): CartSize {
  const line = { id: size.id, label: size.label, stock: size.stock };
  return color ? { ...line, color: { name: color.name, slug: color.slug } } : line;
}

/** A line as messages name it: "Hoodie (Black, M)". */
export function lineName(line: Pick<CartLine, "product" | "size">): string {
  return sizedName(line.product.name, line.size.label, line.size.color?.name);
}

export function clearCart(): CartChange {
  return { lines: [], message: { kind: "success", text: cartMessages.cleared } };
}

/** What an order bought, size by size: what its payment takes out of the cart. */
export interface PaidLine {
  variantId: string;
  quantity: number;
}

/**
 * The cart once an order is paid: the sizes and quantities that order bought are taken out, and
 * whatever else the shopper put in meanwhile stays (paying an older order never empties the cart).
 */
export function removePaidLines(lines: CartLine[], paid: PaidLine[]): CartLine[] {
  const bought = new Map<string, number>();
  for (const line of paid) bought.set(line.variantId, (bought.get(line.variantId) ?? 0) + line.quantity);
  return lines.flatMap((line) => {
    const quantity = line.quantity - (bought.get(line.size.id) ?? 0);
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });
}

export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((count, line) => count + line.quantity, 0);
}

/** The most of one size a line can hold: its stock, and never more than the per-line cap. */
export function lineQuantityLimit(stock: number): number {
  return Math.min(stock, MAX_LINE_QUANTITY);
}

/**
 * Validates data read back from localStorage, which the shopper (or an old version) may have
 * changed. Lines from before sizes (no size) are dropped: the shopper picks the size again.
 */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (line): line is CartLine =>
        typeof line === "object" &&
        line !== null &&
        Number.isInteger(line.quantity) &&
        line.quantity > 0 &&
        typeof line.product?.id === "string" &&
        typeof line.product?.name === "string" &&
        Number.isInteger(line.product?.priceCents) &&
        (line.product.regularPriceCents === undefined || Number.isInteger(line.product.regularPriceCents)) &&
        typeof line.size?.id === "string" &&
        typeof line.size?.label === "string" &&
        Number.isInteger(line.size?.stock) &&
        isStoredColor(line.size?.color),
    );
  } catch {
    return [];
  }
}

/** A line's colour as stored: absent or null (no colours), or a name and a slug. */
function isStoredColor(color: unknown): boolean {
  if (color === undefined || color === null) return true;
  return (
    typeof color === "object" &&
    typeof (color as { name?: unknown }).name === "string" &&
    typeof (color as { slug?: unknown }).slug === "string"
  );
}
