import { useCallback, useSyncExternalStore } from "react";
import { toast } from "~/lib/toast";
import {
  addToCart,
  type CartChange,
  type CartLine,
  type CartProduct,
  type CartSize,
  clearCart,
  type PaidLine,
  parseStoredCart,
  removeFromCart,
  removePaidLines,
  updateCartQuantity,
} from "../../core/cart";

const CART_STORAGE_KEY = "nocturn-cart";
/** The order numbers whose lines this browser has already taken out of the cart (the newest few). */
const SETTLED_STORAGE_KEY = "nocturn-cart-settled";
const SETTLED_KEPT = 20;
const EMPTY: CartLine[] = [];
const listeners = new Set<() => void>();
let snapshot: { raw: string | null; lines: CartLine[] } = { raw: null, lines: EMPTY };

function readCart(): CartLine[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    // storage disabled (private mode, policy): the cart lives for this page only
    return snapshot.lines;
  }
  if (raw !== snapshot.raw) snapshot = { raw, lines: parseStoredCart(raw) };
  return snapshot.lines;
}

function writeCart(lines: CartLine[]) {
  const raw = JSON.stringify(lines);
  snapshot = { raw, lines };
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, raw);
  } catch {
    // keep the in-memory cart; nothing else to do
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // another tab changed the cart
  const onStorage = (event: StorageEvent) => event.key === CART_STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function apply(change: CartChange | null) {
  if (!change) return;
  if (change.message.kind === "error") {
    toast.error(change.message.text);
    return;
  }
  writeCart(change.lines);
  toast.success(change.message.text);
}

/**
 * The cart kept in localStorage. The server render and the first client render both see an empty
 * cart, so hydration always matches; the saved lines appear right after.
 */
export function useCart() {
  const lines = useSyncExternalStore(subscribe, readCart, () => EMPTY);
  return {
    lines,
    add: useCallback(
      (product: CartProduct, size: CartSize, quantity = 1) =>
        apply(addToCart(readCart(), product, size, quantity)),
      [],
    ),
    update: useCallback(
      (sizeId: string, quantity: number) => apply(updateCartQuantity(readCart(), sizeId, quantity)),
      [],
    ),
    remove: useCallback((sizeId: string) => apply(removeFromCart(readCart(), sizeId)), []),
    clear: useCallback(() => apply(clearCart()), []),
    /** Rewrites the lines without a toast, from the latest saved state. */
    replace: useCallback((next: (current: CartLine[]) => CartLine[]) => writeCart(next(readCart())), []),
  };
}

/**
 * The success page of a paid order: takes what it bought out of the cart, once per order, so a
 * reload of the page (or the same page in another tab) never takes the same lines out twice.
 */
export function takeOutPaidOrder(orderNumber: string, paid: PaidLine[]) {
  let settled: string[] = [];
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(SETTLED_STORAGE_KEY) ?? "[]");
    if (Array.isArray(stored)) settled = stored.filter((entry): entry is string => typeof entry === "string");
  } catch {
    // unreadable or storage disabled: take the lines out; the cart is in memory only then anyway
  }
  if (settled.includes(orderNumber)) return;
  writeCart(removePaidLines(readCart(), paid));
  try {
    window.localStorage.setItem(
      SETTLED_STORAGE_KEY,
      JSON.stringify([...settled, orderNumber].slice(-SETTLED_KEPT)),
    );
  } catch {
    // nothing to keep it in
  }
}

/** True once the browser has hydrated; lets cart-dependent UI render a stable first pass. */
export function useHydrated() {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}
const noopSubscribe = () => () => {};
