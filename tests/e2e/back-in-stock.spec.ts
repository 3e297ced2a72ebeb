import path from "node:path";
import { listOutbox, type OutboxEmail } from "../../server/mail/read-outbox";
import { e2eDataDir, registerCustomer, uniqueEmail } from "./support/accounts";
import { adminBrowser } from "./support/admin";
import { expect, newWatchedContext, type Page, test } from "./support/fixtures";
import { shot, shotOf } from "./support/screenshots";
import { openProduct, toast, visit } from "./support/store";

// docs/BACK-IN-STOCK.md: a shopper asks to be told about a sold-out size, the admin restocks it,
// each request gets exactly one e-mail, and restocking again sends none.

const outbox = () => listOutbox(path.join(e2eDataDir(), "outbox"));

/** The e-mails to `to` whose subject matches, once at least `atLeast` of them have arrived. */
async function mailsTo(to: string, subject: RegExp, atLeast = 1): Promise<OutboxEmail[]> {
  let found: OutboxEmail[] = [];
  await expect(async () => {
    found = (await outbox()).filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
    expect(found.length).toBeGreaterThanOrEqual(atLeast);
  }).toPass({ timeout: 15_000 });
  return found;
}

/** The link on its own line after "Label: " in a mail's text part. */
function linkIn(mail: OutboxEmail, pattern: RegExp): string {
  const url = mail.text.match(pattern)?.[0];
  if (!url) throw new Error(`no link like ${pattern} in "${mail.subject}"`);
  const { pathname, search } = new URL(url);
  return pathname + search;
}

/** Picks a sold-out size: it is struck through, and offers the form instead of Add to Cart. */
async function chooseSoldOutSize(page: Page, label: string) {
  await page
    .getByRole("radiogroup", { name: "Size" })
    .locator("label")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
  await expect(page.getByRole("radio", { name: `${label}, sold out`, exact: true })).toBeChecked();
  await expect(page.getByTestId("stock-line")).toHaveText("Out of stock");
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  const form = page.getByTestId("back-in-stock");
  await expect(form.getByRole("heading", { name: `Size ${label} is sold out` })).toBeVisible();
  return form;
}

/** Admin → Products: sets the stock of one size of the product in its edit dialog. */
async function setStock(admin: Page, name: string, size: string, stock: number) {
  await visit(admin, `/admin/products?q=${encodeURIComponent(name)}`);
  await admin.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = admin.getByRole("dialog", { name: "Edit Product" });
  await edit.getByLabel(`Stock of ${size}`, { exact: true }).fill(String(stock));
  await edit.getByRole("button", { name: "Update Product" }).click();
  await expect(toast(admin, "Product updated successfully")).toBeVisible();
  await expect(edit).toBeHidden();
}

test.describe("back in stock", () => {
  // an admin product, two shoppers, the outbox and several saves
  test.describe.configure({ timeout: 120_000 });

  test("a shopper asks about a sold-out size, the admin restocks it: one e-mail per request, and none the second time", async ({
    page,
    browser,
  }) => {
    const admin = await adminBrowser(browser);
    const name = `Afterglow Hoodie ${Date.now()}`;
    // a product of this test's own, sold in S, M and L with only M in stock
    await visit(admin.page, "/admin/products");
    await admin.page.getByRole("button", { name: "Add Product" }).first().click();
    const dialog = admin.page.getByRole("dialog", { name: "Add Product" });
    await dialog.getByLabel("Product Name").fill(name);
    await dialog.getByLabel(/^Price/).fill("89");
    await dialog.getByLabel("Category").fill("Hoodies");
    await dialog.getByRole("button", { name: "XS-XXL" }).click();
    await dialog.getByLabel("Stock of M", { exact: true }).fill("9");
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await expect(toast(admin.page, "Product added successfully")).toBeVisible();

    // signed out: an e-mail address, then the confirmation link from the outbox
    const guestEmail = uniqueEmail("waiting");
    const { id } = await openProduct(page, name);
    const form = await chooseSoldOutSize(page, "S");
    await shotOf(form, "back-in-stock-form");
    await form.getByRole("button", { name: "Notify Me When It's Back" }).click();
    await expect(form.getByRole("alert")).toHaveText("Email is required");
    await form.getByLabel("E-mail").fill("not-an-address");
    await form.getByRole("button", { name: "Notify Me When It's Back" }).click();
    await expect(form.getByRole("alert")).toContainText("Please enter a valid email address.");
    await form.getByLabel("E-mail").fill(guestEmail);
    await form.getByRole("button", { name: "Notify Me When It's Back" }).click();
    await expect(form.getByRole("status")).toHaveText(
      `Check your inbox: we sent a message to ${guestEmail}. Confirm with its link and we will e-mail you once when this size is back.`,
    );
    await shot(page, "back-in-stock-asked");
    const [confirmation] = await mailsTo(guestEmail, /^Confirm your alert/);
    expect(confirmation?.subject).toBe(`Confirm your alert: ${name} (S)`);
    await visit(page, linkIn(confirmation!, /https?:\/\/\S+\/back-in-stock\/confirm\/[\w-]+/));
    await expect(page.getByRole("heading", { level: 1, name: "You're on the list" })).toBeVisible();
    await expect(page.getByText(`${name} (S)`)).toBeVisible();
    await shot(page, "back-in-stock-confirmed");

    // signed in: one press
    const shopper = await newWatchedContext(browser);
    const signedIn = await shopper.context.newPage();
    const customer = await registerCustomer(signedIn, "waiting");
    await visit(signedIn, `/products/${id}?size=S`);
    const oneClick = signedIn.getByTestId("back-in-stock");
    await expect(oneClick.getByText(`We will e-mail ${customer.email} once when it is back.`)).toBeVisible();
    await oneClick.getByRole("button", { name: "Notify Me When It's Back" }).click();
    await expect(oneClick.getByRole("status")).toHaveText(
      `You're on the list: we will e-mail ${customer.email} once when this size is back.`,
    );

    // the dashboard lists the size
    await visit(admin.page, "/admin/dashboard");
    const wanted = admin.page.getByTestId("most-wanted-row").filter({ hasText: name });
    await expect(wanted).toContainText("S");
    await expect(wanted.getByRole("cell").last()).toHaveText("2");
    await shotOf(
      admin.page
        .locator("section")
        .filter({ has: admin.page.getByRole("heading", { name: "Most wanted sold-out sizes" }) }),
      "back-in-stock-dashboard",
    );

    // the admin restocks S: exactly one e-mail per request, with a link to the size
    await setStock(admin.page, name, "S", 3);
    const subject = new RegExp(`^Back in stock: ${name} \\(S\\)$`);
    const [alert] = await mailsTo(guestEmail, subject);
    await mailsTo(customer.email, subject);
    await visit(page, linkIn(alert!, /https?:\/\/\S+\/products\/\S+/));
    await expect(page).toHaveURL(new RegExp(`/products/${id}\\?size=S$`));
    await expect(page.getByRole("radio", { name: "S", exact: true })).toBeChecked();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();

    // sold out and restocked again: the requests are closed
    await setStock(admin.page, name, "S", 0);
    await setStock(admin.page, name, "S", 5);
    // an e-mail queued after those saves: once it is in the outbox, anything they queued is too
    const marker = uniqueEmail("marker");
    await visit(page, `/products/${id}?size=L`);
    const later = page.getByTestId("back-in-stock");
    await later.getByLabel("E-mail").fill(marker);
    await later.getByRole("button", { name: "Notify Me When It's Back" }).click();
    await expect(later.getByRole("status")).toContainText("Check your inbox");
    await mailsTo(marker, /^Confirm your alert/);
    const mails = await outbox();
    for (const to of [guestEmail, customer.email])
      expect(
        mails.filter((mail) => mail.to.includes(to) && subject.test(mail.subject)),
        to,
      ).toHaveLength(1);

    await shopper.close();
    await admin.close();
  });

  test("asking again signed out says the same, and only the inbox learns it was already asked", async ({
    page,
  }) => {
    const { id } = await openProduct(page, "Lowlight Essential Tee");
    const email = uniqueEmail("again");
    const ask = async () => {
      await visit(page, `/products/${id}?size=S`);
      const form = page.getByTestId("back-in-stock");
      await form.getByLabel("E-mail").fill(email);
      await form.getByRole("button", { name: "Notify Me When It's Back" }).click();
      await expect(form.getByRole("status")).toContainText("Check your inbox");
      return form.getByRole("status").textContent();
    };
    const first = await ask();
    const [confirmation] = await mailsTo(email, /^Confirm your alert/);
    await visit(page, linkIn(confirmation!, /https?:\/\/\S+\/back-in-stock\/confirm\/[\w-]+/));
    await expect(page.getByRole("heading", { level: 1, name: "You're on the list" })).toBeVisible();
    expect(await ask()).toBe(first);
    await mailsTo(email, /^You're already on the list/);
    // the link worked once
    await visit(page, linkIn(confirmation!, /https?:\/\/\S+\/back-in-stock\/confirm\/[\w-]+/));
    await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  });
});
