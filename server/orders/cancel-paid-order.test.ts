// An admin cancels a paid order: the refund through the test checkout, the stock per size, the
// records, the e-mail, repeats and concurrent presses; and cancelling orders that are not paid.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as ordersAction, loader as ordersLoader } from "../../app/routes/admin/orders/admin-orders";
import { loader as receiptsLoader } from "../../app/routes/admin/receipts/admin-receipts";
import { callRoute, dataOf, getRequest, locationOf } from "../../tests/setup/route-call";
import {
  insertTestCoupon,
  insertTestProduct,
  orderRow,
  signUpTestAdmin,
  signUpTestUser,
  sizeRun,
  sizeStock,
} from "../../tests/setup/test-commerce";
import { placePaidOrder, placeReservedOrder, testSessionRow } from "../../tests/setup/test-orders";
import { formRequest, setupTestServices } from "../../tests/setup/test-services";
import { coupon, couponUsage, receipt, refund } from "../db/schema";
import { listOutbox } from "../mail/read-outbox";
import type { ReceiptView } from "../receipts/receipt.view";
import type { AdminOrderView } from "./admin-order.view";
import { cancelPaidOrder, cancelRefundKey } from "./cancel-paid-order";
import { cancelOrderMessages } from "./update-order";

const t = setupTestServices();
let admin: { id: string; email: string; cookie: string };

beforeAll(async () => {
  admin = await signUpTestAdmin(t.services);
});

type Answer = { ok: boolean; message?: string; error?: string; notice?: string | null };

const postOrders = async (fields: Record<string, string>, cookie = admin.cookie) =>
  callRoute(ordersAction, formRequest("/admin/orders", fields, cookie), { services: t.services });

const cancelAndRefund = async (orderId: string, cookie = admin.cookie) =>
  dataOf<Answer>(await postOrders({ intent: "cancel-refund", orderId }, cookie));

/** A hoodie in S/M/L and a paid order of 2 M and 1 L from a fresh customer. */
async function paidHoodieOrder(options: { couponCode?: string } = {}) {
  const shopper = await signUpTestUser(t.services);
  const hoodie = await insertTestProduct(t.services.db, {
    priceCents: 8900,
    sizes: sizeRun({ S: 4, M: 5, L: 6 }),
  });
  const [small, medium, large] = hoodie.variants;
  const placed = await placePaidOrder(
    t.services,
    shopper,
    [
      { variantId: medium!.id, quantity: 2 },
      { variantId: large!.id, quantity: 1 },
    ],
    options,
  );
  return { shopper, small: small!, medium: medium!, large: large!, ...placed };
}

const stockOf = (variantId: string) => sizeStock(t.services.db, variantId);
const refundsOf = (orderId: string) => t.services.db.select().from(refund).where(eq(refund.orderId, orderId));
/** The mails to `email` in the outbox, once the mail queue has delivered what is due. */
const mailsTo = async (email: string) => {
  await t.services.mailQueue.settled();
  return (await listOutbox(t.outboxFolder)).filter((mail) => mail.to.includes(email));
};

async function adminOrder(orderNumber: string): Promise<AdminOrderView> {
  const page = dataOf<{ orders: AdminOrderView[] }>(
    await callRoute(ordersLoader, getRequest(`/admin/orders?q=${orderNumber}`, admin.cookie), {
      services: t.services,
    }),
  ).data;
  return page.orders.find((order) => order.orderNumber === orderNumber)!;
}

describe("cancelling a paid order from the admin", () => {
  it("refunds it in full once, returns the stock per size, records who and e-mails the customer", async () => {
    const placed = await paidHoodieOrder();
    expect(await stockOf(placed.medium.id)).toBe(3);
    expect(await stockOf(placed.large.id)).toBe(5);
    const paid = await orderRow(t.services.db, placed.orderId);
    expect(paid.paymentStatus).toBe("paid");

    const answer = await cancelAndRefund(placed.orderId);

    expect(answer).toMatchObject({
      status: 200,
      data: {
        ok: true,
        message: `Order ${placed.orderNumber} cancelled and $276.99 refunded`,
        notice: "The customer was e-mailed about the refund.",
      },
    });
    expect(paid).toMatchObject({ totalCents: 2 * 8900 + 8900 + 999, taxCents: 4423 });
    // the provider gave the money back
    const session = await testSessionRow(t.services.db, placed.sessionId);
    expect(session?.refundedCents).toBe(paid.totalCents);
    // the units are back in their sizes; the size nobody bought is untouched
    expect(await stockOf(placed.medium.id)).toBe(5);
    expect(await stockOf(placed.large.id)).toBe(6);
    expect(await stockOf(placed.small.id)).toBe(4);

    const after = await orderRow(t.services.db, placed.orderId);
    expect(after).toMatchObject({ status: "cancelled", paymentStatus: "refunded", isReserved: false });
    const refunds = await refundsOf(placed.orderId);
    expect(refunds).toEqual([
      expect.objectContaining({
        amountCents: paid.totalCents,
        // all of the order's VAT goes back with the whole amount: 28.42 + 14.21 + 1.60 on shipping
        taxCents: 4423,
        providerRefundId: expect.stringMatching(/^tre_[0-9a-f]{24}$/),
        idempotencyKey: cancelRefundKey(placed.orderId),
        createdBy: admin.id,
        createdAt: expect.any(Date),
      }),
    ]);
    const [stored] = await t.services.db.select().from(receipt).where(eq(receipt.orderId, placed.orderId));
    expect(stored?.status).toBe("refunded");

    const mails = (await mailsTo(placed.shopper.email)).filter((mail) => mail.subject.includes("refunded"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your Nocturn order ${placed.orderNumber} was cancelled and refunded`);
    for (const body of [mails[0]!.text, mails[0]!.html]) {
      expect(body).toContain(placed.orderNumber);
      expect(body).toContain("$276.99 (of which VAT 19% (Germany): $44.23)");
      expect(body).toContain("within 5-10 business days");
    }

    // the admin's details and the receipts screen show it
    const view = await adminOrder(placed.orderNumber);
    expect(view).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(view.refunds).toEqual([
      expect.objectContaining({
        amountCents: paid.totalCents,
        providerRefundId: refunds[0]!.providerRefundId,
        createdByEmail: admin.email,
        createdAt: refunds[0]!.createdAt.toISOString(),
      }),
    ]);
    const receipts = dataOf<{ receipts: ReceiptView[] }>(
      await callRoute(receiptsLoader, getRequest(`/admin/receipts?q=${placed.orderNumber}`, admin.cookie), {
        services: t.services,
      }),
    ).data.receipts;
    expect(receipts).toEqual([
      expect.objectContaining({
        status: "refunded",
        refunds: [
          {
            amount: "$276.99",
            createdAt: refunds[0]!.createdAt.toISOString(),
            reason: "Order cancelled by an admin",
          },
        ],
      }),
    ]);
  });

  it("refunds nothing twice when pressed again", async () => {
    const placed = await paidHoodieOrder();
    await cancelAndRefund(placed.orderId);
    const mailsBefore = (await mailsTo(placed.shopper.email)).length;

    const again = await cancelAndRefund(placed.orderId);

    expect(again.data).toMatchObject({
      ok: true,
      message: `Order ${placed.orderNumber} was already refunded`,
    });
    expect(await refundsOf(placed.orderId)).toHaveLength(1);
    expect(await stockOf(placed.medium.id)).toBe(5);
    expect((await mailsTo(placed.shopper.email)).length).toBe(mailsBefore);
  });

  it("gives the coupon use back", async () => {
    const night = await insertTestCoupon(t.services.db, { usageLimit: 1 });
    const placed = await paidHoodieOrder({ couponCode: night.code });
    const used = async () => (await t.services.db.select().from(coupon).where(eq(coupon.id, night.id)))[0];
    expect((await used())?.usageCount).toBe(1);

    await cancelAndRefund(placed.orderId);

    expect((await used())?.usageCount).toBe(0);
    expect(
      await t.services.db.select().from(couponUsage).where(eq(couponUsage.orderId, placed.orderId)),
    ).toEqual([]);
  });

  it("records one refund and returns the stock once when two admins press at the same moment", async () => {
    const second = await signUpTestAdmin(t.services);
    const placed = await paidHoodieOrder();

    const answers = await Promise.all([
      cancelAndRefund(placed.orderId),
      cancelAndRefund(placed.orderId, second.cookie),
    ]);

    expect(answers.map((answer) => answer.data.ok)).toEqual([true, true]);
    expect(answers.filter((answer) => answer.data.message?.includes("cancelled and"))).toHaveLength(1);
    expect(await refundsOf(placed.orderId)).toHaveLength(1);
    expect(await stockOf(placed.medium.id)).toBe(5);
    expect(await stockOf(placed.large.id)).toBe(6);
    expect(
      (await mailsTo(placed.shopper.email)).filter((mail) => mail.subject.includes("refunded")),
    ).toHaveLength(1);
  });

  it("is refused to a customer, who is sent to Access Denied", async () => {
    const placed = await paidHoodieOrder();
    const customer = await signUpTestUser(t.services);

    const answer = await postOrders({ intent: "cancel-refund", orderId: placed.orderId }, customer.cookie);

    expect(locationOf(answer)).toBe("/forbidden");
    expect((await orderRow(t.services.db, placed.orderId)).paymentStatus).toBe("paid");
    expect(await refundsOf(placed.orderId)).toHaveLength(0);
  });

  it("will not cancel a paid order through a plain status change", async () => {
    const placed = await paidHoodieOrder();

    const answer = dataOf<Answer>(
      await postOrders({ intent: "update", orderId: placed.orderId, status: "cancelled", trackingCode: "" }),
    );

    expect(answer).toEqual({
      status: 409,
      data: expect.objectContaining({ ok: false, error: cancelOrderMessages.refundRequired }),
    });
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({
      status: "processing",
      paymentStatus: "paid",
    });
    expect(await stockOf(placed.medium.id)).toBe(3);
  });

  it("completes a refund whose recording failed after the provider refunded, with the same refund", async () => {
    const placed = await paidHoodieOrder();
    // an admin id no user has: the refund row's foreign key refuses it, so the transaction fails
    await expect(
      cancelPaidOrder({
        services: t.services,
        orderId: placed.orderId,
        by: { adminId: crypto.randomUUID() },
      }),
    ).rejects.toThrow();
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({ paymentStatus: "paid" });
    expect(await stockOf(placed.medium.id)).toBe(3);

    const answer = await cancelAndRefund(placed.orderId);

    expect(answer.data.ok).toBe(true);
    const refunds = await refundsOf(placed.orderId);
    expect(refunds).toHaveLength(1);
    expect(await stockOf(placed.medium.id)).toBe(5);
  });
});

describe("cancelling an unpaid order from the admin", () => {
  it("closes its payment page and gives its stock back at once", async () => {
    const shopper = await signUpTestUser(t.services);
    const cap = await insertTestProduct(t.services.db, { stock: 3 });
    const placed = await placeReservedOrder(t.services, shopper, [
      { variantId: cap.variant.id, quantity: 2 },
    ]);
    expect(await stockOf(cap.variant.id)).toBe(1);

    const answer = dataOf<Answer>(
      await postOrders({ intent: "update", orderId: placed.orderId, status: "cancelled", trackingCode: "" }),
    );

    expect(answer.data).toMatchObject({ ok: true });
    expect(await stockOf(cap.variant.id)).toBe(3);
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "cancelled",
      isReserved: false,
    });
    const session = await testSessionRow(t.services.db, placed.sessionId);
    expect(session?.status).toBe("expired");
    expect(await refundsOf(placed.orderId)).toHaveLength(0);
  });

  it("refuses the refund of an order that was never paid", async () => {
    const shopper = await signUpTestUser(t.services);
    const cap = await insertTestProduct(t.services.db, { stock: 3 });
    const placed = await placeReservedOrder(t.services, shopper, [
      { variantId: cap.variant.id, quantity: 1 },
    ]);

    const answer = await cancelAndRefund(placed.orderId);

    expect(answer).toMatchObject({ status: 409, data: { ok: false } });
    expect((await orderRow(t.services.db, placed.orderId)).paymentStatus).toBe("pending");
  });
});
