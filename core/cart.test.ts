import { describe, expect, it } from "vitest";
import {
  addToCart,
  type CartLine,
  type CartProduct,
  type CartSize,
  cartItemCount,
  clearCart,
  lineName,
  lineQuantityLimit,
  parseStoredCart,
  removeFromCart,
  removePaidLines,
  toCartProduct,
  toCartSize,
  updateCartQuantity,
} from "./cart";
import { refreshCart } from "./cart-refresh";
import { MAX_LINE_QUANTITY } from "./line-quantity";
import type { ColorView, SizedProductView } from "./product";

const tee: CartProduct = {
  id: "t",
  name: "Midnight Tee",
  priceCents: 4999,
  category: "T-Shirts",
  image: null,
};
const cap: CartProduct = { id: "c", name: "Void Cap", priceCents: 2900, category: null, image: null };
const teeM: CartSize = { id: "t-m", label: "M", stock: 3 };
const teeL: CartSize = { id: "t-l", label: "L", stock: 1 };
const capOne: CartSize = { id: "c-1", label: "One Size", stock: 10 };

const line = (product: CartProduct, size: CartSize, quantity: number): CartLine => ({
  product,
  size,
  quantity,
});

describe("after a payment", () => {
  it("takes out only the sizes and quantities the paid order bought", () => {
    const cart = [line(tee, teeM, 3), line(tee, teeL, 1), line(cap, capOne, 2)];
    // an older order of one tee in M and the cap; the rest was added since
    expect(
      removePaidLines(cart, [
        { variantId: teeM.id, quantity: 1 },
        { variantId: capOne.id, quantity: 2 },
      ]),
    ).toEqual([line(tee, teeM, 2), line(tee, teeL, 1)]);
  });

  it("leaves a cart holding none of the order as it was, and never goes below zero", () => {
    const cart = [line(tee, teeM, 1)];
    expect(removePaidLines(cart, [{ variantId: capOne.id, quantity: 1 }])).toEqual(cart);
    expect(removePaidLines(cart, [{ variantId: teeM.id, quantity: 5 }])).toEqual([]);
    // the ordinary checkout: the cart was the order
    expect(removePaidLines(cart, [{ variantId: teeM.id, quantity: 1 }])).toEqual([]);
  });
});

describe("adding", () => {
  it("adds one by default with the spec's toast", () => {
    const change = addToCart([], tee, teeM);
    expect(change.lines).toEqual([line(tee, teeM, 1)]);
    expect(change.message).toEqual({ kind: "success", text: "Added Midnight Tee to cart." });
  });

  it("adds to the line of the same size", () => {
    const change = addToCart([line(tee, teeM, 1)], tee, teeM, 2);
    expect(change.lines).toEqual([line(tee, teeM, 3)]);
  });

  it("keeps two sizes of one product as two lines", () => {
    const change = addToCart([line(tee, teeM, 1)], tee, teeL);
    expect(change.lines).toEqual([line(tee, teeM, 1), line(tee, teeL, 1)]);
    expect(cartItemCount(change.lines)).toBe(2);
  });

  it("refuses when the size's quantity would exceed its stock, changing nothing", () => {
    const lines: CartLine[] = [line(tee, teeM, 2)];
    const change = addToCart(lines, tee, teeM, 2);
    expect(change.lines).toBe(lines);
    expect(change.message).toEqual({ kind: "error", text: "Sorry, only 3 items available in stock." });
    // another size has its own stock
    expect(addToCart(lines, tee, teeL, 2).message.text).toBe("Sorry, only 1 items available in stock.");
  });

  it("refuses a sold-out size", () => {
    expect(addToCart([], tee, { ...teeM, stock: 0 }).message.text).toBe(
      "Sorry, only 0 items available in stock.",
    );
  });
});

describe("updating", () => {
  const lines: CartLine[] = [line(tee, teeM, 1), line(tee, teeL, 1), line(cap, capOne, 2)];

  it("sets a quantity within the size's stock", () => {
    const change = updateCartQuantity(lines, "t-m", 3)!;
    expect(change.lines[0]).toEqual(line(tee, teeM, 3));
    expect(change.lines[1]).toEqual(line(tee, teeL, 1));
    expect(change.message.text).toBe("Updated Midnight Tee quantity in cart.");
  });

  it("ignores a quantity above the size's stock, with the stock message", () => {
    const change = updateCartQuantity(lines, "t-l", 2)!;
    expect(change.lines).toBe(lines);
    expect(change.message).toEqual({ kind: "error", text: "Sorry, only 1 items available in stock." });
  });

  it("removes only that size's line when the quantity goes below 1", () => {
    const change = updateCartQuantity(lines, "t-m", 0)!;
    expect(change.lines).toEqual([line(tee, teeL, 1), line(cap, capOne, 2)]);
    expect(change.message.text).toBe("Removed Midnight Tee from cart.");
  });

  it("does nothing for a size not in the cart", () => {
    expect(updateCartQuantity(lines, "nope", 1)).toBeNull();
  });

  it("holds at most MAX_LINE_QUANTITY of one size, however much is in stock", () => {
    const plenty = { ...capOne, stock: 500 };
    const full: CartLine[] = [line(cap, plenty, MAX_LINE_QUANTITY)];
    const tooMany = { kind: "error", text: "Sorry, only 99 of Void Cap can be ordered at once." };
    expect(addToCart(full, cap, plenty)).toEqual({ lines: full, message: tooMany });
    expect(addToCart([], cap, plenty, 100)).toEqual({ lines: [], message: tooMany });
    expect(updateCartQuantity(full, "c-1", 100)).toEqual({ lines: full, message: tooMany });
    expect(full[0]!.quantity).toBe(lineQuantityLimit(plenty.stock));
    expect(98).toBeLessThan(lineQuantityLimit(plenty.stock));
    expect(addToCart([line(cap, plenty, 98)], cap, plenty).lines).toEqual(full);
    // the steppers on the cart and product pages stop there too
    expect(lineQuantityLimit(500)).toBe(MAX_LINE_QUANTITY);
    expect(lineQuantityLimit(3)).toBe(3);
  });

  it("disables the plus button at the size's stock (the stepper's max)", () => {
    expect(lineQuantityLimit(teeM.stock)).toBe(3);
    expect(2).toBeLessThan(lineQuantityLimit(teeM.stock));
  });
});

describe("removing and clearing", () => {
  it("removes one line with the spec's toast", () => {
    const change = removeFromCart([line(tee, teeM, 1)], "t-m")!;
    expect(change.lines).toEqual([]);
    expect(change.message.text).toBe("Removed Midnight Tee from cart.");
  });

  it("clears everything", () => {
    expect(clearCart()).toEqual({ lines: [], message: { kind: "success", text: "Cart has been cleared." } });
  });

  it("counts items, not lines", () => {
    expect(cartItemCount([line(tee, teeM, 2), line(cap, capOne, 3)])).toBe(5);
  });
});

const view = (product: CartProduct, sizes: SizedProductView["sizes"]): SizedProductView => ({
  ...product,
  sale: null,
  description: null,
  finalSale: false,
  featured: false,
  images: [],
  stock: sizes.reduce((sum, size) => sum + size.stock, 0),
  sizes,
  colors: [],
});
const sizeView = (size: CartSize) => ({ ...size, sku: `SKU-${size.id}`, colorId: null });

describe("refreshing against the catalog", () => {
  it("drops gone and sold-out sizes, updates prices and lowers quantities above a size's stock", () => {
    const lines: CartLine[] = [
      line(tee, teeM, 3),
      line(tee, teeL, 1),
      line(cap, capOne, 1),
      line({ ...cap, id: "gone", name: "Old Bag" }, capOne, 1),
    ];
    const current = new Map([
      // L is no longer sold; M is down to 2
      ["t", view(tee, [sizeView({ ...teeM, stock: 2 })])],
      ["c", view({ ...cap, priceCents: 3100 }, [sizeView({ ...capOne, stock: 0 })])],
    ]);
    const { lines: next, notices } = refreshCart(lines, current);
    expect(next).toEqual([line(tee, { ...teeM, stock: 2 }, 2)]);
    expect(notices).toEqual([
      "Only 2 of Midnight Tee (M) left: quantity lowered to 2.",
      "Midnight Tee (L) is no longer available and was removed from your cart.",
      "Void Cap is sold out and was removed from your cart.",
      "Old Bag is no longer available and was removed from your cart.",
    ]);
  });

  it("reports a price change once per product, and takes the new price", () => {
    const { lines, notices } = refreshCart(
      [line(tee, teeM, 1), line(tee, teeL, 1)],
      new Map([["t", view({ ...tee, priceCents: 5500 }, [sizeView(teeM), sizeView(teeL)])]]),
    );
    expect(notices).toEqual(["The price of Midnight Tee has changed."]);
    expect(lines.map((l) => l.product.priceCents)).toEqual([5500, 5500]);
  });
});

describe("reading the saved cart", () => {
  it("keeps valid lines and drops tampered ones and lines saved before sizes", () => {
    const raw = JSON.stringify([
      line(tee, teeM, 1),
      line(tee, teeM, -1),
      { product: tee, quantity: 1 },
      { product: { id: 1 }, size: teeM, quantity: 1 },
      "junk",
    ]);
    expect(parseStoredCart(raw)).toEqual([line(tee, teeM, 1)]);
    expect(parseStoredCart("{not json")).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });
});

describe("colours", () => {
  const picture = (name: string) => ({
    src: `/media/${name}-640.webp`,
    srcSet: `/media/${name}-640.webp 640w`,
  });
  const black: ColorView = {
    id: "black",
    name: "Black",
    slug: "black",
    swatch: "#111111",
    images: [picture("black")],
  };
  const sand: ColorView = { id: "sand", name: "Sand", slug: "sand", swatch: null, images: [picture("sand")] };
  const hoodie: SizedProductView = {
    id: "h",
    name: "Hoodie",
    description: null,
    priceCents: 9900,
    sale: null,
    stock: 9,
    category: "Hoodies",
    featured: false,
    finalSale: false,
    images: [picture("shared")],
    sizes: [
      { id: "h-black-m", label: "M", stock: 4, sku: "SKU-BM", colorId: "black" },
      { id: "h-sand-m", label: "M", stock: 5, sku: "SKU-SM", colorId: "sand" },
    ],
    colors: [black, sand],
  };
  const [blackM, sandM] = hoodie.sizes as [
    SizedProductView["sizes"][number],
    SizedProductView["sizes"][number],
  ];

  it("keeps two colours of one size as two lines, each named by colour and size, each with its colour's picture", () => {
    const first = addToCart([], toCartProduct(hoodie, black), toCartSize(blackM, black));
    const { lines } = addToCart(first.lines, toCartProduct(hoodie, sand), toCartSize(sandM, sand));
    expect(lines).toHaveLength(2);
    expect(lines.map(lineName)).toEqual(["Hoodie (Black, M)", "Hoodie (Sand, M)"]);
    expect(lines.map((cartLine) => cartLine.product.image?.src)).toEqual([
      black.images[0]?.src,
      sand.images[0]?.src,
    ]);
    // the same colour and size again is the same line
    const again = addToCart(lines, toCartProduct(hoodie, black), toCartSize(blackM, black));
    expect(again.lines.map((cartLine) => cartLine.quantity)).toEqual([2, 1]);
  });

  it("a product without colours keeps its own picture and its plain name", () => {
    expect(toCartProduct(hoodie).image?.src).toBe("/media/shared-640.webp");
    expect(toCartSize(blackM, null)).toEqual({ id: "h-black-m", label: "M", stock: 4 });
    expect(lineName({ product: tee, size: teeM })).toBe("Midnight Tee (M)");
  });

  it("refreshes a line of a colour, and drops it when the colour is no longer sold", () => {
    const saved = [
      line(toCartProduct(hoodie, black), toCartSize(blackM, black), 5),
      line(toCartProduct(hoodie, sand), toCartSize(sandM, sand), 1),
    ];
    const { lines, notices } = refreshCart(
      saved,
      // Sand was retired: its sizes left the shop with it
      new Map([["h", { ...hoodie, sizes: [blackM], colors: [black] }]]),
    );
    expect(lines).toEqual([line(toCartProduct(hoodie, black), toCartSize(blackM, black), 4)]);
    expect(notices).toEqual([
      "Only 4 of Hoodie (Black, M) left: quantity lowered to 4.",
      "Hoodie (Sand, M) is no longer available and was removed from your cart.",
    ]);
  });

  it("reads a saved line's colour back, and drops a tampered one", () => {
    const colored = line(toCartProduct(hoodie, black), toCartSize(blackM, black), 1);
    const raw = JSON.stringify([colored, { ...colored, size: { ...colored.size, color: { name: 1 } } }]);
    expect(parseStoredCart(raw)).toEqual([colored]);
  });
});
