// The cart's rules (docs/SPEC.md#quantities). Pure functions: the browser store and the tests use them.
import { lineQuantityProblem, MAX_LINE_QUANTITY } from "./checkout";

export interface CartProduct {
  id: string;
  name: string;
  priceCents: number;
  stock: number;
  category: string | null;
  image: { src: string; srcSet: string } | null;
}

export interface CartLine {
  product: CartProduct;
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

export function addToCart(lines: CartLine[], product: CartProduct, quantity = 1): CartChange {
  const existing = lines.find((line) => line.product.id === product.id);
  const wanted = (existing?.quantity ?? 0) + quantity;
  if (wanted > product.stock) {
    return { lines, message: { kind: "error", text: cartMessages.notEnoughStock(product.stock) } };
  }
  const tooMany = lineQuantityProblem(product.name, wanted);
  if (tooMany) return { lines, message: { kind: "error", text: tooMany } };
  const next = existing
    ? lines.map((line) => (line === existing ? { product, quantity: wanted } : line))
    : [...lines, { product, quantity }];
  return { lines: next, message: { kind: "success", text: cartMessages.added(product.name) } };
}

/** A quantity below 1 removes the line; one above stock or the cap is refused and changes nothing. */
export function updateCartQuantity(
  lines: CartLine[],
  productId: string,
  quantity: number,
): CartChange | null {
  const line = lines.find((candidate) => candidate.product.id === productId);
  if (!line) return null;
  if (quantity < 1) return removeFromCart(lines, productId);
  if (quantity > line.product.stock) {
    return { lines, message: { kind: "error", text: cartMessages.notEnoughStock(line.product.stock) } };
  }
  const tooMany = lineQuantityProblem(line.product.name, quantity);
  if (tooMany) return { lines, message: { kind: "error", text: tooMany } };
  return {
    lines: lines.map((candidate) => (candidate === line ? { ...line, quantity } : candidate)),
    message: { kind: "success", text: cartMessages.updated(line.product.name) },
  };
}

export function removeFromCart(lines: CartLine[], productId: string): CartChange | null {
  const line = lines.find((candidate) => candidate.product.id === productId);
  if (!line) return null;
  return {
    lines: lines.filter((candidate) => candidate !== line),
    message: { kind: "success", text: cartMessages.removed(line.product.name) },
  };
}

export function clearCart(): CartChange {
  return { lines: [], message: { kind: "success", text: cartMessages.cleared } };
}

export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((count, line) => count + line.quantity, 0);
}

/** The most of one product a line can hold: its stock, and never more than the per-line cap. */
export function lineQuantityLimit(stock: number): number {
  return Math.min(stock, MAX_LINE_QUANTITY);
}

export function canIncrease(line: CartLine): boolean {
  return line.quantity < lineQuantityLimit(line.product.stock);
}

export interface CartRefresh {
  lines: CartLine[];
  /** Sentences for the shopper, one per change; empty when nothing changed. */
  notices: string[];
}

/**
 * Brings saved lines up to date with the catalog: products that no longer exist are dropped,
 * names, prices and stock are refreshed, and quantities above the stock are lowered.
 */
export function refreshCart(lines: CartLine[], current: Map<string, CartProduct>): CartRefresh {
  const notices: string[] = [];
  const next: CartLine[] = [];
  for (const line of lines) {
    const product = current.get(line.product.id);
    if (!product) {
      notices.push(`${line.product.name} is no longer available and was removed from your cart.`);
      continue;
    }
    if (product.stock === 0) {
      notices.push(`${product.name} is sold out and was removed from your cart.`);
      continue;
    }
    if (product.priceCents !== line.product.priceCents) {
      notices.push(`The price of ${product.name} has changed.`);
    }
    const quantity = Math.min(line.quantity, product.stock);
    if (quantity < line.quantity) {
      notices.push(`Only ${product.stock} of ${product.name} left: quantity lowered to ${quantity}.`);
    }
    next.push({ product, quantity });
  }
  return { lines: next, notices };
}

/** Validates data read back from localStorage, which the shopper (or an old version) may have changed. */
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
        Number.isInteger(line.product?.stock),
    );
  } catch {
    return [];
  }
}
