// A delayed payment method (SEPA Direct Debit): the payment page completes unpaid, the order holds
// its stock and coupon use as "processing" until the bank answers, then settles or releases once.
// Driven through the built-in test checkout's debit and its test bank, which is what Stripe's
// checkout.session.async_payment_succeeded / _failed make the store do.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutMessages } from "../../core/checkout";
import {
  insertTestCoupon,
  insertTestProduct,
  insertTestUsers,
  orderRow,
  productStock,
} from "../../tests/setup/test-commerce";
import { onPostgres } from "../../tests/setup/test-database";
import { placeReservedOrder, prepareTestOrder } from "../../tests/setup/test-orders";
import { createTestServices, setupTestServices, type TestServices } from "../../tests/setup/test-services";
import { isAppError } from "../app-error";
import { openDatabase } from "../db/client";
import { coupon, couponUsage, order, outgoingEmail, receipt } from "../db/schema";
import { updateOrder } from "../orders/update-order";
import {
  finishTestDelayedPayment,
  submitTestDebit,
  TEST_IBAN,
  testCheckoutMessages,
} from "../payments/test-provider";
import type { Services } from "../services";
import { CHECKOUT_SESSION_MS, RESERVATION_GRACE_MS, startPayment } from "./start-payment";
import { sweepExpiredReservations } from "./sweep-reservations";
import { syncPaymentSession } from "./sync-payment";

const t = setupTestServices();

const HOUR = 60 * 60 * 1000;
const stockOf = (productId: string) => productStock(t.services.db, productId);
const orderOf = (orderId: string) => orderRow(t.services.db, orderId);

async function newShopper() {
  const [shopper] = await insertTestUsers(t.services.db, 1);
  return shopper!;
}

/** Two of a product bought with a coupon, paid by the test debit: the order is now processing. */
async function processingOrder(options: { stock?: number } = {}) {
  const product = await insertTestProduct(t.services.db, { stock: options.stock ?? 5 });
  const welcome = await insertTestCoupon(t.services.db, { usageLimit: 10 });
  const shopper = await newShopper();
  const placed = await placeReservedOrder(
    t.services,
    shopper,
    [{ variantId: product.variant.id, quantity: 2 }],
    {
      couponCode: welcome.code,
    },
  );
  await submitTestDebit({
    db: t.services.db,
    sessionId: placed.sessionId,
    iban: "DE89 3704 0044 0532 0130 00",
    acceptsMandate: true,
  });
  const { outcome } = await syncPaymentSession({ services: t.services, sessionId: placed.sessionId });
  expect(outcome).toBe("processing");
  return { ...placed, product, shopper, coupon: welcome };
}

/** The test bank answers, then the store hears of it as from an async webhook. */
async function bankAnswers(services: Services, sessionId: string, outcome: "succeeded" | "failed") {
  await finishTestDelayedPayment({ db: services.db, sessionId, outcome });
  return syncPaymentSession({
    services,
    sessionId,
    eventType: `checkout.session.async_payment_${outcome}`,
  });
}

const receiptsOf = (orderId: string) =>
  t.services.db.select().from(receipt).where(eq(receipt.orderId, orderId));

async function confirmationsOf(orderNumber: string) {
  const rows = await t.services.db
    .select({ subject: outgoingEmail.subject })
    .from(outgoingEmail)
    .where(eq(outgoingEmail.kind, "order_confirmation"));
  return rows.filter((row) => row.subject.includes(orderNumber));
}

const usesOf = async (couponId: string) =>
  (await t.services.db.select().from(coupon).where(eq(coupon.id, couponId)))[0]?.usageCount;

describe("the test checkout's SEPA Direct Debit", () => {
  it("accepts only the test IBAN, and only with the mandate", async () => {
    const product = await insertTestProduct(t.services.db, { stock: 3 });
    const shopper = await newShopper();
    const { sessionId } = await placeReservedOrder(t.services, shopper, [
      { variantId: product.variant.id, quantity: 1 },
    ]);
    const debit = (iban: string, acceptsMandate = true) =>
      submitTestDebit({ db: t.services.db, sessionId, iban, acceptsMandate }).catch(
        (error: unknown) => error,
      );

    const otherIban = await debit("FR14 2004 1010 0505 0001 3M02 606");
    expect(isAppError(otherIban) && otherIban.userMessage).toBe(testCheckoutMessages.unknownIban);
    const noMandate = await debit(TEST_IBAN, false);
    expect(isAppError(noMandate) && noMandate.userMessage).toBe(testCheckoutMessages.mandate);
    expect((await t.services.payments.retrieveSession(sessionId)).status).toBe("open");
  });
});

describe("a processing payment", () => {
  it("shows the method used, holds its stock and coupon past the card payment's expiry, and is no open checkout", async () => {
    const { orderId, sessionId, product, shopper, coupon: welcome } = await processingOrder();

    expect(await orderOf(orderId)).toMatchObject({
      status: "pending",
      paymentStatus: "processing",
      isReserved: true,
      reservedUntil: null,
      paymentSessionId: sessionId,
      paymentMethodType: "sepa_debit",
      paymentMethodLabel: "SEPA Direct Debit •••• 3000",
    });
    expect(await stockOf(product.id)).toBe(3);

    // a day after the page and its grace period ended: the sweeper leaves it alone
    const later = new Date(Date.now() + CHECKOUT_SESSION_MS + RESERVATION_GRACE_MS + 24 * HOUR);
    await sweepExpiredReservations({ services: t.services, now: later });
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "processing", isReserved: true });
    expect(await stockOf(product.id)).toBe(3);
    expect(await usesOf(welcome.id)).toBe(1);
    expect(await receiptsOf(orderId)).toHaveLength(0);

    // it cannot be paid again, and the shopper's next cart is a checkout of its own
    const again = await startPayment({
      services: t.services,
      userId: shopper.id,
      customerEmail: shopper.email,
      orderId,
    }).catch((error: unknown) => error);
    expect(isAppError(again) && again.userMessage).toBe(checkoutMessages.orderNotPayable);
    const next = await prepareTestOrder(t.services, shopper, [
      { variantId: product.variant.id, quantity: 1 },
    ]);
    expect(next.orderId).not.toBe(orderId);
    const open = await t.services.db
      .select({ id: order.id })
      .from(order)
      .where(
        and(
          eq(order.userId, shopper.id),
          eq(order.status, "pending"),
          eq(order.paymentStatus, "pending"),
          eq(order.isReserved, false),
        ),
      );
    expect(open.map((row) => row.id)).toEqual([next.orderId]);

    // nor cancelled by the admin while the bank may still pay it
    const cancel = await updateOrder({
      services: t.services,
      orderId,
      status: "cancelled",
      trackingCode: "",
    }).catch((error: unknown) => error);
    expect(isAppError(cancel) && cancel.code).toBe("payment_processing");
    expect(await orderOf(orderId)).toMatchObject({ status: "pending", paymentStatus: "processing" });
  });

  it("settles once: paid, one receipt naming the method, one confirmation, the stock taken once", async () => {
    const { orderId, orderNumber, sessionId, product, coupon: welcome } = await processingOrder();

    expect((await bankAnswers(t.services, sessionId, "succeeded")).outcome).toBe("paid");
    // the same answer again (a redelivered webhook, the bank page pressed twice)
    expect((await bankAnswers(t.services, sessionId, "succeeded")).outcome).toBe("already-settled");
    expect((await syncPaymentSession({ services: t.services, sessionId })).outcome).toBe("already-settled");

    expect(await orderOf(orderId)).toMatchObject({
      status: "processing",
      paymentStatus: "paid",
      isReserved: true,
      paymentMethodLabel: "SEPA Direct Debit •••• 3000",
    });
    const receipts = await receiptsOf(orderId);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      paymentMethodType: "sepa_debit",
      paymentMethodLabel: "SEPA Direct Debit •••• 3000",
    });
    expect(await confirmationsOf(orderNumber)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(3);
    expect(await usesOf(welcome.id)).toBe(1);
    expect(
      await t.services.db.select().from(couponUsage).where(eq(couponUsage.orderId, orderId)),
    ).toHaveLength(1);
    // the bank cannot change its mind
    const fail = await finishTestDelayedPayment({ db: t.services.db, sessionId, outcome: "failed" }).catch(
      (error: unknown) => error,
    );
    expect(isAppError(fail) && fail.userMessage).toBe(testCheckoutMessages.notProcessing);
  });

  it("fails once: the stock and the coupon use come back once, the order is failed, nothing is charged", async () => {
    const { orderId, orderNumber, sessionId, product, coupon: welcome } = await processingOrder();

    expect((await bankAnswers(t.services, sessionId, "failed")).outcome).toBe("released");
    expect((await bankAnswers(t.services, sessionId, "failed")).outcome).toBe("already-settled");
    expect((await syncPaymentSession({ services: t.services, sessionId })).outcome).toBe("already-settled");

    expect(await orderOf(orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "failed",
      isReserved: false,
    });
    expect(await stockOf(product.id)).toBe(5);
    expect(await usesOf(welcome.id)).toBe(0);
    expect(await receiptsOf(orderId)).toHaveLength(0);
    expect(await confirmationsOf(orderNumber)).toHaveLength(0);
  });
});

/** Services on a pool of their own on this file's PostgreSQL database: a second process. */
async function secondProcess(): Promise<TestServices> {
  const [current] = (
    (await t.services.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${current!.name}`;
  return createTestServices({}, { database: await openDatabase({ url: url.href }) });
}

describe.runIf(onPostgres)("a processing payment's answer, twice at once (PostgreSQL only)", () => {
  it("settled from two processes at the same moment: paid once, one receipt, one e-mail, stock taken once", async () => {
    const other = await secondProcess();
    try {
      for (let round = 0; round < 5; round++) {
        const { orderId, orderNumber, sessionId, product } = await processingOrder();
        await finishTestDelayedPayment({ db: t.services.db, sessionId, outcome: "succeeded" });
        const outcomes = await Promise.all([
          syncPaymentSession({
            services: t.services,
            sessionId,
            eventType: "checkout.session.async_payment_succeeded",
          }),
          syncPaymentSession({ services: other.services, sessionId }),
        ]);
        expect(outcomes.map((result) => result.outcome).sort()).toEqual(["already-settled", "paid"]);
        expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", status: "processing" });
        expect(await receiptsOf(orderId)).toHaveLength(1);
        expect(await confirmationsOf(orderNumber)).toHaveLength(1);
        expect(await stockOf(product.id)).toBe(3);
      }
    } finally {
      await other.close();
    }
  });

  it("settle and fail pressed at the same moment: one answer wins, and the order follows it once", async () => {
    const other = await secondProcess();
    try {
      for (let round = 0; round < 5; round++) {
        const { orderId, orderNumber, sessionId, product, coupon: welcome } = await processingOrder();
        const results = await Promise.allSettled([
          bankAnswers(t.services, sessionId, "succeeded"),
          bankAnswers(other.services, sessionId, "failed"),
        ]);
        const refused = results.filter((result) => result.status === "rejected");
        expect(refused).toHaveLength(1);
        const session = await t.services.payments.retrieveSession(sessionId);
        if (session.paymentStatus === "paid") {
          expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", isReserved: true });
          expect(await receiptsOf(orderId)).toHaveLength(1);
          expect(await confirmationsOf(orderNumber)).toHaveLength(1);
          expect(await stockOf(product.id)).toBe(3);
          expect(await usesOf(welcome.id)).toBe(1);
        } else {
          expect(session.paymentStatus).toBe("failed");
          expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "failed", isReserved: false });
          expect(await receiptsOf(orderId)).toHaveLength(0);
          expect(await confirmationsOf(orderNumber)).toHaveLength(0);
          expect(await stockOf(product.id)).toBe(5);
          expect(await usesOf(welcome.id)).toBe(0);
        }
      }
    } finally {
      await other.close();
    }
  });
});
