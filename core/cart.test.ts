import { describe, expect, it } from "vitest";
import {
  addToCart,
  type CartLine,
  type CartProduct,
  canIncrease,
  cartItemCount,
  clearCart,
  lineQuantityLimit,
  parseStoredCart,
  refreshCart,
  removeFromCart,
  updateCartQuantity,
} from "./cart";
import { MAX_LINE_QUANTITY } from "./checkout";

const tee: CartProduct = {
  id: "t",
  name: "Midnight Tee",
  priceCents: 4999,
  stock: 3,
  category: "T-Shirts",
  image: null,
};
const cap: CartProduct = {
  id: "c",
  name: "Void Cap",
  priceCents: 2900,
  stock: 10,
  category: null,
  image: null,
};

describe("adding", () => {
  it("adds one by default with the spec's toast", () => {
    const change = addToCart([], tee);
    expect(change.lines).toEqual([{ product: tee, quantity: 1 }]);
    expect(change.message).toEqual({ kind: "success", text: "Added Midnight Tee to cart." });
  });

  it("adds to an existing line", () => {
    const change = addToCart([{ product: tee, quantity: 1 }], tee, 2);
    expect(change.lines).toEqual([{ product: tee, quantity: 3 }]);
  });

  it("refuses when the resulting quantity would exceed the stock, changing nothing", () => {
    const lines: CartLine[] = [{ product: tee, quantity: 2 }];
    const change = addToCart(lines, tee, 2);
    expect(change.lines).toBe(lines);
    expect(change.message).toEqual({ kind: "error", text: "Sorry, only 3 items available in stock." });
  });

  it("refuses a sold-out product", () => {
    expect(addToCart([], { ...tee, stock: 0 }).message.text).toBe("Sorry, only 0 items available in stock.");
  });
});

describe("updating", () => {
  const lines: CartLine[] = [
    { product: tee, quantity: 1 },
    { product: cap, quantity: 2 },
  ];

  it("sets a quantity within stock", () => {
    const change = updateCartQuantity(lines, "t", 3)!;
    expect(change.lines[0]).toEqual({ product: tee, quantity: 3 });
    expect(change.message.text).toBe("Updated Midnight Tee quantity in cart.");
  });

  it("ignores a quantity above stock, with the stock message", () => {
    const change = updateCartQuantity(lines, "t", 4)!;
    expect(change.lines).toBe(lines);
    expect(change.message).toEqual({ kind: "error", text: "Sorry, only 3 items available in stock." });
  });

  it("removes the line when the quantity goes below 1", () => {
    const change = updateCartQuantity(lines, "t", 0)!;
    expect(change.lines).toEqual([{ product: cap, quantity: 2 }]);
    expect(change.message.text).toBe("Removed Midnight Tee from cart.");
  });

  it("does nothing for a product not in the cart", () => {
    expect(updateCartQuantity(lines, "nope", 1)).toBeNull();
  });

  it("holds at most MAX_LINE_QUANTITY of one product, however much is in stock", () => {
    const plenty = { ...cap, stock: 500 };
    const full: CartLine[] = [{ product: plenty, quantity: MAX_LINE_QUANTITY }];
    const tooMany = { kind: "error", text: "Sorry, only 99 of Void Cap can be ordered at once." };
    expect(addToCart(full, plenty)).toEqual({ lines: full, message: tooMany });
    expect(addToCart([], plenty, 100)).toEqual({ lines: [], message: tooMany });
    expect(updateCartQuantity(full, "c", 100)).toEqual({ lines: full, message: tooMany });
    expect(canIncrease(full[0]!)).toBe(false);
    expect(canIncrease({ product: plenty, quantity: 98 })).toBe(true);
    expect(addToCart([{ product: plenty, quantity: 98 }], plenty).lines).toEqual(full);
    // the steppers on the cart and product pages stop there too
    expect(lineQuantityLimit(500)).toBe(MAX_LINE_QUANTITY);
    expect(lineQuantityLimit(3)).toBe(3);
  });

  it("disables the plus button at stock", () => {
    expect(canIncrease({ product: tee, quantity: 3 })).toBe(false);
    expect(canIncrease({ product: tee, quantity: 2 })).toBe(true);
  });
});

describe("removing and clearing", () => {
  it("removes one line with the spec's toast", () => {
    const change = removeFromCart([{ product: tee, quantity: 1 }], "t")!;
    expect(change.lines).toEqual([]);
    expect(change.message.text).toBe("Removed Midnight Tee from cart.");
  });

  it("clears everything", () => {
    expect(clearCart()).toEqual({ lines: [], message: { kind: "success", text: "Cart has been cleared." } });
  });

  it("counts items, not lines", () => {
    expect(
      cartItemCount([
        { product: tee, quantity: 2 },
        { product: cap, quantity: 3 },
      ]),
    ).toBe(5);
  });
});

describe("refreshing against the catalog", () => {
  it("drops deleted and sold-out products, updates prices and lowers quantities above stock", () => {
    const lines: CartLine[] = [
      { product: tee, quantity: 3 },
      { product: cap, quantity: 1 },
      { product: { ...cap, id: "gone", name: "Old Bag" }, quantity: 1 },
    ];
    const current = new Map([
      ["t", { ...tee, stock: 2 }],
      ["c", { ...cap, priceCents: 3100, stock: 0 }],
    ]);
    const { lines: next, notices } = refreshCart(lines, current);
    expect(next).toEqual([{ product: { ...tee, stock: 2 }, quantity: 2 }]);
    expect(notices).toEqual([
      "Only 2 of Midnight Tee left: quantity lowered to 2.",
      "Void Cap is sold out and was removed from your cart.",
      "Old Bag is no longer available and was removed from your cart.",
    ]);
  });

  it("reports a price change", () => {
    const { notices } = refreshCart(
      [{ product: cap, quantity: 1 }],
      new Map([["c", { ...cap, priceCents: 3100 }]]),
    );
    expect(notices).toEqual(["The price of Void Cap has changed."]);
  });
});

describe("reading the saved cart", () => {
  it("keeps valid lines and drops tampered ones", () => {
    const raw = JSON.stringify([
      { product: tee, quantity: 1 },
      { product: tee, quantity: -1 },
      { product: { id: 1 }, quantity: 1 },
      "junk",
    ]);
    expect(parseStoredCart(raw)).toEqual([{ product: tee, quantity: 1 }]);
    expect(parseStoredCart("{not json")).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });
});
