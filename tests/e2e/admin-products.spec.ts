import { DEMO_SELLER } from "../../core/seller";
import { makeImage } from "../fixtures/images";
import { signInAsAdmin } from "./support/accounts";
import { deleteListedProduct } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, type Locator, newWatchedContext, type Page, test } from "./support/fixtures";
import { shot, shotOf } from "./support/screenshots";
import { cartBadge, openProduct, productCards, productPagePrice, toast, visit } from "./support/store";

async function pngFile(name: string, hue: number) {
  return { name, mimeType: "image/png", buffer: await makeImage("png", { width: 480, height: 600, hue }) };
}

/** Opens the Add Product dialog and attaches these files through its file chooser. */
async function openAddDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Add Product" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await expect(dialog).toBeVisible();
  return dialog;
}

function productRow(page: Page, name: string): Locator {
  return page.getByRole("row").filter({ has: page.getByText(name, { exact: true }) });
}

test.describe("admin: Manage Products", () => {
  // uploads, image encoding and several page loads: more than the default 30 s on a busy machine
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("an admin creates a product with two images, edits its price and deletes it; the shop follows", async ({
    page,
  }) => {
    const name = `Nebula Test Tee ${Date.now()}`;
    await visit(page, "/admin/products");
    await expect(page.getByRole("heading", { level: 1, name: "Manage Products" })).toBeVisible();

    const dialog = await openAddDialog(page);
    await dialog.getByLabel("Product Name").fill(name);
    await dialog.getByLabel(/^Price/).fill("42.50");
    // sold in sizes XS to XXL, only M in stock
    await dialog.getByRole("button", { name: "XS-XXL" }).click();
    await expect(dialog.getByRole("textbox", { name: "Size" })).toHaveCount(6);
    await dialog.getByLabel("Stock of M", { exact: true }).fill("7");
    await dialog.getByLabel("Category").fill("T-Shirts");
    await dialog.getByLabel("Description").fill("A heavyweight tee printed with a distant nebula.");
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([await pngFile("front.png", 10), await pngFile("back.png", 90)]);
    await expect(toast(page, "Successfully uploaded 2 image(s)")).toBeVisible();
    await expect(dialog.getByText("2/5")).toBeVisible();
    const tiles = dialog.getByRole("img", { name: /^Upload \d of 2/ });
    await expect(tiles).toHaveCount(2);
    // the second becomes the cover
    await dialog.getByRole("button", { name: "Move image 2 earlier" }).click();
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await expect(toast(page, "Product added successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = productRow(page, name);
    await expect(row).toContainText("$42.50");
    await expect(row).toContainText("T-Shirts");
    await expect(row.getByRole("cell").nth(3)).toHaveText("7Sold out: XS, S, L, XL, XXL");
    await expect(row.getByRole("cell").nth(4)).toHaveText("2");
    await expect(row.getByRole("img", { name: "Not featured" })).toBeVisible();

    // the shop lists it with its cover image, loaded from storage
    await visit(page, `/products?q=${encodeURIComponent(name)}`);
    const card = productCards(page).filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("$42.50");
    const cover = card.getByRole("img", { name });
    await expect(cover).toHaveAttribute("src", /\/media\/products\/[0-9a-f]{24}-640\.webp$/);
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await openProduct(page, name);
    await expect(page.getByRole("list", { name: "Product images" }).getByRole("listitem")).toHaveCount(2);
    const sizes = page.getByRole("radiogroup", { name: "Size" }).getByRole("radio");
    await expect(sizes).toHaveCount(6);
    await expect(page.getByRole("radio", { name: "M", exact: true })).toBeEnabled();
    await expect(page.getByRole("radio", { name: "XS, sold out" })).toHaveCount(1);

    // edit the price
    await visit(page, `/admin/products?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    await expect(edit.getByLabel(/^Price/)).toHaveValue("42.50");
    await expect(edit.getByText("2/5")).toBeVisible();
    await edit.getByLabel(/^Price/).fill("38");
    // a saved image is taken out only when the product is saved: no success toast yet, and an undo
    await edit.getByRole("button", { name: "Remove image 2" }).click();
    await expect(edit.getByText("1/5")).toBeVisible();
    await expect(edit.getByText("1 image will be removed when you save the product.")).toBeVisible();
    await expect(page.getByText("Image removed successfully")).toHaveCount(0);
    await edit.getByRole("button", { name: "Undo" }).click();
    await expect(edit.getByText("2/5")).toBeVisible();
    await expect(edit.getByRole("img", { name: /^Upload \d of 2/ })).toHaveCount(2);
    await expect(edit.getByTestId("images-removed-on-save")).toHaveCount(0);
    await edit.getByRole("button", { name: "Remove image 2" }).click();
    await edit.getByRole("button", { name: "Update Product" }).click();
    await expect(toast(page, "Product updated successfully")).toBeVisible();
    await expect(productRow(page, name)).toContainText("$38.00");
    await expect(productRow(page, name).getByRole("cell").nth(4)).toHaveText("1");
    await visit(page, `/products?q=${encodeURIComponent(name)}`);
    await expect(productCards(page).filter({ hasText: name })).toContainText("$38.00");

    // delete, after confirming
    await visit(page, `/admin/products?q=${encodeURIComponent(name)}`);
    await deleteListedProduct(page, name);
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await visit(page, `/products?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
  });

  test("a shopper without an account is served cached pages that work like live ones, and sees an edit on the next load", async ({
    page,
    browser,
    baseURL,
  }) => {
    const name = `Cached Comet Tee ${Date.now()}`;
    await visit(page, "/admin/products");
    const dialog = await openAddDialog(page);
    await dialog.getByLabel("Product Name").fill(name);
    await dialog.getByLabel(/^Price/).fill("20");
    await dialog.getByRole("button", { name: "One Size", exact: true }).click();
    await dialog.getByLabel("Stock of One Size", { exact: true }).fill("5");
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await expect(toast(page, "Product added successfully")).toBeVisible();

    const shopper = await newWatchedContext(browser, { baseURL });
    try {
      const shop = await shopper.context.newPage();
      const search = `/products?q=${encodeURIComponent(name)}`;
      await visit(shop, search);
      expect((await visit(shop, search))?.headers()["x-cache"]).toBe("HIT");
      await shop.getByTestId("product-grid").getByRole("link", { name, exact: true }).click();
      await expect(shop.getByRole("heading", { level: 1, name })).toBeVisible();
      const productUrl = new URL(shop.url()).pathname;
      // reached through a client-side navigation: its first whole load renders it
      expect((await visit(shop, productUrl))?.headers()["x-cache"]).toBe("MISS");
      // the page as cached: no nonce, its inline scripts allowed by hash, so it hydrates and works
      const cached = await visit(shop, productUrl);
      expect(cached?.headers()["x-cache"]).toBe("HIT");
      expect(cached?.headers()["content-security-policy"]).not.toContain("'nonce-");
      expect(await productPagePrice(shop)).toBe(2000);
      await shop.getByRole("button", { name: "Add to Cart" }).click();
      await expect(cartBadge(shop)).toHaveText("1");

      await visit(page, search.replace("/products", "/admin/products"));
      await page.getByRole("button", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit Product" });
      await edit.getByLabel(/^Price/).fill("25");
      await edit.getByRole("button", { name: "Update Product" }).click();
      await expect(toast(page, "Product updated successfully")).toBeVisible();

      const fresh = await visit(shop, productUrl);
      expect(fresh?.headers()["x-cache"]).toBe("MISS");
      expect(await productPagePrice(shop)).toBe(2500);
      await visit(shop, search);
      await expect(productCards(shop).filter({ hasText: name })).toContainText("$25.00");
    } finally {
      await shopper.close();
    }

    await visit(page, `/admin/products?q=${encodeURIComponent(name)}`);
    await deleteListedProduct(page, name);
  });

  test("an admin fills in a product's safety details and its page shows them under Product safety", async ({
    page,
  }) => {
    const name = `Import Test Bomber ${Date.now()}`;
    await visit(page, "/admin/products");
    const dialog = await openAddDialog(page);
    await dialog.getByLabel("Product Name").fill(name);
    await dialog.getByLabel(/^Price/).fill("129");
    await dialog.getByRole("button", { name: "One Size", exact: true }).click();
    await dialog.getByLabel("Stock of One Size", { exact: true }).fill("4");
    const safety = dialog.getByRole("group", { name: "Product safety" });
    await expect(safety).toContainText("your shop is then named as its manufacturer");

    // a manufacturer without an address is refused in the browser, with the form's own message
    await safety.getByLabel("Manufacturer name").fill("Hanseong Outerwear Co., Ltd.");
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "Give the manufacturer's name, postal address and e-mail or web address, or leave all three empty if the product is your own brand",
    );

    await safety
      .getByLabel("Manufacturer postal address")
      .fill("88 Seongsui-ro, Seoul 04781, Republic of Korea");
    await safety.getByLabel("Manufacturer e-mail or web address").fill("compliance@hanseong-outerwear.co.kr");
    await safety
      .getByLabel("EU responsible person")
      .fill(
        "Nordlicht Compliance GmbH, Speicherstraße 12, 20457 Hamburg, Germany, gpsr@nordlicht-compliance.de",
      );
    await safety.getByLabel("Composition").fill("Shell 100% nylon; lining and padding 100% polyester");
    await safety
      .getByLabel("Care instructions")
      .fill("Machine wash cold on a gentle cycle, zipped. Do not tumble dry.");
    await safety.getByLabel("Safety warnings").fill("Keep away from fire and open flames.");
    await safety.evaluate((group) => group.scrollIntoView({ block: "start" }));
    await shot(page, "admin-product-safety-dialog");
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await expect(toast(page, "Product added successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    // the edit dialog reads them back
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    await expect(edit.getByLabel("Manufacturer name")).toHaveValue("Hanseong Outerwear Co., Ltd.");
    await expect(edit.getByLabel("Composition")).toHaveValue(
      "Shell 100% nylon; lining and padding 100% polyester",
    );
    await edit.getByRole("button", { name: "Close" }).click();

    const { id } = await openProduct(page, name);
    const section = page.getByRole("region", { name: "Product safety" });
    await expect(section.getByRole("heading", { level: 2, name: "Product safety" })).toBeVisible();
    const term = (label: string) => section.locator(`dt:text-is("${label}") + dd`);
    await expect(term("Manufacturer")).toHaveText(
      "Hanseong Outerwear Co., Ltd.88 Seongsui-ro, Seoul 04781, Republic of Koreacompliance@hanseong-outerwear.co.kr",
    );
    await expect(section.getByRole("link", { name: "compliance@hanseong-outerwear.co.kr" })).toHaveAttribute(
      "href",
      "mailto:compliance@hanseong-outerwear.co.kr",
    );
    await expect(term("EU responsible person")).toHaveText(
      "Nordlicht Compliance GmbH, Speicherstraße 12, 20457 Hamburg, Germany, gpsr@nordlicht-compliance.de",
    );
    await expect(term("Product identifier")).toHaveText(`PRD-${id.slice(0, 8).toUpperCase()}`);
    await expect(term("Composition")).toHaveText("Shell 100% nylon; lining and padding 100% polyester");
    await expect(term("Care instructions")).toHaveText(
      "Machine wash cold on a gentle cycle, zipped. Do not tumble dry.",
    );
    await expect(term("Safety warnings")).toHaveText("Keep away from fire and open flames.");
    await expectNoSeriousViolations(page);
    await section.scrollIntoViewIfNeeded();
    await shotOf(section, "product-safety-section");

    await visit(page, `/admin/products?q=${encodeURIComponent(name)}`);
    await deleteListedProduct(page, name);
  });

  test("a fresh store's demo products carry their safety details: own brand, and an outside maker", async ({
    page,
  }) => {
    await openProduct(page, "Midnight Oversized Tee");
    const own = page.getByRole("region", { name: "Product safety" });
    // the shop's own brand: the seller (the demo seller, set for this server) is the manufacturer
    await expect(own.locator('dt:text-is("Manufacturer") + dd')).toHaveText(
      `${DEMO_SELLER.legalName}${DEMO_SELLER.address}${DEMO_SELLER.email}`,
    );
    await expect(own.locator('dt:text-is("Composition") + dd')).toHaveText("100% combed cotton, 280 g/m²");
    await expect(own.getByText("EU responsible person")).toHaveCount(0);
    await shot(page, "product-page-safety-own-brand");

    await openProduct(page, "Afterhours Crossbody Bag");
    const outside = page.getByRole("region", { name: "Product safety" });
    await expect(outside.locator('dt:text-is("Manufacturer") + dd')).toContainText(
      "Pearl River Bags Manufacturing Co., Ltd.",
    );
    await expect(outside.locator('dt:text-is("EU responsible person") + dd')).toContainText(
      "Nordlicht Compliance GmbH",
    );
    await shotOf(outside, "product-safety-section-outside-maker");
  });

  test("the server refuses a renamed text file and the form refuses a sixth image", async ({ page }) => {
    await visit(page, "/admin/products");
    const dialog = await openAddDialog(page);
    const input = dialog.locator('input[type="file"]');

    await input.setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("not a picture\n"),
    });
    await expect(toast(page, "Failed to upload some images")).toContainText(
      "notes.png is not a valid image file",
    );
    await expect(dialog.getByText("0/5")).toBeVisible();

    await input.setInputFiles(
      await Promise.all([1, 2, 3, 4, 5, 6].map((hue) => pngFile(`look-${hue}.png`, hue * 20))),
    );
    await expect(toast(page, "You can only upload up to 5 images")).toBeVisible();
    await expect(dialog.getByText("0/5")).toBeVisible();

    await dialog.getByLabel("Product Name").fill("Nameless Price");
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Name and price are required");
  });

  test("the sidebar highlights the current screen and collapses to icons", async ({ page }) => {
    await visit(page, "/admin");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");

    const toggle = page.getByRole("button", { name: "Toggle sidebar" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // icons only: each link is about as wide as its icon, yet keeps its name and still works
    const dashboard = nav.getByRole("link", { name: "Dashboard" });
    await expect.poll(async () => (await dashboard.boundingBox())?.width ?? 0).toBeLessThan(48);
    await dashboard.click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(dashboard).toHaveAttribute("aria-current", "page");

    // the choice survives a full page load
    await visit(page, "/admin/products");
    await expect(page.getByRole("button", { name: "Toggle sidebar" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect.poll(async () => (await dashboard.boundingBox())?.width ?? 0).toBeGreaterThan(100);
  });

  test("no serious accessibility violations on the list and in the open dialog", async ({ page }) => {
    await visit(page, "/admin/products");
    await expect(page.getByRole("table")).toBeVisible();
    await expectNoSeriousViolations(page);

    const dialog = await openAddDialog(page);
    await dialog.locator('input[type="file"]').setInputFiles([await pngFile("a11y.png", 60)]);
    await expect(toast(page, "Successfully uploaded 1 image(s)")).toBeVisible();
    await expect(dialog.getByRole("img", { name: /^Upload 1 of 1/ })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
