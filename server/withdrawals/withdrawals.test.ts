// The right of withdrawal on a real database (issue 27, docs/LEGAL.md#withdrawal): the period, a
// withdrawal before shipping (cancel and refund in full) and after (a return that cannot be
// rejected, refunded on receipt or proof of sending), the signed-out form's one answer and its rate
// limit, two confirmations at once, and the overdue count.
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { lineRefund, paidLine, returnMessages } from "../../core/returns";
import { createDateFormat } from "../../core/store-dates";
import {
  addDays,
  proofMessages,
  WITHDRAWAL_REFUND_DAYS,
  withdrawalMessages,
  withdrawalStatement,
} from "../../core/withdrawal";
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
  placeReservedOrder,
  releaseReservation,
  requestTestReturn,
  testSessionRow,
} from "../../tests/setup/test-orders";
import { setupTestServices } from "../../tests/setup/test-services";
import { AppError } from "../app-error";
import {
  order,
  orderItem,
  outgoingEmail,
  refund,
  returnEvent,
  returnItem,
  returnRequest,
  withdrawal,
} from "../db/schema";
import { listOutbox } from "../mail/read-outbox";
import { cancelPaidOrder } from "../orders/cancel-paid-order";
import { PaymentProviderError } from "../payments/payment-provider";
import { exportCustomerData } from "../privacy/export-customer-data";
import { countOverdueWithdrawals, listAdminReturns } from "../returns/admin-returns";
import { approveReturn } from "../returns/approve-return";
import { cancelReturn } from "../returns/cancel-return";
import { rejectReturn } from "../returns/reject-return";
import { withdrawAsGuest, withdrawFromContract } from "./withdraw-from-contract";
import { receiveReturnGoods, recordProofOfSending } from "./withdrawal-returns";

const t = setupTestServices();
const admin = { id: "", email: "" };

beforeAll(async () => {
  const signedUp = await signUpTestAdmin(t.services);
  Object.assign(admin, { id: signedUp.id, email: signedUp.email });
});

type Customer = Awaited<ReturnType<typeof registerTestCustomer>>;
type Lines = Array<{ orderItemId: string; quantity: number }> | null;

const DAY_MS = 24 * 60 * 60 * 1000;
const dates = () =>
  createDateFormat({ locale: t.services.config.locale, timeZone: t.services.config.timeZone });

/**
 * A fresh customer's paid order of 2 × M and 1 × L of a hoodie at $89.00 (S 4, M 5, L 6 in stock
 * before it), delivered unless told otherwise.
 */
async function paidOrder(options: { delivered?: boolean; couponCode?: string; fullName?: string } = {}) {
  const customer = await registerTestCustomer(t.services, {
    fullName: options.fullName ?? "Wanda Withdrawer",
  });
  const hoodie = await insertTestProduct(t.services.db, {
    priceCents: 8900,
    sizes: sizeRun({ S: 4, M: 5, L: 6 }),
  });
  const [s, m, l] = hoodie.variants as [
    (typeof hoodie.variants)[0],
    (typeof hoodie.variants)[0],
    (typeof hoodie.variants)[0],
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
  if (options.delivered ?? true) await markDelivered(t.services, placed.orderId);
  const items = await t.services.db
    .select()
    .from(orderItem)
    .where(eq(orderItem.orderId, placed.orderId))
    .orderBy(asc(orderItem.size));
  const itemOf = (size: string) => items.find((item) => item.size === size)!;
  return { customer, hoodie, s, m, l, placed, itemOf };
}

function withdraw(customer: Customer, orderId: string, lines: Lines = null, requestKey = randomUUID()) {
  return withdrawFromContract({
    services: t.services,
    user: { id: customer.id, name: customer.fullName, email: customer.email },
    orderId,
    lines,
    requestKey,
  });
}

let ipCount = 0;
/** A client address no other test in this file uses. */
const freshIp = () => `198.51.100.${++ipCount}`;

function guest(fields: {
  orderNumber: string;
  email: string;
  name?: string;
  clientIp: string;
  requestKey?: string;
}) {
  return withdrawAsGuest({
    services: t.services,
    clientIp: fields.clientIp,
    name: fields.name ?? "Gus Guest",
    orderNumber: fields.orderNumber,
    email: fields.email,
    requestKey: fields.requestKey ?? randomUUID(),
  });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

const withdrawalsOf = (orderId: string) =>
  t.services.db.select().from(withdrawal).where(eq(withdrawal.orderId, orderId));
const refundsOf = (orderId: string) => t.services.db.select().from(refund).where(eq(refund.orderId, orderId));
const returnsOf = (orderId: string) =>
  t.services.db.select().from(returnRequest).where(eq(returnRequest.orderId, orderId));
const stockOf = (variantId: string) => sizeStock(t.services.db, variantId);
/** The acknowledgements queued for this address. */
const acknowledgementsTo = (email: string) =>
  t.services.db
    .select()
    .from(outgoingEmail)
    .where(and(eq(outgoingEmail.kind, "withdrawal_received"), eq(outgoingEmail.recipient, email)));

/** Every item of a return, in one condition: the admin's Mark received form. */
async function conditionsOf(returnId: string, condition: "sellable" | "damaged" = "sellable") {
  const items = await t.services.db.select().from(returnItem).where(eq(returnItem.returnId, returnId));
  return Object.fromEntries(items.map((item) => [item.id, condition]));
}

async function receive(returnId: string, condition: "sellable" | "damaged" = "sellable") {
  return receiveReturnGoods({
    services: t.services,
    admin,
    returnId,
    conditions: await conditionsOf(returnId, condition),
  });
}

async function setDeliveredDaysAgo(orderId: string, days: number) {
  const deliveredAt = new Date(Date.now() - days * DAY_MS);
  await t.services.db.update(order).set({ deliveredAt }).where(eq(order.id, orderId));
  return deliveredAt;
}

describe("the withdrawal period", () => {
  it("is open until 14 days after delivery: 13 days after it a withdrawal is taken, 15 days after it is refused", async () => {
    const open = await paidOrder();
    await setDeliveredDaysAgo(open.placed.orderId, 13);
    const taken = await withdraw(open.customer, open.placed.orderId);
    expect(taken).toMatchObject({ outcome: "return", orderNumber: open.placed.orderNumber });
    expect(await withdrawalsOf(open.placed.orderId)).toHaveLength(1);

    const late = await paidOrder();
    const deliveredAt = await setDeliveredDaysAgo(late.placed.orderId, 15);
    const error = await refusal(withdraw(late.customer, late.placed.orderId));
    expect(error.status).toBe(409);
    expect(error.userMessage).toBe(withdrawalMessages.periodEnded(dates().date(addDays(deliveredAt, 14))));
    expect(error.userMessage).toMatch(
      /^The 14-day withdrawal period for this order ended on \w{3} \d{1,2}, \d{4}\.$/,
    );
    expect(await withdrawalsOf(late.placed.orderId)).toEqual([]);
    expect(await returnsOf(late.placed.orderId)).toEqual([]);
    expect(await acknowledgementsTo(late.customer.email)).toEqual([]);
  });

  it("is refused for an order that is unpaid, cancelled, or refunded in full, with the reason", async () => {
    const customer = await registerTestCustomer(t.services, { fullName: "Una Unpaid" });
    const cap = await insertTestProduct(t.services.db, { stock: 5 });
    const line = [{ variantId: cap.variant.id, quantity: 1 }];

    const cancelled = await placeReservedOrder(t.services, customer, line);
    await releaseReservation(t.services, cancelled.orderId, "cancelled");
    const refunded = await placePaidOrder(t.services, customer, line);
    await cancelPaidOrder({ services: t.services, orderId: refunded.orderId, by: { adminId: admin.id } });
    // last: a customer's next checkout replaces their pending order
    const pending = await placeReservedOrder(t.services, customer, line);

    for (const [orderId, reason] of [
      [pending.orderId, withdrawalMessages.notPaid],
      [cancelled.orderId, withdrawalMessages.cancelled],
      [refunded.orderId, withdrawalMessages.refunded],
    ] as const) {
      const error = await refusal(withdraw(customer, orderId));
      expect({ status: error.status, message: error.userMessage }).toEqual({ status: 409, message: reason });
      expect(await withdrawalsOf(orderId)).toEqual([]);
    }
    expect(await acknowledgementsTo(customer.email)).toEqual([]);
  });

  it("is not open to another customer's order: not found", async () => {
    const { placed } = await paidOrder({ delivered: false });
    const stranger = await registerTestCustomer(t.services, { fullName: "Sam Stranger" });
    const error = await refusal(withdraw(stranger, placed.orderId));
    expect(error.status).toBe(404);
    expect(await withdrawalsOf(placed.orderId)).toEqual([]);
    expect((await orderRow(t.services.db, placed.orderId)).status).toBe("processing");
  });
});

describe("a withdrawal before shipping", () => {
  it("cancels the order, refunds everything with delivery through the provider, puts the stock back and acknowledges the statement", async () => {
    const { customer, placed, s, m, l } = await paidOrder({ delivered: false });
    expect([await stockOf(m.id), await stockOf(l.id)]).toEqual([3, 5]);
    const paid = await orderRow(t.services.db, placed.orderId);
    expect(paid).toMatchObject({ status: "processing", paymentStatus: "paid", totalCents: 3 * 8900 + 999 });

    const result = await withdraw(customer, placed.orderId);

    const [recorded, ...more] = await withdrawalsOf(placed.orderId);
    expect(more).toEqual([]);
    const statement = withdrawalStatement({
      seller: t.services.config.seller,
      storeName: t.services.config.storeName,
      orderNumber: placed.orderNumber,
      lines: null,
      name: customer.fullName,
      email: customer.email,
    });
    expect(statement).toContain(`- all goods of order ${placed.orderNumber}`);
    expect(recorded).toMatchObject({
      id: result.withdrawalId,
      userId: customer.id,
      consumerName: customer.fullName,
      consumerEmail: customer.email,
      statement,
      outcome: "cancelled",
      refundedAt: expect.any(Date),
    });
    expect(recorded!.refundDueAt.getTime() - recorded!.receivedAt.getTime()).toBe(
      WITHDRAWAL_REFUND_DAYS * DAY_MS,
    );
    expect(result).toEqual({
      withdrawalId: recorded!.id,
      orderNumber: placed.orderNumber,
      outcome: "cancelled",
      statement,
      receivedAt: recorded!.receivedAt.toISOString(),
      refundDueAt: recorded!.refundDueAt.toISOString(),
      rmaNumber: null,
      refunded: true,
      message: `Order ${placed.orderNumber} is cancelled and everything you paid is on its way back to you.`,
    });

    // cancelled and refunded in full, delivery included, through the test checkout
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      isReserved: false,
    });
    expect(await refundsOf(placed.orderId)).toEqual([
      expect.objectContaining({
        amountCents: paid.totalCents,
        taxCents: paid.taxCents,
        reason: "Withdrawal by the customer",
        createdBy: null,
      }),
    ]);
    expect((await testSessionRow(t.services.db, placed.sessionId))?.refundedCents).toBe(paid.totalCents);
    // every unit back in its size; the size nobody bought untouched
    expect([await stockOf(s.id), await stockOf(m.id), await stockOf(l.id)]).toEqual([4, 5, 6]);

    // the acknowledgement: the statement as received, when, and what happens next
    const [queued, ...again] = await acknowledgementsTo(customer.email);
    expect(again).toEqual([]);
    const receivedAt = dates().dateTime(recorded!.receivedAt);
    expect(receivedAt).toMatch(/^\w{3} \d{1,2}, \d{4}, \d{2}:\d{2} \S+$/);
    expect(queued!.subject).toBe(`We received your withdrawal from order ${placed.orderNumber}`);
    expect(queued!.text).toContain(
      `We received your withdrawal from order ${placed.orderNumber} on ${receivedAt}. This is your confirmation of receipt.`,
    );
    expect(queued!.text).toContain(statement.replace(/^/gm, "    "));
    expect(queued!.text).toContain("$276.99 including delivery");
    expect(queued!.sentAt).toEqual(expect.any(Date));
    await t.services.mailQueue.settled();
    const mails = (await listOutbox(t.outboxFolder)).filter((mail) => mail.to.includes(customer.email));
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        `We received your withdrawal from order ${placed.orderNumber}`,
        `Your Nocturn order ${placed.orderNumber} was cancelled and refunded`,
      ]),
    );
  });

  it("covers the whole contract: choosing items is refused before shipping", async () => {
    const { customer, placed, itemOf } = await paidOrder({ delivered: false });
    const error = await refusal(
      withdraw(customer, placed.orderId, [{ orderItemId: itemOf("M").id, quantity: 1 }]),
    );
    expect({ status: error.status, message: error.userMessage }).toEqual({
      status: 400,
      message: withdrawalMessages.chooseItems,
    });
    expect(await withdrawalsOf(placed.orderId)).toEqual([]);
    expect((await orderRow(t.services.db, placed.orderId)).status).toBe("processing");
  });

  it("stays recorded when the provider refuses the refund: the order is cancelled, the money due by the date, and the overdue count sees it", async () => {
    const { customer, placed, m } = await paidOrder({ delivered: false });
    const failing = {
      ...t.services,
      payments: {
        ...t.services.payments,
        refund: async () => {
          throw new PaymentProviderError("card network unreachable", "the card network did not answer");
        },
      },
    };
    const result = await withdrawFromContract({
      services: failing,
      user: { id: customer.id, name: customer.fullName, email: customer.email },
      orderId: placed.orderId,
      lines: null,
      requestKey: randomUUID(),
    });
    const due = dates().date(new Date(result.refundDueAt));
    expect(result).toMatchObject({
      outcome: "cancelled",
      refunded: false,
      message: `Order ${placed.orderNumber} is cancelled. We refund everything you paid by ${due}.`,
    });
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "paid",
    });
    expect(await refundsOf(placed.orderId)).toEqual([]);
    expect(await acknowledgementsTo(customer.email)).toHaveLength(1);

    const afterDue = new Date(new Date(result.refundDueAt).getTime() + 60_000);
    const overdue = await countOverdueWithdrawals(t.services.db, afterDue);
    expect(overdue).toBeGreaterThanOrEqual(1);

    // the admin's cancel-and-refund honours the withdrawal
    await cancelPaidOrder({ services: t.services, orderId: placed.orderId, by: { adminId: admin.id } });
    expect((await withdrawalsOf(placed.orderId))[0]?.refundedAt).toEqual(expect.any(Date));
    expect(await countOverdueWithdrawals(t.services.db, afterDue)).toBe(overdue - 1);
    expect(await stockOf(m.id)).toBe(5);
  });
});

describe("a withdrawal after delivery", () => {
  it("of the whole order is an approved withdrawal return, refunded with delivery as soon as the goods arrive", async () => {
    const { customer, placed, m, l, itemOf } = await paidOrder();
    const paid = await orderRow(t.services.db, placed.orderId);

    const result = await withdraw(customer, placed.orderId);

    expect(result).toMatchObject({
      outcome: "return",
      rmaNumber: expect.stringMatching(/^RMA-\d+$/),
      refunded: false,
    });
    expect(result.message).toBe(
      `Please send the goods back with return number ${result.rmaNumber}. We refund them as soon as they arrive or you send us proof of sending, at the latest by ${dates().date(new Date(result.refundDueAt))}.`,
    );
    const [ret, ...others] = await returnsOf(placed.orderId);
    expect(others).toEqual([]);
    expect(ret).toMatchObject({
      rmaNumber: result.rmaNumber,
      kind: "withdrawal",
      withdrawalId: result.withdrawalId,
      state: "approved",
      resolution: "refund",
      reasonCode: "withdrawal",
    });
    const units = await t.services.db.select().from(returnItem).where(eq(returnItem.returnId, ret!.id));
    expect(
      units
        .map((unit) => ({ orderItemId: unit.orderItemId, quantity: unit.quantity }))
        .sort((a, b) => a.orderItemId.localeCompare(b.orderItemId)),
    ).toEqual(
      [
        { orderItemId: itemOf("M").id, quantity: 2 },
        { orderItemId: itemOf("L").id, quantity: 1 },
      ].sort((a, b) => a.orderItemId.localeCompare(b.orderItemId)),
    );
    // the acknowledgement says where the goods go and by when the money comes
    const [queued] = await acknowledgementsTo(customer.email);
    expect(queued!.text).toContain(`with the return number ${result.rmaNumber}`);
    expect(queued!.text).toContain(t.services.config.returnInstructions);
    // Admin → Returns marks it, with the days left to refund
    const listed = await listAdminReturns({
      db: t.services.db,
      query: placed.orderNumber,
      state: undefined,
      page: 1,
    });
    expect(listed.returns).toEqual([
      expect.objectContaining({ id: ret!.id, kind: "withdrawal", state: "approved", refundDaysLeft: 14 }),
    ]);
    // nothing is refunded or restocked before the goods are back
    expect(await refundsOf(placed.orderId)).toEqual([]);
    expect([await stockOf(m.id), await stockOf(l.id)]).toEqual([3, 5]);

    const received = await receive(ret!.id);

    expect(received.message).toBe(
      `Return ${ret!.rmaNumber} marked received. Refunded $276.99 for return ${ret!.rmaNumber}`,
    );
    const refunds = await refundsOf(placed.orderId);
    // the order's total: both items and the delivery
    expect(refunds).toEqual([
      expect.objectContaining({ amountCents: paid.totalCents, taxCents: paid.taxCents, createdBy: admin.id }),
    ]);
    expect(paid.totalCents).toBe(3 * 8900 + paid.shippingCents);
    expect((await testSessionRow(t.services.db, placed.sessionId))?.refundedCents).toBe(paid.totalCents);
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({ paymentStatus: "refunded" });
    expect([await stockOf(m.id), await stockOf(l.id)]).toEqual([5, 6]);
    const [after] = await returnsOf(placed.orderId);
    expect(after).toMatchObject({
      state: "refunded",
      refundCents: paid.totalCents,
      refundId: refunds[0]!.id,
    });
    const events = await t.services.db
      .select()
      .from(returnEvent)
      .where(eq(returnEvent.returnId, ret!.id))
      .orderBy(asc(returnEvent.createdAt));
    expect(events.map((event) => event.state)).toEqual(["approved", "received", "refunded"]);
    expect((await withdrawalsOf(placed.orderId))[0]?.refundedAt).toEqual(expect.any(Date));
    const relisted = await listAdminReturns({
      db: t.services.db,
      query: placed.orderNumber,
      state: undefined,
      page: 1,
    });
    expect(relisted.returns[0]).toMatchObject({ state: "refunded", refundDaysLeft: null });
  });

  it("of some units refunds only those units' share, coupon and VAT as a return computes it, and the delivery with the last unit", async () => {
    const coupon = await insertTestCoupon(t.services.db, {
      discountType: "percentage",
      percentBasisPoints: 1500,
    });
    const { customer, placed, m, l, itemOf, hoodie } = await paidOrder({ couponCode: coupon.code });
    const paid = await orderRow(t.services.db, placed.orderId);
    expect(paid.discountCents).toBeGreaterThan(0);
    const mLine = paidLine(itemOf("M"), paid.pricesIncludeTax);
    const lLine = paidLine(itemOf("L"), paid.pricesIncludeTax);

    // 1 of the 2 M
    const first = await withdraw(customer, placed.orderId, [{ orderItemId: itemOf("M").id, quantity: 1 }]);
    expect(first.statement).toContain(`- 1 × ${hoodie.name}, size M`);
    expect(first.statement).not.toContain("all goods");
    const firstReturn = (await returnsOf(placed.orderId)).find(
      (ret) => ret.withdrawalId === first.withdrawalId,
    )!;
    await receive(firstReturn.id);
    const oneM = lineRefund(mLine, 0, 1);
    let refunds = await refundsOf(placed.orderId);
    expect(refunds).toEqual([expect.objectContaining({ amountCents: oneM.cents, taxCents: oneM.taxCents })]);
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({
      paymentStatus: "partially_refunded",
    });
    expect([await stockOf(m.id), await stockOf(l.id)]).toEqual([4, 5]);
    expect(
      (await withdrawalsOf(placed.orderId)).find((row) => row.id === first.withdrawalId)?.refundedAt,
    ).toEqual(expect.any(Date));

    // the whole L line: the M still held is not offered twice
    const tooMany = await refusal(
      withdraw(customer, placed.orderId, [{ orderItemId: itemOf("M").id, quantity: 2 }]),
    );
    expect({ status: tooMany.status, message: tooMany.userMessage }).toEqual({
      status: 409,
      message: withdrawalMessages.tooMany(hoodie.name, "M", 1),
    });
    const second = await withdraw(customer, placed.orderId, [{ orderItemId: itemOf("L").id, quantity: 1 }]);
    const secondReturn = (await returnsOf(placed.orderId)).find(
      (ret) => ret.withdrawalId === second.withdrawalId,
    )!;
    await receive(secondReturn.id, "damaged");
    const theL = lineRefund(lLine, 0, 1);
    refunds = await refundsOf(placed.orderId);
    expect(refunds.map((row) => row.amountCents).sort()).toEqual([oneM.cents, theL.cents].sort());
    // a damaged unit does not go back on sale
    expect(await stockOf(l.id)).toBe(5);

    // the last M: the whole order has now been withdrawn from, so the delivery comes back too
    const third = await withdraw(customer, placed.orderId);
    const thirdReturn = (await returnsOf(placed.orderId)).find(
      (ret) => ret.withdrawalId === third.withdrawalId,
    )!;
    await receive(thirdReturn.id);
    const lastM = lineRefund(mLine, 1, 1);
    refunds = await refundsOf(placed.orderId);
    const lastRefund = refunds.find((row) => row.reason === `Return ${thirdReturn.rmaNumber}`);
    expect(lastRefund?.amountCents).toBe(lastM.cents + paid.shippingCents);
    expect(refunds.reduce((sum, row) => sum + row.amountCents, 0)).toBe(paid.totalCents);
    expect(refunds.reduce((sum, row) => sum + row.taxCents, 0)).toBe(paid.taxCents);
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({ paymentStatus: "refunded" });
    expect([await stockOf(m.id), await stockOf(l.id)]).toEqual([5, 5]);
  });
});

describe("a proof of sending", () => {
  it("refunds an approved withdrawal before the goods arrive; their arrival then only records them and puts them back in stock", async () => {
    const { customer, placed, m, l } = await paidOrder();
    const paid = await orderRow(t.services.db, placed.orderId);
    const { rmaNumber } = await withdraw(customer, placed.orderId);
    const [ret] = await returnsOf(placed.orderId);

    const empty = await refusal(
      recordProofOfSending({ services: t.services, admin, returnId: ret!.id, proof: "  " }),
    );
    expect({ status: empty.status, message: empty.userMessage }).toEqual({
      status: 400,
      message: proofMessages.required,
    });
    const tooLong = await refusal(
      recordProofOfSending({ services: t.services, admin, returnId: ret!.id, proof: "x".repeat(301) }),
    );
    expect(tooLong.userMessage).toBe(proofMessages.tooLong);
    expect((await returnsOf(placed.orderId))[0]).toMatchObject({ state: "approved", proofOfSending: null });

    const proven = await recordProofOfSending({
      services: t.services,
      admin,
      returnId: ret!.id,
      proof: " DHL parcel 00340434161234567890 ",
    });
    expect(proven.message).toBe(`Refunded $276.99 for return ${rmaNumber}`);
    expect((await returnsOf(placed.orderId))[0]).toMatchObject({
      state: "refunded",
      proofOfSending: "DHL parcel 00340434161234567890",
      proofOfSendingAt: expect.any(Date),
      refundCents: paid.totalCents,
    });
    expect(await refundsOf(placed.orderId)).toEqual([
      expect.objectContaining({ amountCents: paid.totalCents }),
    ]);
    expect((await withdrawalsOf(placed.orderId))[0]?.refundedAt).toEqual(expect.any(Date));
    // the goods are still on their way
    expect([await stockOf(m.id), await stockOf(l.id)]).toEqual([3, 5]);

    const arrived = await receive(ret!.id);
    expect(arrived.message).toBe(`Return ${rmaNumber} marked received`);
    expect((await returnsOf(placed.orderId))[0]?.state).toBe("refunded");
    const items = await t.services.db.select().from(returnItem).where(eq(returnItem.returnId, ret!.id));
    expect(items.map((item) => item.condition)).toEqual(["sellable", "sellable"]);
    expect([await stockOf(m.id), await stockOf(l.id)]).toEqual([5, 6]);
    expect(await refundsOf(placed.orderId)).toHaveLength(1);
    const events = await t.services.db
      .select()
      .from(returnEvent)
      .where(eq(returnEvent.returnId, ret!.id))
      .orderBy(asc(returnEvent.createdAt));
    expect(events.map((event) => [event.state, event.note])).toEqual([
      ["approved", expect.stringMatching(/^Withdrawal received on /)],
      ["approved", "Proof of sending: DHL parcel 00340434161234567890"],
      ["refunded", "Refunded $276.99"],
      ["received", "Goods arrived after the refund: 3 sellable (back in stock), 0 damaged"],
    ]);
  });

  it("is refused on a voluntary return", async () => {
    const { customer, placed, itemOf } = await paidOrder();
    const voluntary = await requestTestReturn(t.services, customer, placed.orderId, [
      { orderItemId: itemOf("L").id, quantity: 1 },
    ]);
    await approveReturn({ services: t.services, admin, returnId: voluntary.id });
    const error = await refusal(
      recordProofOfSending({ services: t.services, admin, returnId: voluntary.id, proof: "DHL 123" }),
    );
    expect({ status: error.status, message: error.userMessage }).toEqual({
      status: 409,
      message: returnMessages.notAllowed("approved", "given a proof of sending"),
    });
    expect(await refundsOf(placed.orderId)).toEqual([]);
  });

  it("puts the goods back in stock once however often their arrival is pressed", async () => {
    const { customer, placed, m, l } = await paidOrder();
    await withdraw(customer, placed.orderId);
    const [ret] = await returnsOf(placed.orderId);
    await recordProofOfSending({
      services: t.services,
      admin,
      returnId: ret!.id,
      proof: "DHL 00340434161234567890",
    });
    await receive(ret!.id);
    expect([await stockOf(m.id), await stockOf(l.id)]).toEqual([5, 6]);

    // a second press (another admin, a resent form) must not put the units back again: fails now,
    // receiveAfterRefund (withdrawal-returns.ts) does not look whether the conditions were recorded
    const again = await receiveReturnGoods({
      services: t.services,
      admin,
      returnId: ret!.id,
      conditions: await conditionsOf(ret!.id),
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect([await stockOf(m.id), await stockOf(l.id)]).toEqual([5, 6]);
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).status).toBe(409);
  });
});

describe("the signed-out withdrawal form", () => {
  it("answers the same for an unknown order, a wrong e-mail and the right pair; only the right pair is recorded and acknowledged to the account's address", async () => {
    const { customer, placed, m } = await paidOrder({ delivered: false, fullName: "Gina Guest" });
    const other = await registerTestCustomer(t.services, { fullName: "Otto Other" });
    const clientIp = freshIp();
    const ask = (orderNumber: string, email: string) =>
      guest({ orderNumber, email, clientIp, name: "Gina G." });

    const unknownNumber = "NOC-999999";
    const unknown = await ask(unknownNumber, customer.email);
    const wrongEmail = await ask(placed.orderNumber, other.email);
    expect(unknown).toEqual({ message: withdrawalMessages.guestReceived(unknownNumber, customer.email) });
    expect(wrongEmail).toEqual({
      message: withdrawalMessages.guestReceived(placed.orderNumber, other.email),
    });
    expect(await withdrawalsOf(placed.orderId)).toEqual([]);
    expect(await acknowledgementsTo(customer.email)).toEqual([]);
    expect(await acknowledgementsTo(other.email)).toEqual([]);
    expect((await orderRow(t.services.db, placed.orderId)).status).toBe("processing");

    // the right pair, typed in other cases and with spaces
    const typedNumber = ` ${placed.orderNumber.toLowerCase()} `;
    const typedEmail = customer.email.toUpperCase();
    const right = await ask(typedNumber, typedEmail);
    expect(right).toEqual({ message: withdrawalMessages.guestReceived(typedNumber.trim(), typedEmail) });
    // the same sentence, whether or not the pair named an order
    expect(right.message.replace(typedNumber.trim(), "N").replace(typedEmail, "E")).toBe(
      unknown.message.replace(unknownNumber, "N").replace(customer.email, "E"),
    );

    const [recorded, ...more] = await withdrawalsOf(placed.orderId);
    expect(more).toEqual([]);
    expect(recorded).toMatchObject({
      userId: customer.id,
      consumerName: "Gina G.",
      // the statement's address as typed; the acknowledgement goes to the account's
      consumerEmail: typedEmail,
      outcome: "cancelled",
      refundedAt: expect.any(Date),
    });
    expect(recorded!.statement).toContain(`E-mail: ${typedEmail}`);
    expect(recorded!.statement).toContain("Name: Gina G.");
    expect(await acknowledgementsTo(customer.email)).toHaveLength(1);
    expect(await acknowledgementsTo(typedEmail)).toEqual([]);
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
    });
    expect(await stockOf(m.id)).toBe(5);

    // sent again: the same answer, nothing recorded or acknowledged twice
    expect(await ask(placed.orderNumber, customer.email)).toEqual({
      message: withdrawalMessages.guestReceived(placed.orderNumber, customer.email),
    });
    expect(await withdrawalsOf(placed.orderId)).toHaveLength(1);
    expect(await acknowledgementsTo(customer.email)).toHaveLength(1);
  });

  it("answers the same when a request key used before comes with another order's number, and records that order's statement", async () => {
    // the key is the form's (a hidden field the visitor controls): with a key of an earlier
    // withdrawal, a different answer for a pair that names an order would tell which pairs exist
    const first = await paidOrder({ delivered: false });
    const second = await paidOrder({ delivered: false });
    const clientIp = freshIp();
    const requestKey = randomUUID();
    await guest({ orderNumber: first.placed.orderNumber, email: first.customer.email, clientIp, requestKey });
    expect(await withdrawalsOf(first.placed.orderId)).toHaveLength(1);

    const wrongPair = await guest({
      orderNumber: second.placed.orderNumber,
      email: first.customer.email,
      clientIp,
      requestKey,
    });
    expect(wrongPair.message).toBe(
      withdrawalMessages.guestReceived(second.placed.orderNumber, first.customer.email),
    );
    const rightPair = await guest({
      orderNumber: second.placed.orderNumber,
      email: second.customer.email,
      clientIp,
      requestKey,
    }).catch((error: unknown) => ({
      message: error instanceof AppError ? error.userMessage : String(error),
    }));
    expect(rightPair.message).toBe(
      withdrawalMessages.guestReceived(second.placed.orderNumber, second.customer.email),
    );
    expect(await withdrawalsOf(second.placed.orderId)).toHaveLength(1);
  });

  it("takes a delivered order back as a withdrawal return of all its goods", async () => {
    const { customer, placed } = await paidOrder();
    await guest({ orderNumber: placed.orderNumber, email: customer.email, clientIp: freshIp() });
    const [ret] = await returnsOf(placed.orderId);
    expect(ret).toMatchObject({ kind: "withdrawal", state: "approved", userId: customer.id });
    const units = await t.services.db.select().from(returnItem).where(eq(returnItem.returnId, ret!.id));
    expect(units.reduce((sum, unit) => sum + unit.quantity, 0)).toBe(3);
  });

  it("refuses the 11th attempt from one address within the hour, even for unknown orders; another address still gets through", async () => {
    const { customer, placed } = await paidOrder({ delivered: false });
    const clientIp = freshIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await guest({ orderNumber: `NOC-${900000 + attempt}`, email: customer.email, clientIp });
      expect(answer.message).toBe(
        withdrawalMessages.guestReceived(`NOC-${900000 + attempt}`, customer.email),
      );
    }
    for (const orderNumber of ["NOC-900011", placed.orderNumber]) {
      const limited = await refusal(guest({ orderNumber, email: customer.email, clientIp }));
      expect(limited).toMatchObject({ status: 429, code: "rate_limited" });
      expect(limited.userMessage).toMatch(/try again/i);
    }
    expect(await withdrawalsOf(placed.orderId)).toEqual([]);
    expect(await acknowledgementsTo(customer.email)).toEqual([]);

    const elsewhere = await guest({
      orderNumber: placed.orderNumber,
      email: customer.email,
      clientIp: freshIp(),
    });
    expect(elsewhere.message).toBe(withdrawalMessages.guestReceived(placed.orderNumber, customer.email));
    expect(await withdrawalsOf(placed.orderId)).toHaveLength(1);
  });
});

describe("two confirmations at once", () => {
  it("with the same request key record one withdrawal and one refund, and both name it", async () => {
    const { customer, placed, m, l } = await paidOrder({ delivered: false });
    const requestKey = randomUUID();
    const results = await Promise.all([
      withdraw(customer, placed.orderId, null, requestKey),
      withdraw(customer, placed.orderId, null, requestKey),
    ]);
    const rows = await withdrawalsOf(placed.orderId);
    expect(rows).toHaveLength(1);
    expect(results.map((result) => result.withdrawalId)).toEqual([rows[0]!.id, rows[0]!.id]);
    expect(results.map((result) => result.refunded)).toEqual([true, true]);
    const refunds = await refundsOf(placed.orderId);
    expect(refunds).toHaveLength(1);
    expect((await testSessionRow(t.services.db, placed.sessionId))?.refundedCents).toBe(
      refunds[0]!.amountCents,
    );
    expect([await stockOf(m.id), await stockOf(l.id)]).toEqual([5, 6]);
    expect(await acknowledgementsTo(customer.email)).toHaveLength(1);
  });

  it("with two request keys before shipping record one withdrawal; the other is refused because the order is cancelled", async () => {
    const { customer, placed, m } = await paidOrder({ delivered: false });
    const results = await Promise.allSettled([
      withdraw(customer, placed.orderId),
      withdraw(customer, placed.orderId),
    ]);
    const fulfilled = results.filter((result) => result.status === "fulfilled");
    const rejected = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toBeInstanceOf(AppError);
    const error = rejected[0] as AppError;
    expect(error.status).toBe(409);
    // cancelled at once in the statement's transaction; refunded too if the first one's refund finished first
    expect([withdrawalMessages.cancelled, withdrawalMessages.refunded]).toContain(error.userMessage);
    expect(await withdrawalsOf(placed.orderId)).toHaveLength(1);
    expect(await refundsOf(placed.orderId)).toHaveLength(1);
    expect(await stockOf(m.id)).toBe(5);
    expect(await acknowledgementsTo(customer.email)).toHaveLength(1);
  });

  it("with two request keys after delivery make one withdrawal return; the other finds nothing left", async () => {
    const { customer, placed } = await paidOrder();
    const results = await Promise.allSettled([
      withdraw(customer, placed.orderId),
      withdraw(customer, placed.orderId),
    ]);
    const rejected = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ status: 409, userMessage: withdrawalMessages.nothingLeft });
    expect(await withdrawalsOf(placed.orderId)).toHaveLength(1);
    const returns = await returnsOf(placed.orderId);
    expect(returns).toHaveLength(1);
    const units = await t.services.db
      .select()
      .from(returnItem)
      .where(eq(returnItem.returnId, returns[0]!.id));
    expect(units.reduce((sum, unit) => sum + unit.quantity, 0)).toBe(3);
  });

  it.runIf(onPostgres)("stay one withdrawal when many arrive at once (PostgreSQL)", async () => {
    const { customer, placed, m } = await paidOrder({ delivered: false });
    const requestKey = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) =>
        withdraw(customer, placed.orderId, null, index % 2 === 0 ? requestKey : randomUUID()),
      ),
    );
    const rows = await withdrawalsOf(placed.orderId);
    expect(rows).toHaveLength(1);
    for (const result of results) {
      if (result.status === "fulfilled") expect(result.value.withdrawalId).toBe(rows[0]!.id);
      else expect(result.reason).toMatchObject({ status: 409 });
    }
    expect(await refundsOf(placed.orderId)).toHaveLength(1);
    expect(await stockOf(m.id)).toBe(5);
    expect(await acknowledgementsTo(customer.email)).toHaveLength(1);
  });
});

describe("overdue withdrawals", () => {
  it("counts a withdrawal past its refund date until it is refunded", async () => {
    const { customer, placed } = await paidOrder();
    const { withdrawalId } = await withdraw(customer, placed.orderId);
    const before = await countOverdueWithdrawals(t.services.db);
    const overdueSince = new Date(Date.now() - 2 * DAY_MS - 60_000);
    await t.services.db
      .update(withdrawal)
      .set({ refundDueAt: overdueSince })
      .where(eq(withdrawal.id, withdrawalId));

    expect(await countOverdueWithdrawals(t.services.db)).toBe(before + 1);
    const listed = await listAdminReturns({
      db: t.services.db,
      query: placed.orderNumber,
      state: undefined,
      page: 1,
    });
    expect(listed.overdueWithdrawals).toBe(before + 1);
    expect(listed.returns[0]).toMatchObject({ kind: "withdrawal", refundDaysLeft: -2 });

    const [ret] = await returnsOf(placed.orderId);
    await receive(ret!.id);
    expect(await countOverdueWithdrawals(t.services.db)).toBe(before);
  });
});

describe("an admin and a withdrawal's return", () => {
  it("cannot reject or re-approve it, nor can the customer cancel it; a voluntary return beside it can still be rejected", async () => {
    const { customer, placed, itemOf } = await paidOrder();
    await withdraw(customer, placed.orderId, [{ orderItemId: itemOf("M").id, quantity: 2 }]);
    const [ret] = await returnsOf(placed.orderId);

    const rejected = await refusal(
      rejectReturn({ services: t.services, admin, returnId: ret!.id, reason: "Worn, tags removed" }),
    );
    expect({ status: rejected.status, message: rejected.userMessage }).toEqual({
      status: 409,
      message: returnMessages.notAllowed("approved", "rejected"),
    });
    const approved = await refusal(approveReturn({ services: t.services, admin, returnId: ret!.id }));
    expect(approved.status).toBe(409);
    const cancelled = await refusal(
      cancelReturn({
        services: t.services,
        user: { id: customer.id, email: customer.email },
        returnId: ret!.id,
      }),
    );
    expect(cancelled.status).toBe(409);
    expect((await returnsOf(placed.orderId))[0]).toMatchObject({ state: "approved", rejectionReason: null });

    const voluntary = await requestTestReturn(t.services, customer, placed.orderId, [
      { orderItemId: itemOf("L").id, quantity: 1 },
    ]);
    await rejectReturn({ services: t.services, admin, returnId: voluntary.id, reason: "Worn, tags removed" });
    const after = await returnsOf(placed.orderId);
    expect(after.find((row) => row.id === voluntary.id)).toMatchObject({
      kind: "voluntary",
      state: "rejected",
      rejectionReason: "Worn, tags removed",
    });
    expect(after.find((row) => row.id === ret!.id)?.state).toBe("approved");
  });
});

describe("the customer's data export", () => {
  it("holds the withdrawal statements the customer sent", async () => {
    const { customer, placed } = await paidOrder({ delivered: false });
    const taken = await withdraw(customer, placed.orderId);
    const file = await exportCustomerData({
      db: t.services.db,
      config: t.services.config,
      userId: customer.id,
    });
    expect(file.withdrawals).toEqual([
      {
        orderNumber: placed.orderNumber,
        statement: taken.statement,
        receivedAt: taken.receivedAt,
        outcome: "cancelled",
        refundedAt: expect.any(String),
      },
    ]);
  });
});
