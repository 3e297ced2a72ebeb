import { SHIPPING_CENTS } from "../../core/delivery";
import { DEFAULT_MONEY } from "../../core/money";
import { cartVatRow } from "../../core/tax";
import { expect, newWatchedContext, type Page, test } from "./support/fixtures";
import {
  CART_KEY,
  cartBadge,
  cartProducts,
  chooseSize,
  formatUsd,
  fullestSize,
  inStockProductIds,
  openProduct,
  parseUsd,
  productPagePrice,
  readCards,
  STORE_NAME,
  saveCart,
  seedCart,
  shopTotal,
  sitemapProductIds,
  stepper,
  toast,
  visit,
  waitForHydration,
} from "./support/store";

// Products of the demo catalog the store seeds on a fresh data folder (server/catalog/demo/).
/** Plenty of stock (42), four photos; its size L holds 17. */
const PLENTY = "Midnight Oversized Tee";
const PLENTY_SIZE = "L";
/** Five photos, featured. */
const GALLERY = "Eclipse Heavyweight Hoodie";

/** The first shop card whose badge matches, with its name and badge text. */
async function findCardWithBadge(page: Page, badge: RegExp): Promise<{ name: string; badge: string }> {
  await visit(page, "/products");
  const card = page
    .getByTestId("product-grid")
    .getByRole("article")
    .filter({ has: page.getByText(badge) })
    .first();
  await expect(card).toBeVisible();
  const name = (await card.getByRole("heading").textContent())?.trim() ?? "";
  const badgeText = (await card.getByText(badge).textContent())?.trim() ?? "";
  return { name, badge: badgeText };
}

test.describe("home", () => {
  test("shows the hero, exactly 4 featured products, the commitment and the reasons", async ({ page }) => {
    await visit(page, "/");

    // hero
    await expect(page.getByRole("heading", { level: 1, name: "Made for the night shift." })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Shop the Collection" })).toHaveAttribute(
      "href",
      "/products",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Our Story" })).toHaveAttribute(
      "href",
      "/about",
    );

    // featured collection: the skeleton gives way to exactly four cards
    const featured = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Featured Collection" }) });
    await expect(featured.getByRole("article")).toHaveCount(4);
    await expect(featured.getByTestId("product-skeleton")).toHaveCount(0);
    for (const card of await featured.getByRole("article").all()) {
      await expect(card.getByRole("link")).toHaveAttribute("href", /^\/products\/[0-9a-f-]{36}$/);
      await expect(card.getByText(/^\$\d+\.\d{2}$/)).toBeVisible();
    }

    // quality commitment
    const commitment = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Quality you can feel" }) });
    await expect(commitment.getByText("Our Commitment")).toBeVisible();
    await expect(commitment.getByRole("heading", { level: 3 })).toHaveCount(3);

    // three reasons to shop
    const reasons = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Why shop with us" }) });
    await expect(reasons.getByRole("heading", { level: 3 })).toHaveText([
      "Priority shipping",
      "Secure checkout",
      "30-day returns",
    ]);
  });
});

test.describe("shop", () => {
  test("search narrows the grid to hoodies, and a nonsense query shows the empty state", async ({ page }) => {
    await visit(page, "/products");
    await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
    const allTotal = await shopTotal(page);
    const allCards = (await readCards(page)).length;
    expect(allCards).toBeGreaterThan(6);

    const search = page.getByRole("searchbox", { name: "Search products" });
    await search.fill("hoodie");
    await search.press("Enter");

    // the form also sends its other fields (category=, sort=newest); the query is what matters
    await expect(page).toHaveURL(/\/products\?q=hoodie(&|$)/);
    await expect
      .poll(async () => {
        const names = (await readCards(page)).map((card) => card.name);
        return names.length > 0 && names.every((name) => name.includes("Hoodie"));
      })
      .toBe(true);
    const hoodies = await readCards(page);
    expect(hoodies.length).toBeLessThan(allCards);
    expect(await shopTotal(page)).toBe(hoodies.length);
    expect(hoodies.length).toBeLessThan(allTotal);
    await expect(search).toHaveValue("hoodie");

    await search.fill("zzqx-no-such-garment");
    await search.press("Enter");
    await expect(page).toHaveURL(/\?q=zzqx-no-such-garment(&|$)/);
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(page.getByText("Try a different search term or browse our categories.")).toBeVisible();
    await expect(page.getByTestId("product-grid")).toHaveCount(0);
    await expect(page.getByText("0 products")).toBeVisible();
  });

  test("the category dropdown shows only that category", async ({ page }) => {
    await visit(page, "/products");
    const allTotal = await shopTotal(page);

    await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Jackets" });

    await expect(page).toHaveURL(/[?&]category=jackets(&|$)/);
    await expect
      .poll(async () => {
        const categories = (await readCards(page)).map((card) => card.category);
        return categories.length > 0 && categories.every((category) => category === "Jackets");
      })
      .toBe(true);
    const jackets = await readCards(page);
    expect(await shopTotal(page)).toBe(jackets.length);
    expect(jackets.length).toBeLessThan(allTotal);
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("jackets");
    await expect(page).toHaveTitle(`Shop Jackets | ${STORE_NAME}`);
  });

  test("the Filter menu sorts by price, low to high", async ({ page }) => {
    await visit(page, "/products");
    const filter = page.locator("summary").filter({ hasText: "Filter" });
    const lowToHigh = page.getByRole("radio", { name: "Price: Low to High" });
    await expect(lowToHigh).toBeHidden();
    await filter.click();
    await expect(lowToHigh).toBeVisible();
    await lowToHigh.check();
    await page.getByRole("button", { name: "Apply" }).click();

    await expect(page).toHaveURL(/[?&]sort=price-asc(&|$)/);
    await expect
      .poll(async () => {
        const prices = (await readCards(page)).map((card) => card.priceCents);
        return (
          prices.length > 1 &&
          prices.every((price, index) => index === 0 || (prices[index - 1] ?? 0) <= price)
        );
      })
      .toBe(true);
    const prices = (await readCards(page)).map((card) => card.priceCents);
    expect(prices.at(0)).toBeLessThan(prices.at(-1) ?? 0);
    // the choice survives the navigation
    await filter.click();
    await expect(lowToHigh).toBeChecked();
  });

  test("Next and Previous walk the pages; past page 1 the address names where a page starts", async ({
    page,
  }) => {
    await visit(page, "/products");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByText(/^Page 1 of 2$/)).toBeVisible();
    await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);
    const total = await shopTotal(page);
    const firstPage = (await readCards(page)).map((card) => card.name);

    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/products\?page=2&after=\d+_[0-9a-f-]{36}$/);
    await expect(pagination.getByText(/^Page 2 of 2$/)).toBeVisible();
    await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);
    const secondPage = (await readCards(page)).map((card) => card.name);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    expect(firstPage.length + secondPage.length).toBe(total);

    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(pagination.getByText(/^Page 1 of 2$/)).toBeVisible();
    expect((await readCards(page)).map((card) => card.name)).toEqual(firstPage);
  });

  test("works without JavaScript: the server filters and the search form submits", async ({
    browser,
    baseURL,
  }) => {
    const context = await newWatchedContext(browser, { javaScriptEnabled: false, baseURL });
    const page = await context.context.newPage();
    try {
      const response = await page.goto("/products?q=hoodie");
      expect(response?.status()).toBe(200);
      const names = (await readCards(page)).map((card) => card.name);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toContain("Hoodie");
      expect(await shopTotal(page)).toBe(names.length);

      // a plain HTML form: Enter submits a GET to /products
      const search = page.getByRole("searchbox", { name: "Search products" });
      await expect(search).toHaveValue("hoodie");
      await search.fill("jacket");
      await search.press("Enter");
      await expect(page).toHaveURL(/\/products\?q=jacket/);
      const jackets = await readCards(page);
      expect(jackets.length).toBeGreaterThan(0);
      for (const card of jackets) expect(card.category).toBe("Jackets");
    } finally {
      await context.close();
    }
  });
});

test.describe("product page", () => {
  test("gallery arrows and thumbnails, SKU and the way back to the shop", async ({ page }) => {
    const { id } = await openProduct(page, GALLERY);
    const main = page.getByTestId("gallery-main-image");
    const thumbnails = page.getByRole("list", { name: "Product images" }).getByRole("button");
    const count = await thumbnails.count();
    expect(count).toBeGreaterThan(2);

    const first = await main.getAttribute("src");
    await expect(main).toHaveAttribute("alt", `${GALLERY}, image 1 of ${count}`);
    await page.getByRole("button", { name: "Next image" }).click();
    await expect(main).not.toHaveAttribute("src", first ?? "");
    await expect(main).toHaveAttribute("alt", `${GALLERY}, image 2 of ${count}`);
    const second = await main.getAttribute("src");
    await expect(thumbnails.nth(1)).toHaveAttribute("aria-current", "true");

    await page.getByRole("button", { name: "Previous image" }).click();
    await expect(main).toHaveAttribute("src", first ?? "");
    // previous from the first wraps round to the last
    await page.getByRole("button", { name: "Previous image" }).click();
    await expect(main).toHaveAttribute("alt", `${GALLERY}, image ${count} of ${count}`);
    await expect(main).not.toHaveAttribute("src", first ?? "");

    // a thumbnail selects its image
    await page.getByRole("button", { name: "Show image 2" }).click();
    await expect(main).toHaveAttribute("src", second ?? "");
    await expect(page.getByRole("button", { name: "Show image 2" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("button", { name: "Show image 1" })).toHaveAttribute("aria-current", "false");
    const thirdThumb = await thumbnails.nth(2).locator("img").getAttribute("src");
    await thumbnails.nth(2).click();
    await expect(main).toHaveAttribute("src", thirdThumb ?? "");

    // details
    const sku = `PRD-${id.slice(0, 8).toUpperCase()}`;
    expect(sku).toMatch(/^PRD-[0-9A-F]{8}$/);
    // in the details box, and again as the identifier of the "Product safety" section
    await expect(page.getByText(sku, { exact: true })).toHaveCount(2);
    await expect(page.getByTestId("product-safety").getByText(sku, { exact: true })).toBeVisible();
    await expect(page.getByText(sku, { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Hoodies", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Featured", { exact: true })).toBeVisible();
    await expect(page.getByTestId("stock-line")).toHaveText(/^In stock \(\d+ available\)$/);

    // up to 4 related products of the same category, never the product itself
    const related = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "You may also like" }) })
      .getByRole("article");
    const relatedCount = await related.count();
    expect(relatedCount).toBeGreaterThan(0);
    expect(relatedCount).toBeLessThanOrEqual(4);
    for (const card of await related.all()) {
      await expect(card.getByText("Hoodies", { exact: true })).toBeVisible();
      await expect(card.getByRole("link")).not.toHaveAttribute("href", `/products/${id}`);
    }

    await page.getByRole("link", { name: "Back to Products" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  });
});

test.describe("cart", () => {
  test("add 2 from the product page, see the cart, keep it on reload, clear it", async ({ page }) => {
    await openProduct(page, PLENTY);
    await expect(page.getByTestId("stock-line")).toHaveText(/^In stock \(\d+ available\)$/);
    const price = await productPagePrice(page);
    const quantity = stepper(page, PLENTY);
    await expect(quantity.value).toHaveText("1");
    await expect(quantity.decrease).toBeDisabled();
    await quantity.increase.click();
    await expect(quantity.value).toHaveText("2");
    await chooseSize(page, PLENTY_SIZE);
    await expect(page).toHaveURL(new RegExp(`\\?size=${PLENTY_SIZE}$`));

    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page, `Added ${PLENTY} to cart.`)).toBeVisible();
    await expect(cartBadge(page)).toHaveText("2");
    await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
    await expect(quantity.value).toHaveText("1");

    await page.getByRole("link", { name: "Cart, 2 items" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page).toHaveTitle(`Shopping Cart | ${STORE_NAME}`);

    const checkCart = async () => {
      const line = page.getByTestId("cart-line");
      await expect(line).toHaveCount(1);
      await expect(line.getByRole("link").filter({ hasText: PLENTY })).toHaveAttribute(
        "href",
        /^\/products\/[0-9a-f-]{36}$/,
      );
      await expect(line.getByText(`T-Shirts · Size ${PLENTY_SIZE}`)).toBeVisible();
      await expect(stepper(page, `${PLENTY} (${PLENTY_SIZE})`).value).toHaveText("2");
      await expect(line.getByTestId("line-price")).toHaveText(formatUsd(2 * price));
      await expect(page.getByText("Subtotal (2 items)")).toBeVisible();
      await expect(page.getByTestId("cart-subtotal")).toHaveText(formatUsd(2 * price));
      // the flat shipping is known, so the total includes it; the VAT is included, its amount
      // waits for the delivery country
      const total = formatUsd(2 * price + SHIPPING_CENTS);
      const summary = page.getByRole("complementary", { name: "Order Summary" });
      await expect(summary.getByTestId("cart-shipping")).toHaveText(formatUsd(SHIPPING_CENTS));
      await expect(page.getByTestId("cart-total")).toHaveText(total);
      const vat = cartVatRow("inclusive", null, DEFAULT_MONEY);
      await expect(summary.getByTestId("vat-row").locator("dt")).toHaveText(`${vat.label} ${vat.note}`);
      await expect(summary.getByTestId("vat-amount")).toHaveText("Included");
      await expect(summary.getByText("Calculated at checkout")).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^Checkout/ })).toContainText(total);
      await expect(cartBadge(page)).toHaveText("2");
    };
    await checkCart();

    await page.reload();
    await waitForHydration(page);
    await checkCart();

    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(toast(page, "Cart has been cleared.")).toBeVisible();
    await expect(page.getByTestId("cart-line")).toHaveCount(0);
    await expect(page.getByText("Your cart is empty")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Browse Products" })).toHaveAttribute(
      "href",
      "/products",
    );
    await expect(cartBadge(page)).toHaveCount(0);
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CART_KEY)) ?? "null")).toEqual(
      [],
    );

    await page.reload();
    await expect(page.getByText("Your cart is empty")).toBeVisible();
  });

  test("the minus button at 1 removes the line, and Remove removes a line", async ({ page }) => {
    const ids = await inStockProductIds(page);
    const [first, second] = ids;
    if (!first || !second) throw new Error("the sitemap lists fewer than two products");
    await seedCart(page, [
      { id: first, quantity: 1 },
      { id: second, quantity: 1 },
    ]);
    await visit(page, "/cart");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(cartBadge(page)).toHaveText("2");
    const firstName = (await lines.nth(0).getByRole("link").nth(1).textContent())?.trim() ?? "";
    const secondName = (await lines.nth(1).getByRole("link").nth(1).textContent())?.trim() ?? "";

    await lines.nth(0).getByRole("button", { name: "Decrease quantity" }).click();
    await expect(toast(page, `Removed ${firstName} from cart.`)).toBeVisible();
    await expect(lines).toHaveCount(1);
    await expect(page.getByText("Subtotal (1 item)")).toBeVisible();

    await lines.getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, `Removed ${secondName} from cart.`)).toBeVisible();
    await expect(page.getByText("Your cart is empty")).toBeVisible();
  });

  test("a saved cart is brought up to date with the catalog when the cart opens", async ({ page }) => {
    const products = await cartProducts(page, await sitemapProductIds(page));
    const soldOut = products.find((found) => found.stock === 0 && found.sizes.length > 1);
    const inStock = products.find(
      (found) => found.sizes.length > 1 && fullestSize(found).stock > 1 && fullestSize(found).stock < 50,
    );
    if (!soldOut || !inStock)
      throw new Error("the catalog needs a sold-out and an in-stock product in sizes");
    const size = fullestSize(inStock);
    const name = `${inStock.product.name} (${size.label})`;
    const ghost = { ...inStock.product, id: "00000000-0000-4000-8000-000000000000", name: "Ghost Tee" };
    await saveCart(page, [
      // saved earlier: a lower price, more than is left now
      {
        product: { ...inStock.product, priceCents: inStock.product.priceCents - 100 },
        size: { ...size, stock: 99 },
        quantity: size.stock + 2,
      },
      { product: soldOut.product, size: { ...(soldOut.sizes[0] as typeof size), stock: 5 }, quantity: 1 },
      { product: ghost, size: { ...size, id: "00000000-0000-4000-8000-00000000000f" }, quantity: 1 },
    ]);
    await visit(page, "/cart");

    await expect(
      toast(page, `Ghost Tee (${size.label}) is no longer available and was removed from your cart.`),
    ).toBeVisible();
    await expect(
      toast(
        page,
        `${soldOut.product.name} (${soldOut.sizes[0]?.label}) is sold out and was removed from your cart.`,
      ),
    ).toBeVisible();
    await expect(toast(page, `The price of ${inStock.product.name} has changed.`)).toBeVisible();
    await expect(
      toast(page, `Only ${size.stock} of ${name} left: quantity lowered to ${size.stock}.`),
    ).toBeVisible();

    const line = page.getByTestId("cart-line");
    await expect(line).toHaveCount(1);
    await expect(stepper(page, name).value).toHaveText(String(size.stock));
    await expect(stepper(page, name).increase).toBeDisabled();
    const linePrice = inStock.product.priceCents * size.stock;
    await expect(line.getByTestId("line-price")).toHaveText(formatUsd(linePrice));
    await expect(page.getByTestId("cart-total")).toHaveText(formatUsd(linePrice + SHIPPING_CENTS));
    await expect(cartBadge(page)).toHaveText(String(size.stock));
  });

  test("quantities stop at the stock; sold-out products cannot be added", async ({ page }) => {
    test.slow(); // three product pages and a walk up to the stock, one click at a time
    const lowStock = await findCardWithBadge(page, /^Only \d+ left$/);
    const total = Number.parseInt(lowStock.badge.replace("Only ", ""), 10);
    expect(total).toBeLessThan(5);

    const { id, url } = await openProduct(page, lowStock.name);
    await expect(page.getByTestId("stock-line")).toHaveText(`Only ${total} left in stock`);
    // without a size, Add to Cart asks for one and adds nothing
    const [found] = await cartProducts(page, [id]);
    const size = fullestSize(found!);
    const stock = size.stock;
    expect(stock).toBeGreaterThan(1);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please select a size" })).toBeVisible();
    await expect(cartBadge(page)).toHaveCount(0);
    await chooseSize(page, size.label);
    await expect(page.getByRole("alert").filter({ hasText: "Please select a size" })).toHaveCount(0);
    await expect(page.getByTestId("stock-line")).toHaveText(`Only ${stock} left in stock`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page, `Added ${lowStock.name} to cart.`)).toBeVisible();
    await expect(cartBadge(page)).toHaveText("1");

    // in the cart, plus goes up to the size's stock and no further
    await page.getByRole("link", { name: "Cart, 1 item" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    const inCart = stepper(page, `${lowStock.name} (${size.label})`);
    for (let value = 2; value <= stock; value += 1) {
      await inCart.increase.click();
      await expect(inCart.value).toHaveText(String(value));
    }
    await expect(inCart.increase).toBeDisabled();
    await expect(inCart.value).toHaveText(String(stock));
    await expect(page.getByTestId("cart-line").getByText(`Only ${stock} left`)).toBeVisible();
    await expect(cartBadge(page)).toHaveText(String(stock));

    // the product page, opened at that size from its link, stops at the stock too, and adding
    // more than is left is refused
    await visit(page, `${url}?size=${encodeURIComponent(size.label)}`);
    await expect(page.getByRole("radio", { name: size.label, exact: true })).toBeChecked();
    const onPage = stepper(page, lowStock.name);
    for (let value = 2; value <= stock; value += 1) {
      await onPage.increase.click();
      await expect(onPage.value).toHaveText(String(value));
    }
    await expect(onPage.increase).toBeDisabled();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page, `Sorry, only ${stock} items available in stock.`)).toBeVisible();
    await expect(cartBadge(page)).toHaveText(String(stock));

    // sold out: the button is disabled; a size can only be chosen to ask for an alert
    const soldOut = await findCardWithBadge(page, /^Sold out$/);
    await openProduct(page, soldOut.name);
    await expect(page.getByTestId("stock-line")).toHaveText("Out of stock");
    const addButton = page.getByRole("main").getByRole("button", { name: /Add to Cart|Out of Stock/ });
    await expect(addButton).toHaveCount(1);
    await expect(addButton).toBeDisabled();
    await expect(page.getByRole("group", { name: `Quantity of ${soldOut.name}` })).toHaveCount(0);
    for (const radio of await page.getByRole("radiogroup", { name: "Size" }).getByRole("radio").all())
      await expect(radio).toHaveAccessibleName(/, sold out$/);
  });
});

test.describe("not found", () => {
  test("an unknown route answers 404 with a way home", async ({ page }) => {
    const response = await visit(page, "/this-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await expect(page).toHaveTitle(`Page Not Found | ${STORE_NAME}`);
    await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Featured Collection" })).toBeVisible();
  });

  test("an unknown legal section answers 404 with the Legal Information overview", async ({ page }) => {
    const response = await visit(page, "/legal/shipping");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Legal Information" })).toBeVisible();
    await expect(page).toHaveTitle(`Legal Information | ${STORE_NAME}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Returns & Refunds" })).toHaveAttribute(
      "href",
      "/legal/returns",
    );
    await expect(main.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/legal/privacy",
    );
    await expect(main.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/legal/terms",
    );
  });

  for (const path of ["/products/not-a-uuid", "/products/00000000-0000-4000-8000-000000000000"]) {
    test(`${path} answers 404 "Product Not Found"`, async ({ page }) => {
      const response = await visit(page, path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Product Not Found" })).toBeVisible();
      await expect(page).toHaveTitle(`Product Not Found | ${STORE_NAME}`);
      const browse = page.getByRole("main").getByRole("link", { name: "Browse Products" });
      await expect(browse).toHaveAttribute("href", "/products");
      await browse.click();
      await expect(page).toHaveURL(/\/products$/);
    });
  }
});

test.describe("small screens (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function expectNoHorizontalScroll(page: Page) {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `page ${page.url()} is ${width}px wide`).toBeLessThanOrEqual(390);
  }

  test("home, shop, product and cart fit the width", async ({ page }) => {
    test.slow(); // many pages in one test
    await visit(page, "/");
    await expect(page.getByRole("heading", { name: "Featured Collection" })).toBeVisible();
    await expect(
      page.locator("section").filter({ hasText: "Featured Collection" }).getByRole("article"),
    ).toHaveCount(4);
    await expectNoHorizontalScroll(page);

    await visit(page, "/products");
    await expect(page.getByTestId("product-grid")).toBeVisible();
    await expectNoHorizontalScroll(page);

    const { id } = await openProduct(page, GALLERY);
    await expectNoHorizontalScroll(page);

    await seedCart(page, [{ id, quantity: 2 }]);
    await visit(page, "/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expectNoHorizontalScroll(page);
  });

  test("the menu button opens the navigation and following a link closes it", async ({ page }) => {
    await visit(page, "/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await expect(menu).toBeVisible();
    const links = menu.getByRole("navigation", { name: "Mobile" }).getByRole("link");
    await expect(links).toHaveText(["Home", "Shop", "About", "Legal"]);
    await expectNoHorizontalScroll(page);

    await links.filter({ hasText: "Shop" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();

    // and again from another page
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
  });
});

test.describe("titles and scrolling", () => {
  test('titles read "Page | Nocturn"', async ({ page }) => {
    test.slow(); // many pages in one test
    const pages: [string, string][] = [
      ["/", "Premium Streetwear"],
      ["/products", "Shop"],
      ["/products?category=hoodies", "Shop Hoodies"],
      ["/cart", "Shopping Cart"],
      ["/about", "Our Story"],
      ["/legal", "Legal Information"],
      ["/legal/returns", "Returns & Refunds"],
      ["/legal/privacy", "Privacy Policy"],
      ["/legal/terms", "Terms of Service"],
      ["/forbidden", "Access Denied"],
    ];
    for (const [path, title] of pages) {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await expect(page, path).toHaveTitle(`${title} | ${STORE_NAME}`);
    }
    await openProduct(page, GALLERY);
    await expect(page).toHaveTitle(`${GALLERY} | ${STORE_NAME}`);

    // client-side navigation updates the title too
    await page.getByRole("banner").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveTitle(`Our Story | ${STORE_NAME}`);
  });

  test("navigating to another page scrolls to the top", async ({ page }) => {
    await visit(page, "/");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1, name: "Our Story" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // from far down the shop to a product
    await visit(page, "/products");
    const lastCard = page.getByTestId("product-grid").getByRole("article").last();
    await lastCard.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await lastCard.getByRole("link").click();
    await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("link", { name: "Back to Products" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("search engines", () => {
  test("robots.txt keeps crawlers out of private pages", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const lines = (await response.text()).split("\n").map((line) => line.trim());
    for (const path of ["/admin", "/account", "/cart", "/checkout-success", "/back-in-stock"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.some((line) => /^Sitemap: https?:\/\/.+\/sitemap\.xml$/.test(line))).toBe(true);
  });

  test("sitemap.xml lists every product", async ({ page }) => {
    const ids = await sitemapProductIds(page);
    await page.goto("/products");
    expect(ids.length).toBe(await shopTotal(page));
    expect(new Set(ids).size).toBe(ids.length);
    const [first] = ids;
    const response = await page.goto(`/products/${first}`);
    expect(response?.status()).toBe(200);
  });

  test("a product page carries ProductGroup JSON-LD with an offer per size", async ({ page }) => {
    const { id, url } = await openProduct(page, PLENTY);
    const price = await productPagePrice(page);
    const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(json["@type"]).toBe("ProductGroup");
    expect(json.name).toBe(PLENTY);
    expect(json.productGroupID).toBe(`PRD-${id.slice(0, 8).toUpperCase()}`);
    expect(json.variesBy).toBe("https://schema.org/size");
    const [found] = await cartProducts(page, [id]);
    expect(json.hasVariant).toHaveLength(found!.sizes.length);
    for (const [index, size] of found!.sizes.entries()) {
      expect(json.hasVariant[index]).toMatchObject({
        "@type": "Product",
        size: size.label,
        url: `${url}?size=${size.label}`,
        offers: {
          "@type": "Offer",
          price: (price / 100).toFixed(2),
          priceCurrency: "USD",
          availability: size.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        },
      });
    }
    expect(parseUsd(`$${json.hasVariant[0].offers.price}`)).toBe(price);
    // the price a shopper sees holds the VAT, and search engines are told so
    expect(json.hasVariant[0].offers.priceSpecification).toMatchObject({ valueAddedTaxIncluded: true });

    // and a sold-out one says so
    const soldOut = await findCardWithBadge(page, /^Sold out$/);
    await openProduct(page, soldOut.name);
    const soldOutJson = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    for (const variant of soldOutJson.hasVariant)
      expect(variant.offers.availability).toBe("https://schema.org/OutOfStock");
  });
});
