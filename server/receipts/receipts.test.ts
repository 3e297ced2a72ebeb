import { beforeAll, describe, expect, it } from "vitest";
import { loader as receiptsLoader } from "../../app/routes/admin/receipts/admin-receipts";
import { callRoute, dataOf, getRequest, routeArgs } from "../../tests/setup/route-call";
import {
  freshEmail,
  insertTestOrder,
  setupAdminAndCustomer,
  signUpTestAdmin,
} from "../../tests/setup/test-commerce";
import { createTestServices, requestContext, setupTestServices } from "../../tests/setup/test-services";
import { type order, type Receipt, receipt } from "../db/schema";
import type { ReceiptView } from "./receipt.view";

const t = setupTestServices();
const { admin, customer } = setupAdminAndCustomer(t, { fullName: "Rhea Moon", email: freshEmail("rhea") });

const getReceipts = (search = "", cookie = admin.cookie) =>
  callRoute(receiptsLoader, getRequest(`/admin/receipts${search}`, cookie), { services: t.services });

interface ReceiptsPage {
  receipts: ReceiptView[];
  total: number;
  overallTotal: number;
  page: number;
  pageCount: number;
  error: string | null;
}

async function listReceipts(search = ""): Promise<ReceiptsPage> {
  const result = await getReceipts(search);
  if (result instanceof Response) throw new Error(`expected data, got a ${result.status} Response`);
  return result as ReceiptsPage;
}

let second = 0;

/** A paid order and its receipt, each a second newer than the one before. */
async function insertReceipt(
  fields: Partial<Receipt> & { billingEmail: string },
  orderFields: Partial<typeof order.$inferInsert> = {},
) {
  const createdAt = new Date(Date.UTC(2025, 5, 1, 12, 0, ++second));
  const paid = await insertTestOrder(t.services.db, {
    userId: customer.id,
    shippingAddress: "Rhea Moon\nTorstraße 1\nBerlin, BE 10115\nDE",
    subtotalCents: 5000,
    totalCents: 5999,
    paidAt: createdAt,
    createdAt,
    ...orderFields,
  });
  const [row] = await t.services.db
    .insert(receipt)
    .values({
      orderId: paid!.id,
      cardBrand: "visa",
      cardLast4: "4242",
      amountCents: 5999,
      createdAt,
      ...fields,
    })
    .returning();
  return { receipt: row!, order: paid! };
}

const receiptNumbers = (page: ReceiptsPage) => page.receipts.map((row) => row.receiptNumber);

describe("receipts screen", () => {
  it("sends a signed-in customer to /forbidden and a visitor to sign in", async () => {
    const forbidden = await getReceipts("", customer.cookie);
    expect(forbidden).toBeInstanceOf(Response);
    expect((forbidden as Response).headers.get("Location")).toBe("/forbidden");
    const visitor = await callRoute(receiptsLoader, getRequest("/admin/receipts"), { services: t.services });
    expect((visitor as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Freceipts");
  });

  it("has nothing to show before the first payment", async () => {
    expect(await listReceipts()).toMatchObject({ receipts: [], total: 0, overallTotal: 0, error: null });
  });

  describe("with receipts", () => {
    let visa: Awaited<ReturnType<typeof insertReceipt>>;
    let euro: Awaited<ReturnType<typeof insertReceipt>>;
    let yen: Awaited<ReturnType<typeof insertReceipt>>;

    beforeAll(async () => {
      visa = await insertReceipt({
        billingEmail: "Rhea.Moon@Nocturn-Shop.io",
        providerData: { id: "ch_123", outcome: { network_status: "approved_by_network" }, amount: 5999 },
      });
      euro = await insertReceipt({
        billingEmail: "euro.buyer@nocturn-shop.io",
        currency: "eur",
        amountCents: 1200,
        cardBrand: "mastercard",
        cardLast4: "4444",
        status: "pending",
        providerData: null,
      });
      yen = await insertReceipt({
        billingEmail: "yen.buyer@nocturn-shop.io",
        currency: "jpy",
        amountCents: 5000,
        cardBrand: "amex",
        cardLast4: "0005",
        status: "refunded",
      });
    });

    it("lists them newest first with their order, card, amount in their currency and status", async () => {
      const page = await listReceipts();
      expect(page).toMatchObject({ total: 3, overallTotal: 3, page: 1, pageCount: 1, error: null });
      expect(receiptNumbers(page)).toEqual([
        yen.receipt.receiptNumber,
        euro.receipt.receiptNumber,
        visa.receipt.receiptNumber,
      ]);
      expect(page.receipts[2]).toEqual({
        id: visa.receipt.id,
        receiptNumber: visa.receipt.receiptNumber,
        refunds: [],
        orderNumber: visa.order.orderNumber,
        currency: "USD",
        billingEmail: "Rhea.Moon@Nocturn-Shop.io",
        cardLabel: "Visa •••• 4242",
        amount: "$59.99",
        status: "completed",
        createdAt: visa.receipt.createdAt.toISOString(),
        // an order placed before VAT, and a provider that reported none
        vat: null,
        providerVat: null,
        providerData: expect.stringContaining('\n  "id": "ch_123"'),
        // written straight into the table, not paid through the store: no invoice
        documents: [],
        // the fixture's order has no lines
        items: [],
      });
      // kept as jsonb, so the keys come back in the database's order: compare the value
      expect(JSON.parse(page.receipts[2]!.providerData!)).toEqual({
        id: "ch_123",
        outcome: { network_status: "approved_by_network" },
        amount: 5999,
      });
      expect(page.receipts[1]).toMatchObject({
        amount: "€12.00",
        cardLabel: "Mastercard •••• 4444",
        status: "pending",
        providerData: null,
      });
      // yen has no minor unit: 5000 is ¥5,000
      expect(page.receipts[0]).toMatchObject({ amount: "¥5,000", cardLabel: "American Express •••• 0005" });
    });

    it.each([
      ["receipt number", () => visa.receipt.receiptNumber.toLowerCase(), () => [visa.receipt.receiptNumber]],
      ["billing e-mail", () => "rhea.moon@NOCTURN", () => [visa.receipt.receiptNumber]],
      ["part of an e-mail", () => "BUYER", () => [yen.receipt.receiptNumber, euro.receipt.receiptNumber]],
      ["order number", () => euro.order.orderNumber.toLowerCase(), () => [euro.receipt.receiptNumber]],
    ])("finds receipts by %s, case-insensitively", async (_field, term, expected) => {
      const page = await listReceipts(`?q=${encodeURIComponent(term())}`);
      expect(receiptNumbers(page)).toEqual(expected());
      expect(page.overallTotal).toBe(3);
    });

    it("tells a search without results apart from an empty store", async () => {
      expect(await listReceipts("?q=nothing-like-this")).toMatchObject({
        receipts: [],
        total: 0,
        overallTotal: 3,
      });
    });

    it("pages 20 at a time", async () => {
      for (let n = 0; n < 20; n++) await insertReceipt({ billingEmail: `bulk${n}@nocturn-shop.io` });
      const first = await listReceipts();
      expect(first).toMatchObject({ total: 23, overallTotal: 23, pageCount: 2 });
      expect(first.receipts).toHaveLength(20);
      const last = await listReceipts("?page=2");
      expect(receiptNumbers(last)).toEqual([
        yen.receipt.receiptNumber,
        euro.receipt.receiptNumber,
        visa.receipt.receiptNumber,
      ]);
      const beyond = await getReceipts("?q=bulk&page=5");
      expect((beyond as Response).headers.get("Location")).toBe("/admin/receipts?q=bulk");
    });
  });

  it("shows the VAT of the receipt's order, and the VAT the provider reported", async () => {
    // $50.00 + $9.99 shipping to Germany, prices including VAT: $7.98 + $1.60 of it is VAT
    const { receipt: paid } = await insertReceipt(
      { billingEmail: "vat.buyer@nocturn-shop.io", taxCents: 958 },
      { taxCountry: "DE", taxRateBasisPoints: 1900, taxCents: 958, shippingTaxCents: 160 },
    );
    const [view] = (await listReceipts(`?q=${paid.receiptNumber}`)).receipts;
    expect(view).toMatchObject({
      amount: "$59.99",
      vat: { label: "VAT 19% (Germany)", amount: "$9.58" },
      providerVat: "$9.58",
    });
  });

  it("shows the spec's message when the receipts cannot be read", async () => {
    const other = await createTestServices();
    const { cookie } = await signUpTestAdmin(other.services);
    const context = await requestContext(other.services, { cookie });
    await other.close();
    // the session was read before the database closed: the guard lets the admin in, the query fails
    const result = dataOf(await receiptsLoader(routeArgs(getRequest("/admin/receipts"), context)));
    expect(result.status).toBe(500);
    expect(result.data).toMatchObject({ error: "Failed to load receipts", receipts: [] });
  });
});
