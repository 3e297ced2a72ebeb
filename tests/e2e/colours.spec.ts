import { productMessages } from "../../core/validation/product-form";
import { registerCustomer, signInAsAdmin } from "./support/accounts";
import { adminBrowser } from "./support/admin";
import { payForCart } from "./support/checkout";
import { expect, type Page, test } from "./support/fixtures";
import { shot } from "./support/screenshots";
import { chooseSize, openProduct, toast, visit, waitForHydration } from "./support/store";

// A product of the demo catalog in three colours, each with its own pictures and sizes
// (server/catalog/demo/demo-products.ts).
const TEE = "Afterglow Heavyweight Tee";

interface ApiColor {
  id: string;
  name: string;
  slug: string;
  images: { src: string }[];
}
interface ApiSize {
  id: string;
  label: string;
  stock: number;
  colorId: string | null;
}

/** The product's colours and sizes now, from the store's cart API. */
async function colorsOf(page: Page, productId: string) {
  const response = await page.request.get(`/api/cart-products?ids=${productId}`);
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: { colors: ApiColor[]; sizes: ApiSize[] }[] };
  const [found] = products;
  if (!found) throw new Error(`no product ${productId}`);
  const sizesOf = (color: ApiColor) => found.sizes.filter((size) => size.colorId === color.id);
  return { colors: found.colors, sizesOf };
}

/** Picks a colour on the product page (clicks its swatch in the colour picker). */
async function chooseColor(page: Page, name: string) {
  await page.getByRole("radiogroup", { name: "Colour" }).locator("label").filter({ hasText: name }).click();
  await expect(page.getByRole("radio", { name, exact: true })).toBeChecked();
}

const mainImage = (page: Page) => page.getByTestId("gallery-main-image");

/** The sizes the picker offers, as their radios name them ("M", "S, sold out"). */
const offeredSizes = (page: Page) =>
  page
    .getByRole("radiogroup", { name: "Size" })
    .getByRole("radio")
    .evaluateAll((radios) => radios.map((radio) => radio.getAttribute("aria-label")));

const sizeNames = (sizes: ApiSize[]) =>
  sizes.map((size) => (size.stock > 0 ? size.label : `${size.label}, sold out`));

test.describe("colours", () => {
  test("a shopper picks a colour (pictures, sizes and URL follow), buys two colours of one size, and every screen names both", async ({
    page,
    browser,
  }) => {
    test.slow(); // a product page, the cart, the checkout, the payment page, My Orders and the admin
    await registerCustomer(page, "colours");
    const { id } = await openProduct(page, TEE);
    const { colors, sizesOf } = await colorsOf(page, id);
    expect(colors.map((color) => color.name)).toEqual(["Bone", "Black", "Rust"]);
    const [bone, black] = colors as [ApiColor, ApiColor];

    // without ?color= the page shows the first colour: its pictures and its sizes
    await expect(page.getByRole("radio", { name: "Bone", exact: true })).toBeChecked();
    await expect(mainImage(page)).toHaveAttribute("src", bone.images[0]!.src);
    expect(await offeredSizes(page)).toEqual(sizeNames(sizesOf(bone)));
    await shot(page, "colours-product-bone");

    // picking Black switches the pictures and the sizes, and the URL says so without a reload
    await chooseColor(page, "Black");
    await expect(page).toHaveURL(new RegExp(`/products/${id}\\?color=black$`));
    await expect(mainImage(page)).toHaveAttribute("src", black.images[0]!.src);
    await expect(mainImage(page)).toHaveAttribute("alt", /^Afterglow Heavyweight Tee, Black, image 1 of \d$/);
    expect(await offeredSizes(page)).toEqual(sizeNames(sizesOf(black)));
    await shot(page, "colours-product-black");

    // reloading (or sharing the link) keeps the colour: the server renders the page in it
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("radio", { name: "Black", exact: true })).toBeChecked();
    await expect(mainImage(page)).toHaveAttribute("src", black.images[0]!.src);

    // one size in stock in both colours: one of each goes into the cart, as two lines
    const label = sizesOf(black).find(
      (size) =>
        size.stock >= 2 && sizesOf(bone).some((other) => other.label === size.label && other.stock >= 2),
    )?.label;
    if (!label) throw new Error(`${TEE} has no size in stock in both Black and Bone`);
    await chooseSize(page, label);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page, `Added ${TEE} to cart.`)).toBeVisible();
    await chooseColor(page, "Bone");
    await expect(page).toHaveURL(/\?color=bone/);
    await chooseSize(page, label);
    await page.getByRole("button", { name: "Add to Cart" }).click();

    await visit(page, "/cart");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText(`Black · Size ${label}`);
    await expect(lines.nth(1)).toContainText(`Bone · Size ${label}`);
    // each line shows its colour's picture and leads back to the product in that colour
    await expect(lines.nth(0).getByRole("img")).toHaveAttribute("src", black.images[0]!.src);
    await expect(lines.nth(1).getByRole("img")).toHaveAttribute("src", bone.images[0]!.src);
    // (the picture and the name are both links there)
    await expect(lines.nth(0).getByRole("link", { name: TEE }).last()).toHaveAttribute(
      "href",
      `/products/${id}?color=black`,
    );
    await expect(page.getByRole("group", { name: `Quantity of ${TEE} (Black, ${label})` })).toBeVisible();
    await shot(page, "colours-cart");

    const { orderNumber } = await payForCart(page);

    // My Orders names colour and size, and links back to the colour
    await visit(page, "/account/orders");
    await page
      .getByTestId("order-row")
      .filter({ hasText: orderNumber })
      .getByRole("button", { name: /View/ })
      .click();
    const details = page.getByRole("dialog");
    await expect(details.getByText(new RegExp(`^Black · Size ${label} · 1 ×`))).toBeVisible();
    await expect(details.getByText(new RegExp(`^Bone · Size ${label} · 1 ×`))).toBeVisible();
    await expect(details.getByRole("link", { name: TEE }).first()).toHaveAttribute(
      "href",
      new RegExp(`^/products/${id}\\?color=(black|bone)&size=${label}$`),
    );
    await shot(page, "colours-my-order");

    // the admin's order and its receipt name them too
    const { page: admin, close } = await adminBrowser(browser);
    await visit(admin, `/admin/orders?q=${orderNumber}`);
    await admin
      .getByRole("button", { name: `View order ${orderNumber}` })
      .first()
      .click();
    const order = admin.getByRole("dialog");
    await expect(order.getByText(new RegExp(`^Black · Size ${label} ·`))).toBeVisible();
    await expect(order.getByText(new RegExp(`^Bone · Size ${label} ·`))).toBeVisible();
    await shot(admin, "colours-admin-order");
    await admin.keyboard.press("Escape");

    await visit(admin, `/admin/receipts?q=${orderNumber}`);
    await admin
      .getByRole("article")
      .filter({ hasText: orderNumber })
      .getByRole("button", { name: /View details of receipt/ })
      .click();
    const items = admin.getByRole("dialog").getByTestId("receipt-items");
    await expect(items).toContainText(`${TEE} (Black, ${label}) × 1`);
    await expect(items).toContainText(`${TEE} (Bone, ${label}) × 1`);
    await close();
  });

  test("an unknown colour in a link shows the first colour, not an error", async ({ page }) => {
    const { id } = await openProduct(page, TEE);
    const response = await visit(page, `/products/${id}?color=purple`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("radio", { name: "Bone", exact: true })).toBeChecked();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/products/${id}$`),
    );
  });

  test("the admin sees each colour with its pictures and sizes, and is told when a colour is listed twice", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await visit(page, `/admin/products?q=${encodeURIComponent(TEE)}`);
    await page.getByRole("button", { name: `Edit ${TEE}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    const cards = edit.getByTestId("color-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(1).getByLabel(/^Colour name/)).toHaveValue("Black");
    await expect(cards.nth(1).getByText("3/5")).toBeVisible();
    await expect(
      cards.nth(1).getByRole("heading", { name: /^Sizes and stock of Black · \d+ in stock$/ }),
    ).toBeVisible();
    // sizes are per colour: the product's own sizes editor is not offered beside them
    await expect(edit.getByRole("heading", { name: /^Sizes and stock · / })).toHaveCount(0);
    await cards.nth(0).evaluate((card) => card.scrollIntoView({ block: "start" }));
    await shot(page, "colours-admin-dialog");

    // a new colour starts with the sizes of the one before it, without stock
    await edit.getByRole("button", { name: "Add colour" }).click();
    await expect(cards).toHaveCount(4);
    const added = cards.nth(3);
    await expect(
      added.getByRole("heading", { name: /^Sizes and stock of colour 4 · 0 in stock$/ }),
    ).toBeVisible();
    await added.getByLabel(/^Colour name/).fill(" black ");
    await edit.getByRole("button", { name: "Update Product" }).click();
    await expect(edit.getByRole("alert")).toHaveText(productMessages.duplicateColor);
    await added.getByLabel(/^Colour name/).fill("");
    await edit.getByRole("button", { name: "Update Product" }).click();
    await expect(edit.getByRole("alert")).toHaveText(`Colour 4: ${productMessages.colorNameRequired}`);
    await added.getByRole("button", { name: "Remove colour 4" }).click();
    await expect(cards).toHaveCount(3);
  });
});
