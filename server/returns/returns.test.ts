// Returns and exchanges on a real database (docs/RETURNS.md): who may return what, every step,
// the money a refund gives back, and the races (two refunds, two requests) on PostgreSQL.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as settingsAction } from "../../app/routes/account/account-settings";
import { accountPrivacyMessages } from "../../core/account-privacy";
import { lineRefund, returnMessages } from "../../core/returns";
import { callRoute, dataOf } from "../../tests/setup/route-call";
import {
  insertTestCoupon,
  insertTestProduct,
  orderRow,
  registerTestCustomer,
  signUpTestAdmin,
  sizeRun,
  sizeStock,
} from "../../tests/setup/test-commerce";
import { onPostgres } from "../../tests/setup/test-database";
import {
  markDelivered,
  placePaidOrder,
  requestTestReturn,
  testSessionRow,
} from "../../tests/setup/test-orders";
import { formRequest, setupTestServices } from "../../tests/setup/test-services";
import { AppError } from "../app-error";
import { order, productVariant, receipt, refund, returnEvent, returnRequest } from "../db/schema";
import { listOutbox } from "../mail/read-outbox";
import { cancelPaidOrder, cancelRefundMessages } from "../orders/cancel-paid-order";
import { listCustomerOrders } from "../orders/list-customer-orders";
import { PaymentProviderError } from "../payments/payment-provider";
import { getAdminReturn, listAdminReturns } from "./admin-returns";
import { approveReturn } from "./approve-return";
import { cancelReturn } from "./cancel-return";
import { exchangeReturn } from "./exchange-return";
import { getReturnForm } from "./get-return-form";
import { markReturnReceived } from "./mark-return-received";
import { refundReturn } from "./refund-return";
import { rejectReturn } from "./reject-return";

const t = setupTestServices();

type Customer = Awaited<ReturnType<typeof registerTestCustomer>>;

/** A customer's delivered order: 2 × size M and 1 × size L of one product (M, L, XL in stock). */
async function deliveredOrder(options: { couponCode?: string; finalSale?: boolean } = {}) {
  const customer = await registerTestCustomer(t.services, { fullName: "Rita Returner" });
  const product = await insertTestProduct(t.services.db, {
    priceCents: 4999,
    finalSale: options.finalSale ?? false,
    sizes: sizeRun({ M: 10, L: 10, XL: 3 }),
  });
  const [m, l, xl] = product.variants as [
    (typeof product.variants)[0],
    (typeof product.variants)[0],
    (typeof product.variants)[0],
  ];
  const placed = await placePaidOrder(
    t.services,
    customer,
    [
      { variantId: m.id, quantity: 2 },
      { variantId: l.id, quantity: 1 },
    ],
    { couponCode: options.couponCode },
  );
  await markDelivered(t.services, placed.orderId);
  const form = await getReturnForm({ ...t.services, userId: customer.id, orderId: placed.orderId });
  const lineOf = (size: string) => form.lines.find((line) => line.size === size)!;
  return { customer, product, m, l, xl, placed, form, lineOf };
}

const admin = async () => {
  const row = await signUpTestAdmin(t.services);
  return { id: row.id, email: row.email };
};

function ask(
  customer: Customer,
  orderId: string,
  lines: Array<{ orderItemId: string; quantity: number; exchangeSize?: string }>,
  resolution = "refund",
) {
  return requestTestReturn(t.services, customer, orderId, lines, { resolution, comment: "Fits small" });
}

type Admin = Awaited<ReturnType<typeof admin>>;

/** Marks every unit of an approved return received in one condition (sellable unless told). */
async function receiveAll(by: Admin, returnId: string, condition: "sellable" | "damaged" = "sellable") {
  const details = await getAdminReturn({ ...t.services, returnId });
  await markReturnReceived({
    services: t.services,
    admin: by,
    returnId,
    conditions: Object.fromEntries(details.items.map((item) => [item.id, condition])),
  });
}

/** Approves a return, then marks every unit of it received. */
async function approveAndReceive(by: Admin, returnId: string, condition?: "sellable" | "damaged") {
  await approveReturn({ services: t.services, admin: by, returnId });
  await receiveAll(by, returnId, condition);
}

/** The customer asks to exchange one unit of a line for `exchangeSize`. */
const askExchange = (customer: Customer, orderId: string, orderItemId: string, exchangeSize: string) =>
  ask(customer, orderId, [{ orderItemId, quantity: 1, exchangeSize }], "exchange");

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("the return form", () => {
  it("offers each line up to what was bought, with the other sizes in stock for an exchange", async () => {
    const { form, lineOf } = await deliveredOrder();
    expect(form.windowDays).toBe(30);
    expect(form.reasons.map((reason) => reason.code)).toEqual([
      "too_small",
      "too_large",
      "not_as_pictured",
      "damaged",
      "wrong_item",
      "changed_mind",
      "other",
    ]);
    expect(lineOf("M")).toMatchObject({
      quantityBought: 2,
      returnable: 2,
      unavailableReason: null,
      exchangeSizes: ["L", "XL"],
    });
    expect(lineOf("L")).toMatchObject({ quantityBought: 1, returnable: 1, exchangeSizes: ["M", "XL"] });
  });

  it("shows a final-sale line but lets nobody choose it", async () => {
    const { customer, placed, form } = await deliveredOrder({ finalSale: true });
    expect(
      form.lines.every(
        (line) => line.returnable === 0 && line.unavailableReason === returnMessages.finalSale,
      ),
    ).toBe(true);
    const error = await refusal(
      ask(customer, placed.orderId, [{ orderItemId: form.lines[0]!.orderItemId, quantity: 1 }]),
    );
    expect(error.userMessage).toContain(returnMessages.finalSale);
  });

  it("is not offered before delivery, and explains itself once the window has closed", async () => {
    const customer = await registerTestCustomer(t.services, { fullName: "Nadia Late" });
    const product = await insertTestProduct(t.services.db, { stock: 5 });
    const placed = await placePaidOrder(t.services, customer, [
      { variantId: product.variant.id, quantity: 1 },
    ]);
    const early = await refusal(
      getReturnForm({ ...t.services, userId: customer.id, orderId: placed.orderId }),
    );
    expect(early.userMessage).toBe(returnMessages.notDelivered);
    let [listed] = await listCustomerOrders({ ...t.services, userId: customer.id });
    expect(listed?.returnOffer).toEqual({ available: false, message: null });

    await markDelivered(t.services, placed.orderId);
    [listed] = await listCustomerOrders({ ...t.services, userId: customer.id });
    expect(listed?.returnOffer.available).toBe(true);

    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await t.services.db.update(order).set({ deliveredAt: longAgo }).where(eq(order.id, placed.orderId));
    [listed] = await listCustomerOrders({ ...t.services, userId: customer.id });
    expect(listed?.returnOffer).toEqual({
      available: false,
      message: expect.stringMatching(
        /^The 30-day return window for this order ended on \w{3} \d{1,2}, \d{4}\.$/,
      ),
    });
    const late = await refusal(
      ask(customer, placed.orderId, [{ orderItemId: listed!.items[0]!.id, quantity: 1 }]),
    );
    expect(late.status).toBe(409);
    expect(late.userMessage).toMatch(/return window for this order ended/);
  });
});

describe("a refund return", () => {
  it("goes requested → approved → received → refunded: stock of the size back, part of the money back, e-mails sent", async () => {
    const { customer, placed, m, lineOf } = await deliveredOrder();
    const admin1 = await admin();
    const stockBefore = await sizeStock(t.services.db, m.id);

    const requested = await ask(customer, placed.orderId, [
      { orderItemId: lineOf("M").orderItemId, quantity: 1 },
    ]);
    expect(requested.rmaNumber).toMatch(/^RMA-\d+$/);
    // the rest of that line can still be returned
    const again = await getReturnForm({ ...t.services, userId: customer.id, orderId: placed.orderId });
    expect(again.lines.find((line) => line.size === "M")?.returnable).toBe(1);

    await approveAndReceive(admin1, requested.id);
    expect(await sizeStock(t.services.db, m.id)).toBe(stockBefore! + 1);

    const row = await orderRow(t.services.db, placed.orderId);
    const expected = lineRefund({ quantity: 2, paidCents: 2 * 4999, taxCents: 0 }, 0, 1).cents;
    expect((await getAdminReturn({ ...t.services, returnId: requested.id })).refundPreviewCents).toBe(
      expected,
    );
    const refunded = await refundReturn({ services: t.services, admin: admin1, returnId: requested.id });
    expect(refunded).toMatchObject({ outcome: "refunded", amountCents: expected });

    const after = await orderRow(t.services.db, placed.orderId);
    expect(after.paymentStatus).toBe("partially_refunded");
    const [kept] = await t.services.db.select().from(receipt).where(eq(receipt.orderId, row.id));
    expect(kept?.status).toBe("partially_refunded");
    const session = await testSessionRow(t.services.db, row.paymentSessionId!);
    expect(session?.refundedCents).toBe(expected);

    const [listed] = await listCustomerOrders({ ...t.services, userId: customer.id });
    const view = listed!.returns[0]!;
    expect(view).toMatchObject({ state: "refunded", refundCents: expected, reasonLabel: "Too small" });
    expect(view.events.map((event) => event.state)).toEqual([
      "requested",
      "approved",
      "received",
      "refunded",
    ]);
    expect(listed!.refund?.amountCents).toBe(expected);

    const subjects = (await listOutbox(t.outboxFolder))
      .filter((mail) => mail.to.includes(customer.email))
      .map((mail) => mail.subject);
    for (const heading of [
      "We received your return request",
      "Your return is approved",
      "Your return has arrived",
      "Your return was refunded",
    ]) {
      expect(subjects).toContain(`Nocturn return ${requested.rmaNumber}: ${heading}`);
    }
  });

  it("gives back exactly what was paid, shipping included, once the whole order has come back", async () => {
    const coupon = await insertTestCoupon(t.services.db, {
      code: `RET${Date.now()}`,
      discountType: "percentage",
      percentBasisPoints: 1500,
    });
    const { customer, placed, lineOf } = await deliveredOrder({ couponCode: coupon.code });
    const admin1 = await admin();
    const row = await orderRow(t.services.db, placed.orderId);
    expect(row.discountCents).toBeGreaterThan(0);

    let total = 0;
    // one unit at a time, in three returns: the shares still add up to the cent
    for (const [size, quantity] of [
      ["M", 1],
      ["L", 1],
      ["M", 1],
    ] as const) {
      const ret = await ask(customer, placed.orderId, [{ orderItemId: lineOf(size).orderItemId, quantity }]);
      await approveAndReceive(admin1, ret.id, "damaged");
      total += (await refundReturn({ services: t.services, admin: admin1, returnId: ret.id })).amountCents;
    }
    expect(total).toBe(row.totalCents);
    const after = await orderRow(t.services.db, placed.orderId);
    expect(after.paymentStatus).toBe("refunded");
    const refunds = await t.services.db.select().from(refund).where(eq(refund.orderId, placed.orderId));
    expect(refunds.reduce((sum, entry) => sum + entry.taxCents, 0)).toBe(row.taxCents);
    // nothing is left to return
    const [listed] = await listCustomerOrders({ ...t.services, userId: customer.id });
    expect(listed?.returnOffer.available).toBe(false);
  });

  it("keeps a return received with the provider's message when the refund fails, and refunds on the next press", async () => {
    const { customer, placed, lineOf } = await deliveredOrder();
    const admin1 = await admin();
    const ret = await ask(customer, placed.orderId, [{ orderItemId: lineOf("L").orderItemId, quantity: 1 }]);
    await approveAndReceive(admin1, ret.id);

    const failing = {
      ...t.services,
      payments: {
        ...t.services.payments,
        refund: async () => {
          throw new PaymentProviderError("card network unreachable", "the card network did not answer");
        },
      },
    };
    const error = await refusal(refundReturn({ services: failing, admin: admin1, returnId: ret.id }));
    expect(error.status).toBe(502);
    expect(error.userMessage).toBe(returnMessages.refundFailed("the card network did not answer"));
    const stuck = await getAdminReturn({ ...t.services, returnId: ret.id });
    expect(stuck).toMatchObject({ state: "received", refundError: "the card network did not answer" });

    const done = await refundReturn({ services: t.services, admin: admin1, returnId: ret.id });
    expect(done.outcome).toBe("refunded");
    expect(await getAdminReturn({ ...t.services, returnId: ret.id })).toMatchObject({
      state: "refunded",
      refundError: null,
    });
  });

  it("refunds once when two admins press Refund at once", async () => {
    const { customer, placed, lineOf } = await deliveredOrder();
    const [admin1, admin2] = [await admin(), await admin()];
    const ret = await ask(customer, placed.orderId, [{ orderItemId: lineOf("M").orderItemId, quantity: 2 }]);
    await approveAndReceive(admin1, ret.id);

    const answers = await Promise.all([
      refundReturn({ services: t.services, admin: admin1, returnId: ret.id }),
      refundReturn({ services: t.services, admin: admin2, returnId: ret.id }),
    ]);
    expect(answers.map((answer) => answer.outcome).sort()).toEqual(["already-refunded", "refunded"]);
    const refunds = await t.services.db.select().from(refund).where(eq(refund.orderId, placed.orderId));
    expect(refunds).toHaveLength(1);
    const row = await orderRow(t.services.db, placed.orderId);
    const session = await testSessionRow(t.services.db, row.paymentSessionId!);
    expect(session?.refundedCents).toBe(refunds[0]!.amountCents);
    const events = await t.services.db.select().from(returnEvent).where(eq(returnEvent.returnId, ret.id));
    expect(events.filter((event) => event.state === "refunded")).toHaveLength(1);
  });
});

describe("an exchange", () => {
  it("sets the other size aside on approval and ends with a replacement order at no charge", async () => {
    const { customer, placed, xl, lineOf } = await deliveredOrder();
    const admin1 = await admin();
    const xlBefore = await sizeStock(t.services.db, xl.id);
    const ret = await askExchange(customer, placed.orderId, lineOf("L").orderItemId, "XL");
    await approveReturn({ services: t.services, admin: admin1, returnId: ret.id });
    expect(await sizeStock(t.services.db, xl.id)).toBe(xlBefore! - 1);
    const details = await getAdminReturn({ ...t.services, returnId: ret.id });
    expect(details.items[0]).toMatchObject({ size: "L", exchangeSize: "XL" });
    await receiveAll(admin1, ret.id);
    // a refund is not how an exchange ends
    expect(
      (await refusal(refundReturn({ services: t.services, admin: admin1, returnId: ret.id }))).status,
    ).toBe(409);

    const done = await exchangeReturn({ services: t.services, admin: admin1, returnId: ret.id });
    expect(done.message).toMatch(/replacement order NOC-\d+/);
    const orders = await listCustomerOrders({ ...t.services, userId: customer.id });
    const replacement = orders.find((entry) => entry.id !== placed.orderId)!;
    expect(replacement).toMatchObject({ status: "processing", totalCents: 0, paymentStatus: "paid" });
    expect(replacement.items).toMatchObject([{ size: "XL", quantity: 1, priceCents: 0 }]);
    const original = orders.find((entry) => entry.id === placed.orderId)!;
    expect(original.returns[0]).toMatchObject({
      state: "exchanged",
      replacementOrderNumber: replacement.orderNumber,
    });
    expect(original.paymentStatus).toBe("paid");
  });

  it("is not approved when the size set aside has sold out since the request, and says which", async () => {
    const { customer, placed, xl, lineOf } = await deliveredOrder();
    const admin1 = await admin();
    const ret = await askExchange(customer, placed.orderId, lineOf("M").orderItemId, "XL");
    await t.services.db.update(productVariant).set({ stock: 0 }).where(eq(productVariant.id, xl.id));
    const error = await refusal(approveReturn({ services: t.services, admin: admin1, returnId: ret.id }));
    expect(error.status).toBe(409);
    expect(error.userMessage).toBe(returnMessages.exchangeStockGone(lineOf("M").productName, "XL"));
    expect((await getAdminReturn({ ...t.services, returnId: ret.id })).state).toBe("requested");
  });

  it("is refused for a size that is not in stock, or the size already bought", async () => {
    const { customer, placed, lineOf } = await deliveredOrder();
    const same = await refusal(askExchange(customer, placed.orderId, lineOf("L").orderItemId, "L"));
    expect(same.userMessage).toBe(returnMessages.exchangeSizeUnavailable(lineOf("L").productName, "L"));
    const missing = await refusal(
      ask(customer, placed.orderId, [{ orderItemId: lineOf("M").orderItemId, quantity: 1 }], "exchange"),
    );
    expect(missing.userMessage).toBe(returnMessages.chooseExchangeSize(lineOf("M").productName));
  });
});

describe("an order cancelled and refunded in full (issue 30)", () => {
  const cancelAndRefund = (orderId: string, adminId: string) =>
    cancelPaidOrder({ services: t.services, orderId, by: { adminId } });
  /** The replacement orders an exchange of the return made. */
  const replacementOrders = (returnId: string) =>
    t.services.db
      .select({ orderNumber: order.orderNumber })
      .from(returnRequest)
      .innerJoin(order, eq(order.id, returnRequest.replacementOrderId))
      .where(eq(returnRequest.id, returnId));

  it("closes an approved exchange, and no receipt or exchange acts on it: no free replacement", async () => {
    const { customer, placed, m, l, xl, lineOf } = await deliveredOrder();
    const admin1 = await admin();
    const stock = async () => ({
      m: await sizeStock(t.services.db, m.id),
      l: await sizeStock(t.services.db, l.id),
      xl: await sizeStock(t.services.db, xl.id),
    });
    const before = await stock();
    const ret = await askExchange(customer, placed.orderId, lineOf("M").orderItemId, "XL");
    await approveReturn({ services: t.services, admin: admin1, returnId: ret.id });
    expect((await stock()).xl).toBe(before.xl! - 1);

    // the attack as reported: the whole order refunded, then the parcel received and exchanged
    expect(await cancelAndRefund(placed.orderId, admin1.id)).toMatchObject({ outcome: "refunded" });
    const { orderNumber } = await orderRow(t.services.db, placed.orderId);
    const details = await getAdminReturn({ ...t.services, returnId: ret.id });
    const received = await refusal(
      markReturnReceived({
        services: t.services,
        admin: admin1,
        returnId: ret.id,
        conditions: { [details.items[0]!.id]: "sellable" },
      }),
    );
    expect(received.status).toBe(409);
    expect(received.userMessage).toBe(returnMessages.orderRefunded(orderNumber, "marked received"));
    const exchanged = await refusal(
      exchangeReturn({ services: t.services, admin: admin1, returnId: ret.id }),
    );
    expect(exchanged.status).toBe(409);
    expect(exchanged.userMessage).toBe(
      `Order ${orderNumber} was cancelled and refunded in full, so this return cannot be exchanged.`,
    );
    expect(await replacementOrders(ret.id)).toEqual([]);

    // closed in the refund's transaction: recorded with who and why, and the customer told
    expect(details.state).toBe("cancelled");
    expect(details.events.at(-1)).toMatchObject({
      state: "cancelled",
      actorRole: "admin",
      actorEmail: admin1.email,
      note: `Closed: order ${orderNumber} was cancelled and refunded in full`,
    });
    await t.services.mailQueue.settled();
    const closedMail = (await listOutbox(t.outboxFolder)).find(
      (mail) =>
        mail.to.includes(customer.email) &&
        mail.subject === `Nocturn return ${ret.rmaNumber}: Your return was closed`,
    );
    expect(closedMail?.text).toContain(returnMessages.closedByFullRefund(orderNumber));
    // the size set aside goes back, and so does every unit the order held
    expect(await stock()).toEqual({ m: before.m! + 2, l: before.l! + 1, xl: before.xl });
  });

  it("closes a received return without restocking its units twice", async () => {
    const { customer, placed, m, l, lineOf } = await deliveredOrder();
    const admin1 = await admin();
    const mBefore = await sizeStock(t.services.db, m.id);
    const lBefore = await sizeStock(t.services.db, l.id);
    const ret = await ask(customer, placed.orderId, [{ orderItemId: lineOf("M").orderItemId, quantity: 1 }]);
    await approveAndReceive(admin1, ret.id);
    expect(await sizeStock(t.services.db, m.id)).toBe(mBefore! + 1);

    await cancelAndRefund(placed.orderId, admin1.id);
    const { orderNumber } = await orderRow(t.services.db, placed.orderId);
    const refused = await refusal(refundReturn({ services: t.services, admin: admin1, returnId: ret.id }));
    expect(refused.userMessage).toBe(returnMessages.orderRefunded(orderNumber, "refunded"));
    expect((await getAdminReturn({ ...t.services, returnId: ret.id })).state).toBe("cancelled");
    // one M came back with the return, the other with the cancellation; the L with the cancellation
    expect(await sizeStock(t.services.db, m.id)).toBe(mBefore! + 2);
    expect(await sizeStock(t.services.db, l.id)).toBe(lBefore! + 1);
    const refunds = await t.services.db.select().from(refund).where(eq(refund.orderId, placed.orderId));
    expect(refunds).toHaveLength(1);
  });

  it("refuses every step but a rejection on a return its refunded order left open", async () => {
    // a return left open by a full refund made before issue 30's fix
    const { customer, placed, lineOf } = await deliveredOrder();
    const admin1 = await admin();
    const ret = await ask(customer, placed.orderId, [{ orderItemId: lineOf("L").orderItemId, quantity: 1 }]);
    await t.services.db
      .update(order)
      .set({ status: "cancelled", paymentStatus: "refunded" })
      .where(eq(order.id, placed.orderId));
    const { orderNumber } = await orderRow(t.services.db, placed.orderId);
    const approved = await refusal(approveReturn({ services: t.services, admin: admin1, returnId: ret.id }));
    expect(approved).toMatchObject({
      status: 409,
      code: "order_refunded",
      userMessage: returnMessages.orderRefunded(orderNumber, "approved"),
    });
    await rejectReturn({
      services: t.services,
      admin: admin1,
      returnId: ret.id,
      reason: "The order was refunded in full.",
    });
    expect((await getAdminReturn({ ...t.services, returnId: ret.id })).state).toBe("rejected");
  });

  it("is refused for an order whose items were exchanged, before the provider is asked", async () => {
    const { customer, placed, lineOf } = await deliveredOrder();
    const admin1 = await admin();
    const ret = await askExchange(customer, placed.orderId, lineOf("M").orderItemId, "XL");
    await approveAndReceive(admin1, ret.id);
    await exchangeReturn({ services: t.services, admin: admin1, returnId: ret.id });
    const [replacement] = await replacementOrders(ret.id);

    const error = await refusal(cancelAndRefund(placed.orderId, admin1.id));
    expect(error).toMatchObject({
      status: 409,
      userMessage: cancelRefundMessages.exchanged(replacement!.orderNumber),
    });
    const row = await orderRow(t.services.db, placed.orderId);
    expect(row.paymentStatus).toBe("paid");
    const session = await testSessionRow(t.services.db, row.paymentSessionId!);
    expect(session?.refundedCents).toBe(0);
  });
});

describe("rules every request and step keeps", () => {
  it("never takes back more than was bought, in one request or several", async () => {
    const { customer, placed, lineOf } = await deliveredOrder();
    const tooMany = await refusal(
      ask(customer, placed.orderId, [{ orderItemId: lineOf("M").orderItemId, quantity: 3 }]),
    );
    expect(tooMany.userMessage).toBe(returnMessages.tooMany(lineOf("M").productName, "M", 2));
    await ask(customer, placed.orderId, [{ orderItemId: lineOf("M").orderItemId, quantity: 2 }]);
    const none = await refusal(
      ask(customer, placed.orderId, [{ orderItemId: lineOf("M").orderItemId, quantity: 1 }]),
    );
    expect(none.userMessage).toBe(returnMessages.tooMany(lineOf("M").productName, "M", 0));
  });

  it("shows in My Orders no return or withdrawal once every unit is in a return, and both again when one is cancelled", async () => {
    const { customer, placed, lineOf } = await deliveredOrder();
    const listed = async () => (await listCustomerOrders({ ...t.services, userId: customer.id }))[0]!;
    await ask(customer, placed.orderId, [{ orderItemId: lineOf("M").orderItemId, quantity: 2 }]);
    expect((await listed()).returnOffer.available).toBe(true);

    const last = await ask(customer, placed.orderId, [{ orderItemId: lineOf("L").orderItemId, quantity: 1 }]);
    const held = await listed();
    expect(held.returnOffer).toEqual({
      available: false,
      message: "Every item of this order is already in a return or cannot be returned.",
    });
    expect(held.withdrawal).toBeNull();
    // the lines stay as bought, in display order
    expect(held.items.map((item) => [item.size, item.quantity])).toEqual([
      ["L", 1],
      ["M", 2],
    ]);

    await cancelReturn({
      services: t.services,
      user: { id: customer.id, email: customer.email },
      returnId: last.id,
    });
    const freed = await listed();
    expect(freed.returnOffer.available).toBe(true);
    expect(freed.withdrawal).toEqual({ endsAt: expect.any(String) });
  });

  it.runIf(onPostgres)(
    "never takes back more than was bought when two requests race (PostgreSQL)",
    async () => {
      const { customer, placed, lineOf } = await deliveredOrder();
      const results = await Promise.allSettled(
        Array.from({ length: 4 }, () =>
          ask(customer, placed.orderId, [{ orderItemId: lineOf("M").orderItemId, quantity: 2 }]),
        ),
      );
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const returns = await t.services.db
        .select()
        .from(returnRequest)
        .where(eq(returnRequest.orderId, placed.orderId));
      expect(returns).toHaveLength(1);
    },
  );

  it("lets a customer see and act on their own returns only", async () => {
    const { customer, placed, lineOf } = await deliveredOrder();
    const ret = await ask(customer, placed.orderId, [{ orderItemId: lineOf("M").orderItemId, quantity: 1 }]);
    const stranger = await registerTestCustomer(t.services, { fullName: "Sam Stranger" });
    const asStranger = { id: stranger.id, email: stranger.email, name: "Sam" };

    expect(
      (await refusal(cancelReturn({ services: t.services, user: asStranger, returnId: ret.id }))).status,
    ).toBe(404);
    expect(
      (await refusal(getReturnForm({ ...t.services, userId: stranger.id, orderId: placed.orderId }))).status,
    ).toBe(404);
    expect(
      (await refusal(ask(stranger, placed.orderId, [{ orderItemId: lineOf("L").orderItemId, quantity: 1 }])))
        .status,
    ).toBe(404);
    expect(await listCustomerOrders({ ...t.services, userId: stranger.id })).toEqual([]);

    const cancelled = await cancelReturn({
      services: t.services,
      user: { id: customer.id, email: customer.email },
      returnId: ret.id,
    });
    expect(cancelled.message).toBe(`Return ${ret.rmaNumber} cancelled`);
    // a cancelled return no longer holds its units
    const form = await getReturnForm({ ...t.services, userId: customer.id, orderId: placed.orderId });
    expect(form.lines.find((line) => line.size === "M")?.returnable).toBe(2);
  });

  it("moves only along the states: no approval twice, no reject without a reason, no cancel once approved", async () => {
    const { customer, placed, lineOf } = await deliveredOrder();
    const admin1 = await admin();
    const first = await ask(customer, placed.orderId, [
      { orderItemId: lineOf("M").orderItemId, quantity: 1 },
    ]);
    expect(
      (await refusal(rejectReturn({ services: t.services, admin: admin1, returnId: first.id, reason: " " })))
        .userMessage,
    ).toBe(returnMessages.rejectionRequired);
    await rejectReturn({
      services: t.services,
      admin: admin1,
      returnId: first.id,
      reason: "Worn, tags removed",
    });
    const rejected = await listCustomerOrders({ ...t.services, userId: customer.id });
    expect(rejected[0]?.returns[0]).toMatchObject({
      state: "rejected",
      rejectionReason: "Worn, tags removed",
    });
    expect(
      (await refusal(approveReturn({ services: t.services, admin: admin1, returnId: first.id }))).userMessage,
    ).toBe(returnMessages.notAllowed("rejected", "approved"));

    const second = await ask(customer, placed.orderId, [
      { orderItemId: lineOf("M").orderItemId, quantity: 1 },
    ]);
    await approveReturn({ services: t.services, admin: admin1, returnId: second.id });
    const user = { id: customer.id, email: customer.email };
    expect((await refusal(cancelReturn({ services: t.services, user, returnId: second.id }))).status).toBe(
      409,
    );
    expect(
      (
        await refusal(
          markReturnReceived({ services: t.services, admin: admin1, returnId: second.id, conditions: {} }),
        )
      ).userMessage,
    ).toBe(returnMessages.conditionRequired);
  });

  it("lists returns for the admin by RMA, order number or e-mail, with the count still waiting", async () => {
    const { customer, placed, lineOf } = await deliveredOrder();
    const ret = await ask(customer, placed.orderId, [{ orderItemId: lineOf("M").orderItemId, quantity: 1 }]);
    for (const query of [ret.rmaNumber, placed.orderNumber, customer.email.toUpperCase()]) {
      const found = await listAdminReturns({ db: t.services.db, query, state: undefined, page: 1 });
      expect(found.returns.map((row) => row.id)).toEqual([ret.id]);
      expect(found.returns[0]).toMatchObject({
        itemCount: 1,
        customerEmail: customer.email,
        state: "requested",
      });
    }
    const requested = await listAdminReturns({ db: t.services.db, query: "", state: "requested", page: 1 });
    expect(requested.waitingCount).toBeGreaterThanOrEqual(requested.total);
    expect((await refusal(getAdminReturn({ ...t.services, returnId: "not-an-id" }))).status).toBe(404);
  });

  it("keeps an account with an open return from being deleted", async () => {
    const { customer, placed, lineOf } = await deliveredOrder();
    await ask(customer, placed.orderId, [{ orderItemId: lineOf("M").orderItemId, quantity: 1 }]);
    const refused = dataOf(
      await callRoute(
        settingsAction,
        formRequest(
          "/account/settings",
          { intent: "delete-account", password: customer.password },
          customer.cookie,
        ),
        { services: t.services },
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(
      accountPrivacyMessages.deletionBlocked([{ kind: "open_return", orderNumber: placed.orderNumber }]),
    );
  });
});
