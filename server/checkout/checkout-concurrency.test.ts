// Many shoppers at once. The races are real only on PostgreSQL with a connection pool, so they run
// only there (CI runs the suite on PostgreSQL too); PGlite runs one transaction at a time and they
// could not fail on it. The same rules, with the shoppers paying one after another, run on both.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutMessages } from "../../core/checkout";
import { couponMessages } from "../../core/coupon";
import {
  insertTestCoupon,
  insertTestProduct,
  insertTestUsers,
  productStock,
  sizeRun,
  sizeStock,
  TEST_SHIPPING,
} from "../../tests/setup/test-commerce";
import { onPostgres } from "../../tests/setup/test-database";
import { setupTestServices } from "../../tests/setup/test-services";
import { isAppError } from "../app-error";
import { coupon, order } from "../db/schema";
import { prepareOrder } from "./prepare-order";
import { startPayment } from "./start-payment";

const t = setupTestServices();

/** One pending order per shopper for these lines, as the shipping step makes them. */
async function pendingOrders(
  shoppers: { id: string; email: string }[],
  linesFor: (index: number) => { variantId: string; quantity: number }[],
  couponCode = "",
) {
  const orders = [];
  for (const [index, shopper] of shoppers.entries()) {
    const summary = await prepareOrder({
      services: t.services,
      userId: shopper.id,
      lines: linesFor(index),
      shipping: TEST_SHIPPING,
      couponCode,
      taxMode: "inclusive",
    });
    orders.push({ shopper, orderId: summary.orderId });
  }
  return orders;
}

/** The shoppers press Pay in turn, each after the one before has been answered. */
async function payInTurn(orders: { shopper: { id: string; email: string }; orderId: string }[]) {
  const results: PromiseSettledResult<unknown>[] = [];
  for (const { shopper, orderId } of orders) {
    results.push(
      await startPayment({
        services: t.services,
        userId: shopper.id,
        customerEmail: shopper.email,
        orderId,
      }).then(
        (value) => ({ status: "fulfilled" as const, value }),
        (reason: unknown) => ({ status: "rejected" as const, reason }),
      ),
    );
  }
  return results;
}

/** Everyone presses Pay at the same moment. */
function payAll(orders: { shopper: { id: string; email: string }; orderId: string }[]) {
  return Promise.allSettled(
    orders.map(({ shopper, orderId }) =>
      startPayment({ services: t.services, userId: shopper.id, customerEmail: shopper.email, orderId }),
    ),
  );
}

const refusals = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));

const stockOf = (productId: string) => productStock(t.services.db, productId);

describe("checkout, shoppers paying one after another", () => {
  it("6 shoppers, 3 in stock: the first 3 reserve, the rest are told it is sold out", async () => {
    const drop = await insertTestProduct(t.services.db, { name: "Turn Hoodie", stock: 3 });
    const shoppers = await insertTestUsers(t.services.db, 6);
    const orders = await pendingOrders(shoppers, () => [{ variantId: drop.variant.id, quantity: 1 }]);
    const results = await payInTurn(orders);

    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "rejected",
    ]);
    for (const reason of refusals(results)) {
      expect(isAppError(reason) && reason.userMessage).toBe(
        checkoutMessages.notEnoughStock("Turn Hoodie", 0),
      );
    }
    expect(await stockOf(drop.id)).toBe(0);
  });

  it("a coupon limited to 2 uses is redeemed by the first 2 of 4 checkouts", async () => {
    const tee = await insertTestProduct(t.services.db, { stock: 10 });
    const limited = await insertTestCoupon(t.services.db, { usageLimit: 2 });
    const shoppers = await insertTestUsers(t.services.db, 4);
    const orders = await pendingOrders(
      shoppers,
      () => [{ variantId: tee.variant.id, quantity: 1 }],
      limited.code,
    );
    const results = await payInTurn(orders);

    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
    ]);
    for (const reason of refusals(results)) {
      expect(isAppError(reason) && reason.userMessage).toBe(couponMessages.exhausted);
    }
    const [after] = await t.services.db.select().from(coupon).where(eq(coupon.id, limited.id));
    expect(after?.usageCount).toBe(2);
    expect(await stockOf(tee.id)).toBe(8);
  });
});

describe.runIf(onPostgres)("checkout under concurrency (PostgreSQL only: PGlite has one connection)", () => {
  it("50 shoppers racing for 5 in stock (PostgreSQL only): exactly 5 reservations, the rest are told it is sold out", async () => {
    const drop = await insertTestProduct(t.services.db, { name: "Last Drop Hoodie", stock: 5 });
    const shoppers = await insertTestUsers(t.services.db, 50);
    const orders = await pendingOrders(shoppers, () => [{ variantId: drop.variant.id, quantity: 1 }]);
    // the last units went while they were filling in their addresses
    const results = await payAll(orders);

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    const refused = refusals(results);
    expect(refused).toHaveLength(45);
    for (const reason of refused) {
      expect(isAppError(reason) && reason.userMessage).toBe(
        checkoutMessages.notEnoughStock("Last Drop Hoodie", 0),
      );
    }
    expect(await stockOf(drop.id)).toBe(0);
    const reserved = await t.services.db
      .select({ id: order.id })
      .from(order)
      .where(eq(order.isReserved, true));
    expect(reserved.filter((row) => orders.some((o) => o.orderId === row.id))).toHaveLength(5);
  });

  it("racing carts holding the same two products in opposite orders never deadlock (PostgreSQL only)", async () => {
    const left = await insertTestProduct(t.services.db, { stock: 100 });
    const right = await insertTestProduct(t.services.db, { stock: 100 });
    const shoppers = await insertTestUsers(t.services.db, 30);
    const orders = await pendingOrders(shoppers, (index) =>
      index % 2 === 0
        ? [
            { variantId: left.variant.id, quantity: 1 },
            { variantId: right.variant.id, quantity: 2 },
          ]
        : [
            { variantId: right.variant.id, quantity: 2 },
            { variantId: left.variant.id, quantity: 1 },
          ],
    );
    const results = await payAll(orders);
    expect(refusals(results)).toEqual([]);
    expect(await stockOf(left.id)).toBe(70);
    expect(await stockOf(right.id)).toBe(40);
  });

  it("racing carts of several sizes of one product take each size's stock once and never deadlock (PostgreSQL only)", async () => {
    const hoodie = await insertTestProduct(t.services.db, {
      name: "Racing Hoodie",
      sizes: sizeRun({ S: 30, M: 3, L: 30 }),
    });
    const [small, medium, large] = hoodie.variants;
    const shoppers = await insertTestUsers(t.services.db, 24);
    // two in three shoppers want one M (3 in stock); everyone wants an S and an L, in either order
    const wantsMedium = (index: number) => index % 3 !== 0;
    const orders = await pendingOrders(shoppers, (index) => {
      const lines = [
        { variantId: small!.id, quantity: 1 },
        { variantId: large!.id, quantity: 1 },
      ];
      if (index % 2) lines.reverse();
      return wantsMedium(index) ? [...lines, { variantId: medium!.id, quantity: 1 }] : lines;
    });
    const results = await payAll(orders);

    // only M runs out: exactly 3 of the 16 who wanted one got one, the others were told why
    const refused = refusals(results);
    expect(refused).toHaveLength(16 - 3);
    for (const reason of refused) {
      expect(isAppError(reason) && reason.userMessage).toBe(
        checkoutMessages.notEnoughStock("Racing Hoodie (M)", 0),
      );
    }
    const served = 24 - refused.length;
    expect(await sizeStock(t.services.db, medium!.id)).toBe(0);
    expect(await sizeStock(t.services.db, small!.id)).toBe(30 - served);
    expect(await sizeStock(t.services.db, large!.id)).toBe(30 - served);
    expect(await stockOf(hoodie.id)).toBe(2 * (30 - served));
  });

  it("a coupon limited to 3 uses is redeemed exactly 3 times by 20 racing checkouts (PostgreSQL only)", async () => {
    const tee = await insertTestProduct(t.services.db, { stock: 100 });
    const limited = await insertTestCoupon(t.services.db, { usageLimit: 3 });
    const shoppers = await insertTestUsers(t.services.db, 20);
    const orders = await pendingOrders(
      shoppers,
      () => [{ variantId: tee.variant.id, quantity: 1 }],
      limited.code,
    );
    const results = await payAll(orders);

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    for (const reason of refusals(results)) {
      expect(isAppError(reason) && reason.userMessage).toBe(couponMessages.exhausted);
    }
    const [after] = await t.services.db.select().from(coupon).where(eq(coupon.id, limited.id));
    expect(after?.usageCount).toBe(3);
    // a refused checkout keeps none of its stock
    expect(await stockOf(tee.id)).toBe(97);
  });
});
