// STORE_CURRENCY (docs/CURRENCY.md) end to end on the Stripe driver, against the local Stripe
// stand-in: a euro store records, charges, mails and exports in euros, and an order sold in dollars
// before the store switched keeps its dollars everywhere.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as cartAction } from "../../app/routes/cart/cart";
import { action as webhookAction } from "../../app/routes/checkout/api.webhooks.stripe";
import { formatMoney } from "../../core/money";
import { callRoute, settle } from "../../tests/setup/route-call";
import { setupStripeServices } from "../../tests/setup/stripe-services";
import { insertTestProduct, orderRow, signUpTestUser, TEST_SHIPPING } from "../../tests/setup/test-commerce";
import { formRequest, TEST_PUBLIC_URL } from "../../tests/setup/test-services";
import { order, receipt } from "../db/schema";
import { listOutbox } from "../mail/read-outbox";
import { exportOrdersCsv } from "../orders/export-orders-csv";
import { searchReceiptViews } from "../receipts/receipt.view";

const { stripe, t } = setupStripeServices({ STORE_CURRENCY: "EUR" });

const eur = (cents: number) => formatMoney(cents, { currency: "EUR", locale: "en-US" });
const usd = (cents: number) => formatMoney(cents, { currency: "USD", locale: "en-US" });

type Json = Record<string, unknown>;
const cart = async (fields: Record<string, string>, cookie: string) =>
  settle<Json>(await callRoute(cartAction, formRequest("/cart", fields, cookie), { services: t.services }));

/**
 * A shopper's order of one hoodie at 89.00 taken to the payment page. `soldInDollars`: the order is
 * one the store saved while it still sold in dollars, before the switch to euros (the column is
 * what an order placed then has; its amounts are plain cents either way).
 */
async function orderOnStripe(options: { soldInDollars?: boolean } = {}) {
  const shopper = await signUpTestUser(t.services);
  const hoodie = await insertTestProduct(t.services.db, { priceCents: 8900, stock: 5 });
  const prepared = await cart(
    {
      intent: "prepare",
      lines: JSON.stringify([{ variantId: hoodie.variant.id, quantity: 1 }]),
      couponCode: "",
      ...TEST_SHIPPING,
    },
    shopper.cookie,
  );
  const { orderId, orderNumber } = prepared.data.order as { orderId: string; orderNumber: string };
  if (options.soldInDollars) {
    await t.services.db.update(order).set({ currency: "USD" }).where(eq(order.id, orderId));
  }
  const paid = await cart({ intent: "pay", orderId }, shopper.cookie);
  expect(paid.status).toBe(200);
  const { paymentSessionId } = await orderRow(t.services.db, orderId);
  return { shopper, orderId, orderNumber, sessionId: paymentSessionId! };
}

/** Stripe reports the session paid: the signed webhook, as Stripe's servers send it. */
async function payAtStripe(sessionId: string) {
  stripe.completeSession(sessionId);
  const signed = stripe.signedWebhook({
    type: "checkout.session.completed",
    data: { object: stripe.sessions.get(sessionId) },
  });
  const response = (await callRoute(
    webhookAction,
    new Request(`${TEST_PUBLIC_URL}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signed.signature },
      body: signed.rawBody,
    }),
    { services: t.services },
  )) as Response;
  expect(response.status).toBe(200);
  await t.services.mailQueue.settled();
}

async function confirmationOf(email: string, orderNumber: string) {
  const mails = (await listOutbox(t.outboxFolder)).filter(
    (mail) => mail.to === email && mail.subject.includes(`order ${orderNumber} is confirmed`),
  );
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

/** The orders CSV of one order: its header and its row, cell by cell (no cell here holds a comma). */
async function csvOf(orderNumber: string) {
  const stream = exportOrdersCsv({
    db: t.services.db,
    log: t.services.log,
    currency: t.services.config.currency,
    query: orderNumber,
  });
  const [header, row] = (await new Response(stream).text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
  const cell = (name: string) => row?.[header!.indexOf(name)];
  return { header: header!, row: row!, cell };
}

describe("a store that sells in euros", () => {
  it("records the order in EUR, opens the Stripe session in eur and confirms in euros", async () => {
    const { shopper, orderId, orderNumber, sessionId } = await orderOnStripe();
    const placed = await orderRow(t.services.db, orderId);
    expect(placed.currency).toBe("EUR");

    const created = stripe.requests.find(
      (request) => request.path === "/v1/checkout/sessions" && request.body.client_reference_id === orderId,
    );
    const lineItems = created?.body.line_items as Array<{ price_data: { currency: string } }>;
    expect(lineItems.length).toBeGreaterThan(0);
    expect(lineItems.map((line) => line.price_data.currency)).toEqual(lineItems.map(() => "eur"));
    expect(stripe.sessions.get(sessionId)?.currency).toBe("eur");

    await payAtStripe(sessionId);
    const [kept] = await t.services.db.select().from(receipt).where(eq(receipt.orderId, orderId));
    expect(kept?.currency).toBe("eur");

    const mail = await confirmationOf(shopper.email, orderNumber);
    expect(mail.text).toContain(`Total paid: ${eur(placed.totalCents)}`);
    expect(mail.text).toContain("€");
    expect(mail.text).not.toContain("$");

    const { receipts } = await searchReceiptViews({ db: t.services.db, query: orderNumber, locale: "en-US" });
    expect(receipts[0]).toMatchObject({ currency: "EUR", amount: eur(placed.totalCents) });

    const csv = await csvOf(orderNumber);
    expect(csv.header).toContain("Total (EUR)");
    expect(csv.cell("Total (EUR)")).toBe((placed.totalCents / 100).toFixed(2));
    expect(csv.cell("Currency")).toBe("EUR");
  });

  it("keeps an order sold in dollars before the switch in dollars: payment, e-mail, receipt and CSV", async () => {
    const { shopper, orderId, orderNumber, sessionId } = await orderOnStripe({ soldInDollars: true });
    const placed = await orderRow(t.services.db, orderId);
    expect(placed.currency).toBe("USD");
    // the provider charges the order's own currency, not the store's new one
    expect(stripe.sessions.get(sessionId)?.currency).toBe("usd");

    await payAtStripe(sessionId);
    const mail = await confirmationOf(shopper.email, orderNumber);
    expect(mail.text).toContain(`Total paid: ${usd(placed.totalCents)}`);
    expect(mail.text).not.toContain("€");

    const { receipts } = await searchReceiptViews({ db: t.services.db, query: orderNumber, locale: "en-US" });
    expect(receipts[0]).toMatchObject({ currency: "USD", amount: usd(placed.totalCents) });
    expect(receipts[0]?.vat?.amount).toBe(usd(placed.taxCents));

    // the header names the store's currency; the row says its own, and its amounts are in it
    const csv = await csvOf(orderNumber);
    expect(csv.cell("Total (EUR)")).toBe((placed.totalCents / 100).toFixed(2));
    expect(csv.cell("Currency")).toBe("USD");
  });
});
