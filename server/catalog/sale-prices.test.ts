// Sale prices end to end on the server (docs/PRICING.md#sale-prices): the admin's form writes the
// sale and its price history, the views show the price in force with the 30-day figure, the checkout
// charges it, and the job reprices products at a window's edge.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as productsAction } from "../../app/routes/admin/products/admin-products";
import { loader as productLoader } from "../../app/routes/shop/product";
import { saleMessages } from "../../core/validation/sale-form";
import { callRoute, dataOf, getRequest } from "../../tests/setup/route-call";
import {
  insertTestCoupon,
  registerTestCustomer,
  setupAdminAndCustomer,
} from "../../tests/setup/test-commerce";
import { prepareTestOrder } from "../../tests/setup/test-orders";
import { setupTestServices, TEST_PUBLIC_URL } from "../../tests/setup/test-services";
import { orderItem, product, productPriceChange, productVariant } from "../db/schema";
import { listAdminProductViews } from "./admin-product.view";
import { loadProductPricing } from "./product-prices";
import { refreshSalePrices } from "./refresh-sale-prices";

const t = setupTestServices();
const { admin } = setupAdminAndCustomer(t);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

type SaveAnswer = { ok: boolean; message?: string; error?: string };

/** Posts the admin product form (one "One Size" row of 10), as the dialog does. */
async function postSave(fields: Record<string, string>) {
  const body = new URLSearchParams({
    intent: "save",
    sizeId: "",
    sizeLabel: "One Size",
    sizeStock: "10",
    sizeSku: "",
    ...fields,
  });
  const request = new Request(new URL("/admin/products", TEST_PUBLIC_URL), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: TEST_PUBLIC_URL,
      Cookie: admin.cookie,
    },
    body,
  });
  return dataOf<SaveAnswer>(await callRoute(productsAction, request, { services: t.services }));
}

const rowNamed = async (name: string) =>
  (await t.services.db.select().from(product).where(eq(product.name, name)))[0]!;

const historyOf = (productId: string) =>
  t.services.db
    .select()
    .from(productPriceChange)
    .where(eq(productPriceChange.productId, productId))
    .orderBy(asc(productPriceChange.changedAt));

/** Saves a product again with the given fields changed (its One Size row kept). */
async function edit(id: string, name: string, fields: Record<string, string>) {
  const [size] = await t.services.db.select().from(productVariant).where(eq(productVariant.productId, id));
  return postSave({ id, name, sizeId: size!.id, ...fields });
}

describe("saving a sale", () => {
  it("records a price history row on creation and on every change of a price, with the admin", async () => {
    const created = await postSave({ name: "Sale Parka", price: "100" });
    expect(created.data).toMatchObject({ ok: true });
    const { id } = await rowNamed("Sale Parka");
    expect(await historyOf(id)).toEqual([
      expect.objectContaining({ priceCents: 10_000, salePriceCents: null, changedBy: admin.id }),
    ]);

    // a change that leaves the prices alone writes no row
    expect((await edit(id, "Sale Parka", { price: "100", description: "Warm." })).data.ok).toBe(true);
    expect(await historyOf(id)).toHaveLength(1);

    const endsAt = inHours(48);
    expect(
      (await edit(id, "Sale Parka", { price: "100", salePrice: "79.90", saleEndsAt: endsAt })).data.ok,
    ).toBe(true);
    expect(await rowNamed("Sale Parka")).toMatchObject({
      salePriceCents: 7990,
      saleStartsAt: null,
      saleEndsAt: new Date(endsAt),
      currentPriceCents: 7990,
    });
    // "Remove sale": the price field cleared (the dates go with it)
    expect((await edit(id, "Sale Parka", { price: "100", salePrice: "", saleEndsAt: endsAt })).data.ok).toBe(
      true,
    );
    expect(await rowNamed("Sale Parka")).toMatchObject({
      salePriceCents: null,
      saleEndsAt: null,
      currentPriceCents: 10_000,
    });
    const history = await historyOf(id);
    expect(history.map((row) => [row.priceCents, row.salePriceCents, row.saleEndsAt])).toEqual([
      [10_000, null, null],
      [10_000, 7990, new Date(endsAt)],
      [10_000, null, null],
    ]);

    // the admin's list carries the history, newest first, with who changed it
    const views = await listAdminProductViews({ ...t.services, query: "Sale Parka" });
    expect(views.products[0]!.priceHistory.map((entry) => entry.salePriceCents)).toEqual([null, 7990, null]);
    expect(views.products[0]!.priceHistory[0]!.changedBy).toEqual(expect.any(String));
  });

  it.each([
    [{ salePrice: "100" }, saleMessages.salePriceNotBelow],
    [{ salePrice: "120" }, saleMessages.salePriceNotBelow],
    [{ salePrice: "12.345" }, saleMessages.invalidSalePrice],
    [{ salePrice: "abc" }, saleMessages.invalidSalePrice],
    [{ salePrice: "50", saleStartsAt: "2030-06-01T18:30" }, saleMessages.invalidSaleStart],
    [{ salePrice: "50", saleEndsAt: "tomorrow" }, saleMessages.invalidSaleEnd],
    [{ salePrice: "50", saleStartsAt: inHours(10), saleEndsAt: inHours(5) }, saleMessages.saleEndBeforeStart],
    [{ salePrice: "50", saleStartsAt: inHours(5), saleEndsAt: inHours(5) }, saleMessages.saleEndBeforeStart],
  ])("refuses %o: %s", async (fields, message) => {
    const name = `Refused ${Math.random()}`;
    const result = await postSave({ name, price: "100", ...fields });
    expect(result.status).toBe(400);
    expect(result.data.error).toBe(message);
    expect((await t.services.db.select().from(product).where(eq(product.name, name))).length).toBe(0);
  });
});

/** A product saved through the form at `price` with a sale, and its One Size variant. */
async function productOnSale(name: string, price: string, sale: Record<string, string>) {
  expect((await postSave({ name, price, ...sale })).data.ok).toBe(true);
  const row = await rowNamed(name);
  const [variant] = await t.services.db
    .select()
    .from(productVariant)
    .where(eq(productVariant.productId, row.id));
  return { ...row, variant: variant! };
}

describe("the price in force", () => {
  it("is the sale price inside the window only, with the 30-day figure, for a whole page in one go", async () => {
    const running = await productOnSale("Running Sale Tee", "50", {
      salePrice: "35",
      saleEndsAt: inHours(24),
    });
    const coming = await productOnSale("Coming Sale Tee", "50", {
      salePrice: "35",
      saleStartsAt: inHours(24),
    });
    const regular = await productOnSale("Regular Tee", "50", {});
    // an older history: 60.00 long ago, 45.00 for ten days, 50.00, then the sale since yesterday
    await t.services.db
      .update(productPriceChange)
      .set({ changedAt: new Date(Date.now() - DAY) })
      .where(eq(productPriceChange.productId, running.id));
    await t.services.db.insert(productPriceChange).values([
      { productId: running.id, priceCents: 6000, changedAt: new Date(Date.now() - 60 * DAY) },
      { productId: running.id, priceCents: 4500, changedAt: new Date(Date.now() - 20 * DAY) },
      { productId: running.id, priceCents: 5000, changedAt: new Date(Date.now() - 10 * DAY) },
    ]);

    const pricing = await loadProductPricing({ db: t.services.db, products: [running, coming, regular] });
    expect(pricing.get(running.id)).toEqual({
      priceCents: 3500,
      sale: { regularPriceCents: 5000, lowestPriorPriceCents: 4500, endsAt: expect.any(String) },
    });
    expect(pricing.get(coming.id)).toEqual({ priceCents: 5000, sale: null });
    expect(pricing.has(regular.id)).toBe(false);
    // a page with no sale price on it asks the database nothing
    const unread = await loadProductPricing({
      db: new Proxy(t.services.db, {
        get: () => {
          throw new Error("no query expected");
        },
      }),
      products: [regular, { ...coming, salePriceCents: null }],
    });
    expect(unread.size).toBe(0);

    // the product page carries it
    const page = dataOf<{ product: { priceCents: number; sale: unknown } }>(
      await callRoute(productLoader, getRequest(`/products/${running.id}`), {
        services: t.services,
        params: { id: running.id },
      }),
    );
    expect(page.data.product).toMatchObject({
      priceCents: 3500,
      sale: { regularPriceCents: 5000, lowestPriorPriceCents: 4500 },
    });
  });

  it("is what the checkout charges, a coupon taken off the sale price", async () => {
    const shopper = await registerTestCustomer(t.services);
    const onSale = await productOnSale("Checkout Sale Hoodie", "80", { salePrice: "60" });
    const coming = await productOnSale("Checkout Later Hoodie", "80", {
      salePrice: "60",
      saleStartsAt: inHours(24),
    });
    const ten = await insertTestCoupon(t.services.db, { percentBasisPoints: 1000 });
    const summary = await prepareTestOrder(
      t.services,
      shopper,
      [
        { variantId: onSale.variant.id, quantity: 2 },
        { variantId: coming.variant.id, quantity: 1 },
      ],
      { couponCode: ten.code },
    );
    const items = await t.services.db
      .select()
      .from(orderItem)
      .where(eq(orderItem.orderId, summary.orderId))
      .orderBy(asc(orderItem.priceCents));
    expect(items.map((item) => [item.productName, item.priceCents, item.quantity])).toEqual([
      ["Checkout Sale Hoodie", 6000, 2],
      ["Checkout Later Hoodie", 8000, 1],
    ]);
    expect(summary.subtotalCents).toBe(20_000);
    expect(summary.discountCents).toBe(2000);
  });
});

describe("the refresh-sale-prices job", () => {
  it("reprices a product whose window closed, and leaves the others", async () => {
    const ending = await productOnSale("Ending Sale Cap", "30", {
      salePrice: "20",
      saleEndsAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect(ending.currentPriceCents).toBe(2000);
    expect(await refreshSalePrices(t.services)).toEqual({ repriced: 0 });
    // wait for the window's end to pass (the database runs on this machine's clock)
    const end = ending.saleEndsAt!.getTime();
    await expect.poll(() => Date.now() > end + 100, { timeout: 5000 }).toBe(true);
    expect(await refreshSalePrices(t.services)).toEqual({ repriced: 1 });
    expect((await rowNamed("Ending Sale Cap")).currentPriceCents).toBe(3000);
    expect(await refreshSalePrices(t.services)).toEqual({ repriced: 0 });
  });
});
