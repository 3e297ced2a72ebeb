// The invoice and credit-note downloads (docs/INVOICES.md#where-to-download): the customer gets
// their own order's documents, anyone else a 404; the admin routes are for admins only; My Orders,
// the admin's order and the receipt link them.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as customerDocument } from "../../app/routes/account/order-document";
import { loader as adminDocument } from "../../app/routes/admin/orders/order-document";
import { callRoute, getRequest, locationOf } from "../../tests/setup/route-call";
import { insertTestProduct, registerTestCustomer, signUpTestAdmin } from "../../tests/setup/test-commerce";
import { placePaidOrder } from "../../tests/setup/test-orders";
import { setupTestServices } from "../../tests/setup/test-services";
import { creditNote, invoice } from "../db/schema";
import { searchAdminOrderViews } from "../orders/admin-order.view";
import { cancelPaidOrder } from "../orders/cancel-paid-order";
import { listCustomerOrders } from "../orders/list-customer-orders";
import { searchReceiptViews } from "../receipts/receipt.view";

const t = setupTestServices();

async function cancelledOrder() {
  const customer = await registerTestCustomer(t.services, { fullName: "Owen Owner" });
  const product = await insertTestProduct(t.services.db, { priceCents: 3000 });
  const placed = await placePaidOrder(t.services, customer, [
    { variantId: product.variants[0]!.id, quantity: 1 },
  ]);
  const admin = await signUpTestAdmin(t.services);
  await cancelPaidOrder({ services: t.services, orderId: placed.orderId, by: { adminId: admin.id } });
  const [billed] = await t.services.db.select().from(invoice).where(eq(invoice.orderId, placed.orderId));
  const [credited] = await t.services.db
    .select()
    .from(creditNote)
    .where(eq(creditNote.invoiceId, billed!.id));
  return { customer, admin, placed, invoiceNumber: billed!.number, creditNoteNumber: credited!.number };
}

const download = (
  loader: typeof customerDocument | typeof adminDocument,
  base: string,
  orderId: string,
  file: string,
  cookie?: string,
) =>
  callRoute(loader, getRequest(`${base}/${orderId}/documents/${file}`, cookie), {
    services: t.services,
    params: { orderId, file },
  }) as Promise<Response>;

describe("the customer's download", () => {
  it("gives the owner the invoice and the credit note as PDF attachments named by their numbers", async () => {
    const { customer, placed, invoiceNumber, creditNoteNumber } = await cancelledOrder();
    for (const number of [invoiceNumber, creditNoteNumber]) {
      const answer = await download(
        customerDocument,
        "/account/orders",
        placed.orderId,
        `${number}.pdf`,
        customer.cookie,
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("application/pdf");
      expect(answer.headers.get("Content-Disposition")).toBe(`attachment; filename="${number}.pdf"`);
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      expect(
        Buffer.from(await answer.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
  });

  it("answers 404 to another customer, to a document of another order and to a made-up number", async () => {
    const first = await cancelledOrder();
    const second = await cancelledOrder();
    const answers = await Promise.all([
      download(
        customerDocument,
        "/account/orders",
        first.placed.orderId,
        `${first.invoiceNumber}.pdf`,
        second.customer.cookie,
      ),
      download(
        customerDocument,
        "/account/orders",
        second.placed.orderId,
        `${first.invoiceNumber}.pdf`,
        second.customer.cookie,
      ),
      download(
        customerDocument,
        "/account/orders",
        first.placed.orderId,
        "INV-1999-000001.pdf",
        first.customer.cookie,
      ),
      download(
        customerDocument,
        "/account/orders",
        "not-an-id",
        `${first.invoiceNumber}.pdf`,
        first.customer.cookie,
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
  });

  it("asks a visitor to sign in", async () => {
    const { placed, invoiceNumber } = await cancelledOrder();
    const answer = await download(
      customerDocument,
      "/account/orders",
      placed.orderId,
      `${invoiceNumber}.pdf`,
    );
    expect(locationOf(answer)).toMatch(/^\/login\?redirectTo=/);
  });

  it("is linked from My Orders: the invoice, then its credit note", async () => {
    const { customer, placed, invoiceNumber, creditNoteNumber } = await cancelledOrder();
    const [listed] = await listCustomerOrders({
      ...t.services,
      config: t.services.config,
      userId: customer.id,
    });
    expect(listed!.documents).toEqual([
      {
        kind: "invoice",
        number: invoiceNumber,
        label: "Invoice (PDF)",
        href: `/account/orders/${placed.orderId}/documents/${invoiceNumber}.pdf`,
      },
      {
        kind: "credit_note",
        number: creditNoteNumber,
        label: `Credit note ${creditNoteNumber} (PDF)`,
        href: `/account/orders/${placed.orderId}/documents/${creditNoteNumber}.pdf`,
      },
    ]);
  });
});

describe("the admin's download", () => {
  it("is for admins only, and linked from the order and the receipt", async () => {
    const { customer, admin, placed, invoiceNumber } = await cancelledOrder();
    const forAdmin = await download(
      adminDocument,
      "/admin/orders",
      placed.orderId,
      `${invoiceNumber}.pdf`,
      admin.cookie,
    );
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.headers.get("Content-Type")).toBe("application/pdf");
    const forCustomer = await download(
      adminDocument,
      "/admin/orders",
      placed.orderId,
      `${invoiceNumber}.pdf`,
      customer.cookie,
    );
    expect(locationOf(forCustomer)).toBe("/forbidden");
    const forVisitor = await download(adminDocument, "/admin/orders", placed.orderId, `${invoiceNumber}.pdf`);
    expect(locationOf(forVisitor)).toMatch(/^\/login\?redirectTo=/);

    const href = `/admin/orders/${placed.orderId}/documents/${invoiceNumber}.pdf`;
    const orders = await searchAdminOrderViews({ ...t.services, query: placed.orderNumber });
    expect(orders.orders.find((row) => row.id === placed.orderId)?.documents[0]?.href).toBe(href);
    const receipts = await searchReceiptViews({
      db: t.services.db,
      query: placed.orderNumber,
      locale: "en-US",
    });
    expect(receipts.receipts[0]?.documents[0]?.href).toBe(href);
  });
});
