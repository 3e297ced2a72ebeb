// The invoice of a paid order (docs/INVOICES.md): My Orders offers it as a PDF download named by its
// number, the order confirmation e-mail carries the same PDF, and the admin's order dialog links it.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { listOutbox } from "../../server/mail/read-outbox";
import { registerCustomer } from "./support/accounts";
import { adminBrowser } from "./support/admin";
import { purchase } from "./support/checkout";
import { expect, test } from "./support/fixtures";
import { shot } from "./support/screenshots";
import { visit } from "./support/store";

const OUTBOX = path.resolve(".tmp/e2e-data/outbox");

test("a paid order's invoice downloads from My Orders and comes with the confirmation e-mail", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await registerCustomer(page, "invoiced");
  const { orderNumber } = await purchase(page);

  await visit(page, "/account/orders");
  const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
  await row.getByRole("button", { name: /View/ }).click();
  const details = page.getByRole("dialog");
  const link = details.getByRole("link", { name: "Invoice (PDF)" });
  await expect(link).toBeVisible();
  await shot(page, "customer-order-invoice");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const fileName = download.suggestedFilename();
  expect(fileName).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

  await expect
    .poll(async () => {
      const mails = await listOutbox(OUTBOX);
      const confirmation = mails.find(
        (mail) => mail.to.includes(customer.email) && mail.subject.includes(orderNumber),
      );
      return confirmation?.attachments.map((attachment) => attachment.filename);
    })
    .toEqual([fileName]);

  const { page: admin, close } = await adminBrowser(browser);
  await visit(admin, `/admin/orders?q=${orderNumber}`);
  await admin
    .getByRole("button", { name: `View order ${orderNumber}` })
    .first()
    .click();
  const adminLink = admin.getByRole("dialog").getByRole("link", { name: "Invoice (PDF)" });
  await expect(adminLink).toHaveAttribute(
    "href",
    new RegExp(`/admin/orders/[0-9a-f-]+/documents/${fileName}$`),
  );
  const answer = await admin.request.get((await adminLink.getAttribute("href")) ?? "");
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  await close();
});
