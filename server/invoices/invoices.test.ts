// Invoices and credit notes on a real database (docs/INVOICES.md): the invoice a payment issues, the
// credit note every refund issues (a partial return, a full cancellation, a withdrawal), and the
// identity an accountant checks: invoice total minus credit notes is what the customer kept.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { lineRefund, paidLine } from "../../core/returns";
import {
  insertTestCoupon,
  insertTestProduct,
  orderRow,
  registerTestCustomer,
  signUpTestAdmin,
  sizeRun,
} from "../../tests/setup/test-commerce";
import { markDelivered, placePaidOrder, requestTestReturn } from "../../tests/setup/test-orders";
import { setupTestServices } from "../../tests/setup/test-services";
import { syncPaymentSession } from "../checkout/sync-payment";
import { creditNote, invoice, orderItem, refund, returnRequest } from "../db/schema";
import { listOutbox } from "../mail/read-outbox";
import { cancelPaidOrder } from "../orders/cancel-paid-order";
import { getAdminReturn } from "../returns/admin-returns";
import { approveReturn } from "../returns/approve-return";
import { markReturnReceived } from "../returns/mark-return-received";
import { refundReturn } from "../returns/refund-return";
import { withdrawFromContract } from "../withdrawals/withdraw-from-contract";
import { receiveReturnGoods } from "../withdrawals/withdrawal-returns";
import { calendarDay } from "./document-content";
import { nextDocumentNumber } from "./next-document-number";

const t = setupTestServices({ STORE_CURRENCY: "EUR" });

/** A customer's paid order of 2 × M and 1 × L (49.99 each), with a 10 % coupon unless told otherwise. */
async function paidOrder(options: { coupon?: boolean } = {}) {
  const customer = await registerTestCustomer(t.services, { fullName: "Rita Returner" });
  const product = await insertTestProduct(t.services.db, {
    name: "Eclipse Hoodie",
    priceCents: 4999,
    sizes: sizeRun({ M: 10, L: 10 }),
  });
  const [m, l] = product.variants as [(typeof product.variants)[0], (typeof product.variants)[0]];
  const coupon = options.coupon === false ? null : await insertTestCoupon(t.services.db);
  const placed = await placePaidOrder(
    t.services,
    customer,
    [
      { variantId: m.id, quantity: 2 },
      { variantId: l.id, quantity: 1 },
    ],
    { couponCode: coupon?.code },
  );
  const items = await t.services.db.select().from(orderItem).where(eq(orderItem.orderId, placed.orderId));
  return { customer, placed, items, itemOf: (size: string) => items.find((item) => item.size === size)! };
}

const invoiceOf = async (orderId: string) => {
  const [row] = await t.services.db.select().from(invoice).where(eq(invoice.orderId, orderId));
  return row;
};
const creditNotesOf = (invoiceId: string) =>
  t.services.db
    .select()
    .from(creditNote)
    .where(eq(creditNote.invoiceId, invoiceId))
    .orderBy(creditNote.number);
const refundsOf = (orderId: string) => t.services.db.select().from(refund).where(eq(refund.orderId, orderId));

/** Invoice minus credit notes, and what the customer kept (paid minus refunded): gross and VAT. */
async function keptBothWays(orderId: string) {
  const row = await orderRow(t.services.db, orderId);
  const billed = (await invoiceOf(orderId))!;
  const notes = await creditNotesOf(billed.id);
  const refunds = await refundsOf(orderId);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    documents: {
      grossCents: billed.content.totals.grossCents - sum(notes.map((note) => note.content.totals.grossCents)),
      taxCents: billed.content.totals.taxCents - sum(notes.map((note) => note.content.totals.taxCents)),
    },
    money: {
      grossCents: row.totalCents - sum(refunds.map((given) => given.amountCents)),
      taxCents: row.taxCents - sum(refunds.map((given) => given.taxCents)),
    },
  };
}

/** The admin approves, receives (sellable) and refunds a return of these lines. */
async function refundThroughReturn(
  customer: Awaited<ReturnType<typeof registerTestCustomer>>,
  orderId: string,
  lines: { orderItemId: string; quantity: number }[],
) {
  const admin = await signUpTestAdmin(t.services);
  const by = { id: admin.id, email: admin.email };
  const requested = await requestTestReturn(t.services, customer, orderId, lines);
  await approveReturn({ services: t.services, admin: by, returnId: requested.id });
  const details = await getAdminReturn({ ...t.services, returnId: requested.id });
  await markReturnReceived({
    services: t.services,
    admin: by,
    returnId: requested.id,
    conditions: Object.fromEntries(details.items.map((item) => [item.id, "sellable"])),
  });
  return refundReturn({ services: t.services, admin: by, returnId: requested.id });
}

describe("the invoice of a paid order", () => {
  it("is issued once, when the order is paid, with the order's lines, shipping, VAT per rate and totals", async () => {
    const { placed, itemOf } = await paidOrder();
    const row = await orderRow(t.services.db, placed.orderId);
    const billed = await invoiceOf(placed.orderId);
    const year = calendarDay(billed!.issuedAt, t.services.config.timeZone).slice(0, 4);
    expect(billed!.number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));

    const content = billed!.content;
    const m = itemOf("M");
    const seller = t.services.config.seller;
    expect(content).toMatchObject({
      kind: "invoice",
      number: billed!.number,
      orderNumber: row.orderNumber,
      currency: "EUR",
      seller: { legalName: seller.legalName, address: seller.address, vatId: seller.vatId },
      customer: { name: "Nova Shopper", addressLines: ["Torstraße 101", "10119 Berlin", "Germany"] },
      suppliedOn: calendarDay(row.paidAt!, t.services.config.timeZone),
      paymentMethod: "Visa •••• 4242",
      couponCode: row.couponCode,
    });
    expect(content.lines).toContainEqual({
      orderItemId: m.id,
      description: `Eclipse Hoodie (size M)`,
      quantity: 2,
      unitNetCents: Math.round(m.netCents / 2),
      netCents: m.netCents,
      rateBasisPoints: 1900,
      taxCents: m.taxCents,
      grossCents: m.netCents + m.taxCents,
    });
    expect(content.lines.at(-1)).toMatchObject({
      description: "Shipping",
      quantity: 1,
      netCents: row.shippingCents - row.shippingTaxCents,
      taxCents: row.shippingTaxCents,
    });
    expect(content.totals).toEqual({
      netCents: row.totalCents - row.taxCents,
      taxCents: row.taxCents,
      grossCents: row.totalCents,
    });
    expect(content.taxSummary).toEqual(
      row.taxSummary.map((entry) => ({
        rateBasisPoints: entry.rateBasisPoints,
        netCents: entry.baseCents,
        taxCents: entry.taxCents,
      })),
    );

    // the success page and the webhook settle it again: still one invoice, the same
    await syncPaymentSession({ services: t.services, sessionId: placed.sessionId });
    const all = await t.services.db.select().from(invoice).where(eq(invoice.orderId, placed.orderId));
    expect(all).toEqual([billed]);
  });

  it("is attached to the order confirmation e-mail as a PDF named by its number", async () => {
    const { customer, placed } = await paidOrder({ coupon: false });
    await t.services.mailQueue.settled();
    const billed = await invoiceOf(placed.orderId);
    const confirmation = (await listOutbox(t.outboxFolder)).find(
      (mail) => mail.to === customer.email && mail.subject.includes(placed.orderNumber),
    );
    expect(confirmation?.attachments).toHaveLength(1);
    const [attached] = confirmation!.attachments;
    expect(attached).toMatchObject({ filename: `${billed!.number}.pdf`, contentType: "application/pdf" });
    expect(attached!.content.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("numbering", () => {
  it("counts per kind and year, and a rolled-back transaction gives its number back", async () => {
    const year = 2031;
    const take = (kind: "invoice" | "credit_note") =>
      t.services.db.transaction((tx) => nextDocumentNumber(tx, kind, year));
    expect(await take("invoice")).toBe("INV-2031-000001");
    await expect(
      t.services.db.transaction(async (tx) => {
        await nextDocumentNumber(tx, "invoice", year);
        throw new Error("the payment failed to record");
      }),
    ).rejects.toThrow("the payment failed to record");
    expect(await take("invoice")).toBe("INV-2031-000002");
    expect(await take("credit_note")).toBe("CN-2031-000001");
    expect(await t.services.db.transaction((tx) => nextDocumentNumber(tx, "invoice", 2032))).toBe(
      "INV-2032-000001",
    );
  });

  it("takes the year of the issue date in the store's time zone", () => {
    const newYearInBerlin = new Date("2026-12-31T23:30:00Z");
    expect(calendarDay(newYearInBerlin, "Europe/Berlin")).toBe("2027-01-01");
    expect(calendarDay(newYearInBerlin, "UTC")).toBe("2026-12-31");
  });
});

describe("credit notes", () => {
  it("a partial return credits exactly its units after the coupon, then the last return credits the shipping", async () => {
    const { customer, placed, itemOf } = await paidOrder();
    const m = itemOf("M");
    const l = itemOf("L");
    const row = await orderRow(t.services.db, placed.orderId);
    const billed = (await invoiceOf(placed.orderId))!;
    await markDelivered(t.services, placed.orderId);

    const first = await refundThroughReturn(customer, placed.orderId, [{ orderItemId: m.id, quantity: 1 }]);
    const [note] = await creditNotesOf(billed.id);
    const expected = lineRefund(paidLine(m, row.pricesIncludeTax), 0, 1);
    expect(note!.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(note!.content).toMatchObject({
      kind: "credit_note",
      invoiceNumber: billed.number,
      currency: "EUR",
      reason: expect.stringMatching(/^Return RMA-/),
      lines: [
        {
          orderItemId: m.id,
          description: "Eclipse Hoodie (size M)",
          quantity: 1,
          netCents: expected.cents - expected.taxCents,
          taxCents: expected.taxCents,
          rateBasisPoints: 1900,
          grossCents: expected.cents,
        },
      ],
      taxSummary: [
        { rateBasisPoints: 1900, netCents: expected.cents - expected.taxCents, taxCents: expected.taxCents },
      ],
      totals: { grossCents: first.amountCents, taxCents: expected.taxCents },
    });
    let kept = await keptBothWays(placed.orderId);
    expect(kept.documents).toEqual(kept.money);

    // the rest: the other M and the L; the shipping goes back with the last unit
    await refundThroughReturn(customer, placed.orderId, [
      { orderItemId: m.id, quantity: 1 },
      { orderItemId: l.id, quantity: 1 },
    ]);
    const notes = await creditNotesOf(billed.id);
    expect(notes).toHaveLength(2);
    expect(notes[1]!.content.lines.map((line) => [line.description, line.quantity])).toEqual([
      ["Eclipse Hoodie (size L)", 1],
      ["Eclipse Hoodie (size M)", 1],
      ["Shipping", 1],
    ]);
    kept = await keptBothWays(placed.orderId);
    expect(kept.documents).toEqual(kept.money);
    expect(kept.documents).toEqual({ grossCents: 0, taxCents: 0 });
    const refunds = await refundsOf(placed.orderId);
    const byRefund = new Map(notes.map((entry) => [entry.refundId, entry.content.totals.grossCents]));
    for (const given of refunds) expect(byRefund.get(given.id)).toBe(given.amountCents);
  });

  it("a full cancellation credits the whole invoice", async () => {
    const { placed } = await paidOrder();
    const admin = await signUpTestAdmin(t.services);
    await cancelPaidOrder({ services: t.services, orderId: placed.orderId, by: { adminId: admin.id } });
    const billed = (await invoiceOf(placed.orderId))!;
    const [note, ...more] = await creditNotesOf(billed.id);
    expect(more).toEqual([]);
    expect(note!.content.lines).toEqual(billed.content.lines);
    expect(note!.content.totals).toEqual(billed.content.totals);
    expect(note!.content.reason).toBe("Order cancelled by an admin");
    const kept = await keptBothWays(placed.orderId);
    expect(kept.documents).toEqual(kept.money);
    expect(kept.money).toEqual({ grossCents: 0, taxCents: 0 });
  });

  it("a withdrawal before shipping credits the whole invoice with the withdrawal as its reason", async () => {
    const { customer, placed } = await paidOrder({ coupon: false });
    await withdrawFromContract({
      services: t.services,
      user: { id: customer.id, name: customer.fullName, email: customer.email },
      orderId: placed.orderId,
      lines: null,
      requestKey: crypto.randomUUID(),
    });
    const billed = (await invoiceOf(placed.orderId))!;
    const notes = await creditNotesOf(billed.id);
    expect(notes.map((note) => note.content.reason)).toEqual(["Withdrawal by the customer"]);
    expect(notes[0]!.content.totals).toEqual(billed.content.totals);
    const kept = await keptBothWays(placed.orderId);
    expect(kept.documents).toEqual(kept.money);
  });

  it("a withdrawal after delivery credits the units sent back", async () => {
    const { customer, placed, itemOf } = await paidOrder();
    await markDelivered(t.services, placed.orderId);
    const l = itemOf("L");
    const withdrawn = await withdrawFromContract({
      services: t.services,
      user: { id: customer.id, name: customer.fullName, email: customer.email },
      orderId: placed.orderId,
      lines: [{ orderItemId: l.id, quantity: 1 }],
      requestKey: crypto.randomUUID(),
    });
    const [ret] = await t.services.db
      .select()
      .from(returnRequest)
      .where(eq(returnRequest.rmaNumber, withdrawn.rmaNumber!));
    const admin = await signUpTestAdmin(t.services);
    const details = await getAdminReturn({ ...t.services, returnId: ret!.id });
    await receiveReturnGoods({
      services: t.services,
      admin: { id: admin.id, email: admin.email },
      returnId: ret!.id,
      conditions: Object.fromEntries(details.items.map((item) => [item.id, "sellable"])),
    });
    const billed = (await invoiceOf(placed.orderId))!;
    const notes = await creditNotesOf(billed.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.content.reason).toBe(`Return ${withdrawn.rmaNumber}`);
    expect(notes[0]!.content.lines.map((line) => [line.orderItemId, line.quantity])).toEqual([[l.id, 1]]);
    const kept = await keptBothWays(placed.orderId);
    expect(kept.documents).toEqual(kept.money);
  });
});
