import { expect, type Locator, type Page } from "@playwright/test";
import { DEFAULT_MONEY, formatMoney } from "../../../core/money";

/** localStorage key of the cart (app/lib/cart.ts). */
export const CART_KEY = "nocturn-cart";
export const STORE_NAME = "Nocturn";

/** Resolves once React has hydrated the server-rendered page (the root marks <html data-hydrated>). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
    timeout: 15_000,
  });
}

/** Opens a page and waits until it is interactive. Returns the navigation response. */
export async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** The cards of the shop grid (or of any grid of product cards under `scope`). */
export function productCards(scope: Page | Locator): Locator {
  return scope.getByRole("article");
}

/** Name, category line and price of every card in the shop grid, in order. */
export async function readCards(
  page: Page,
): Promise<{ name: string; category: string; priceCents: number }[]> {
  const grid = page.getByTestId("product-grid");
  if ((await grid.count()) === 0) return [];
  return grid.getByRole("article").evaluateAll((articles) =>
    articles.map((article) => {
      const name = article.querySelector("h3")?.textContent?.trim() ?? "";
      const lines = [...article.querySelectorAll("p")].map((p) => p.textContent?.trim() ?? "");
      // the price in force: the sale price of a card on sale, the first amount of its price line
      const price =
        article.querySelector("[data-testid=card-price]")?.textContent?.match(/\$[\d,]+\.\d{2}/)?.[0] ?? "";
      const category = lines.find((line) => !line.startsWith("$")) ?? "";
      return { name, category, priceCents: Math.round(Number(price.replace(/[$,]/g, "")) * 100) };
    }),
  );
}

/** "$1,234.50" → 123450 */
export function parseUsd(text: string): number {
  const match = text.match(/\$([\d,]+\.\d{2})/);
  if (!match?.[1]) throw new Error(`no dollar amount in "${text}"`);
  return Math.round(Number(match[1].replace(/,/g, "")) * 100);
}

/** An amount in the default store's dollars, as its pages write it. */
export function formatUsd(cents: number): string {
  return formatMoney(cents, DEFAULT_MONEY);
}

/** The "N products" line of the shop, as a number. */
export async function shopTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ products?$/).textContent();
  return Number.parseInt(text ?? "", 10);
}

/** Opens the page of the product named `name` from the shop (searching for it), and waits for it. */
export async function openProduct(page: Page, name: string): Promise<{ id: string; url: string }> {
  await visit(page, `/products?q=${encodeURIComponent(name)}`);
  await page.getByTestId("product-grid").getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await waitForHydration(page);
  const url = page.url();
  const id = new URL(url).pathname.split("/").pop() ?? "";
  return { id, url };
}

/** The product page's price, in cents (the paragraph right after the name). */
export async function productPagePrice(page: Page): Promise<number> {
  const text = await page
    .getByRole("heading", { level: 1 })
    .locator("xpath=following-sibling::p[1]")
    .textContent();
  return parseUsd(text ?? "");
}

/** The quantity stepper of a product ("Quantity of {name}"), with its value and buttons. */
export function stepper(page: Page, productName: string) {
  const group = page.getByRole("group", { name: `Quantity of ${productName}` });
  return {
    group,
    value: group.locator("output"),
    increase: group.getByRole("button", { name: "Increase quantity" }),
    decrease: group.getByRole("button", { name: "Decrease quantity" }),
  };
}

/** The count badge on the header's cart link. */
export function cartBadge(page: Page): Locator {
  return page.getByRole("banner").getByTestId("cart-count");
}

/** A sonner toast with this exact text. */
export function toast(page: Page, text: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** A product as the cart saves it (core/cart.ts CartProduct). */
export interface SavedProduct {
  id: string;
  name: string;
  priceCents: number;
  category: string | null;
  image: { src: string; srcSet: string } | null;
}

/** One size of a product (core/cart.ts CartSize). */
export interface SavedSize {
  id: string;
  label: string;
  stock: number;
}

/** A line of the saved cart: one product in one size. */
export interface SavedLine {
  product: SavedProduct;
  size: SavedSize;
  quantity: number;
}

/** A product from the store's cart API: what the cart saves of it, its total stock and its sizes. */
export interface CatalogProduct {
  product: SavedProduct;
  stock: number;
  sizes: SavedSize[];
}

/**
 * Current name, price, per-size stock and first image of these products, from the store's cart API.
 * Products in colours are left out: a size of theirs is chosen after its colour, and a line of
 * theirs names the colour (colours.spec.ts buys them), so the specs that pick any product in stock
 * get one whose sizes are chosen by label alone.
 */
export async function cartProducts(page: Page, ids: string[]): Promise<CatalogProduct[]> {
  const response = await page.request.get(`/api/cart-products?ids=${encodeURIComponent(ids.join(","))}`);
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as {
    products: (Omit<SavedProduct, "image"> & {
      stock: number;
      images: { src: string; srcSet: string }[];
      sizes: SavedSize[];
      colors: unknown[];
    })[];
  };
  return products
    .filter((found) => found.colors.length === 0)
    .map(({ images, sizes, stock, colors: _colors, ...product }) => {
      const image = images[0];
      return {
        product: {
          id: product.id,
          name: product.name,
          priceCents: product.priceCents,
          category: product.category,
          image: image ? { src: image.src, srcSet: image.srcSet } : null,
        },
        stock,
        sizes: sizes.map(({ id, label, stock: sizeStock }) => ({ id, label, stock: sizeStock })),
      };
    });
}

/** The stock of one size of a product now, as the cart sees it. */
export async function sizeStock(page: Page, productId: string, sizeId: string) {
  const [found] = await cartProducts(page, [productId]);
  return found?.sizes.find((size) => size.id === sizeId)?.stock;
}

/** One unit of one size into the cart, from the product's page. */
export async function addSizeToCart(page: Page, productId: string, sizeLabel: string) {
  await visit(page, `/products/${productId}`);
  await chooseSize(page, sizeLabel);
  await page.getByRole("button", { name: "Add to Cart" }).click();
}

/** The size of a product with the most in stock. */
export function fullestSize(product: CatalogProduct): SavedSize {
  const [fullest] = [...product.sizes].sort((a, b) => b.stock - a.stock);
  if (!fullest) throw new Error(`${product.product.name} has no sizes`);
  return fullest;
}

/**
 * Writes these lines to the shopper's saved cart before any page script runs. Only fills an absent
 * cart, so reloads and "Clear Cart" behave as for a real shopper.
 */
export async function saveCart(page: Page, lines: SavedLine[]): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    },
    [CART_KEY, JSON.stringify(lines)] as const,
  );
}

/** Saves a cart of these products, each in its fullest size, as the product page would have saved them. */
export async function seedCart(page: Page, lines: { id: string; quantity: number }[]): Promise<void> {
  const products = await cartProducts(
    page,
    lines.map((line) => line.id),
  );
  await saveCart(
    page,
    lines.map(({ id, quantity }) => {
      const found = products.find((candidate) => candidate.product.id === id);
      if (!found) throw new Error(`no product ${id}`);
      return { product: found.product, size: fullestSize(found), quantity };
    }),
  );
}

/** Ids of products that can go into a cart (at least 2 of one size), in sitemap order. */
export async function inStockProductIds(page: Page): Promise<string[]> {
  const ids = await sitemapProductIds(page);
  const products = await cartProducts(page, ids);
  const available = new Set(
    products.filter((found) => fullestSize(found).stock >= 2).map((found) => found.product.id),
  );
  return ids.filter((id) => available.has(id));
}

/** Picks a size on the product page (clicks its button in the size picker). */
export async function chooseSize(page: Page, label: string): Promise<void> {
  await page
    .getByRole("radiogroup", { name: "Size" })
    .locator("label")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
  await expect(page.getByRole("radio", { name: label, exact: true })).toBeChecked();
}

/** Ids of the products listed in the sitemap. */
export async function sitemapProductIds(page: Page): Promise<string[]> {
  const response = await page.request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>[^<]*\/products\/([0-9a-f-]{36})<\/loc>/g)].map((match) => match[1] ?? "");
}
