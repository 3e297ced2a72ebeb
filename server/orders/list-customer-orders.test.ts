import { eq } from "drizzle-orm";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loader as accountLayoutLoader } from "../../app/routes/account/account-layout";
import { loader as ordersLoader } from "../../app/routes/account/account-orders";
import { loader as profileLoader } from "../../app/routes/account/account-profile";
import { SHIPPING_CENTS, SHIPPING_METHOD } from "../../core/delivery";
import { imageKey } from "../../core/images";
import { trackingUrl } from "../../core/order";
import { priceOrder } from "../../core/pricing";
import { callRoute, dataOf, getRequest, type RouteFunction } from "../../tests/setup/route-call";
import {
  freshEmail,
  insertTestCoupon,
  insertTestOrder,
  insertTestProduct,
  registerTestCustomer,
} from "../../tests/setup/test-commerce";
import { placePaidOrder } from "../../tests/setup/test-orders";
import { setupTestServices } from "../../tests/setup/test-services";
import { openDatabase } from "../db/client";
import { order, orderItem, product, refund } from "../db/schema";
import type { RequestContext } from "../http/context";
import { taxForCountry } from "../tax/tax-rates";
import { CUSTOMER_ORDERS_LIMIT, CUSTOMER_ORDERS_LOAD_ERROR } from "./list-customer-orders";

const t = setupTestServices({ TRACKING_URL_TEMPLATE: "https://track.example.org/search?code={code}" });

// --- helpers -------------------------------------------------------------------------------------

let count = 0;
const _fresh = () => ++count;

/** A customer registered through the real sign-up action, with their session cookie and id. */
const registerCustomer = () => registerTestCustomer(t.services, { email: freshEmail("orders") });

async function insertProduct(name: string, images: string[] = []) {
  const [row] = await t.services.db
    .insert(product)
    .values({ name, priceCents: 4500, stock: 10, images })
    .returning();
  return row!;
}

type ItemInput = {
  productId: string | null;
  productName: string;
  productImage?: string | null;
  priceCents: number;
  quantity: number;
};

/** An order as checkout writes it: money consistent with the table's check constraint. */
async function insertOrder(
  userId: string,
  options: {
    createdAt: Date;
    items: ItemInput[];
    status?: "pending" | "processing" | "shipped" | "delivered" | "cancelled";
    paymentStatus?: "pending" | "paid" | "failed" | "cancelled" | "refunded";
    isReserved?: boolean;
    paidAt?: Date | null;
    /** When the customer reached the payment page; default: when the order was made. Null: never. */
    paymentStartedAt?: Date | null;
    trackingCode?: string | null;
    discountCents?: number;
  },
) {
  const subtotal = options.items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  const discount = options.discountCents ?? 0;
  const row = await insertTestOrder(t.services.db, {
    userId,
    status: options.status ?? "processing",
    paymentStatus: options.paymentStatus ?? "paid",
    shippingMethod: SHIPPING_METHOD,
    shippingCents: SHIPPING_CENTS,
    shippingAddress: "Nova Buyer\nTorstraße 1\nBerlin, BE 10119\nDE",
    subtotalCents: subtotal,
    discountCents: discount,
    isReserved: options.isReserved ?? false,
    paidAt: options.paidAt === undefined ? options.createdAt : options.paidAt,
    paymentStartedAt: options.paymentStartedAt === undefined ? options.createdAt : options.paymentStartedAt,
    trackingCode: options.trackingCode ?? null,
    createdAt: options.createdAt,
  });
  if (options.items.length > 0) {
    await t.services.db.insert(orderItem).values(
      options.items.map((item) => ({
        orderId: row!.id,
        productId: item.productId,
        productName: item.productName,
        size: "L",
        productImage: item.productImage ?? null,
        priceCents: item.priceCents,
        quantity: item.quantity,
        netCents: item.priceCents * item.quantity,
      })),
    );
  }
  return row!;
}

/** The Orders tab's loader data, or the redirect it answered with. */
const loadAccount = async (
  pathname: string,
  cookie?: string,
  context: Partial<RequestContext> = {},
  loader: RouteFunction = ordersLoader,
) =>
  (await callRoute(loader, getRequest(pathname, cookie), { services: t.services, context })) as
    | Awaited<ReturnType<typeof ordersLoader>>
    | Response;

async function ordersOf(cookie: string) {
  const result = await loadAccount("/account/orders", cookie);
  if (result instanceof Response) throw new Error(`redirected to ${result.headers.get("Location")}`);
  if (!("ok" in result) || !result.ok) throw new Error(`orders failed to load: ${JSON.stringify(result)}`);
  return result.orders;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 10, 30));

// --- tests ---------------------------------------------------------------------------------------

describe("the Orders tab of the account page", () => {
  it("sends a visitor to /login and back", async () => {
    const result = await loadAccount("/account/orders");
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Forders");
  });

  it("shows a customer without orders an empty list", async () => {
    const { cookie } = await registerCustomer();
    expect(await ordersOf(cookie)).toEqual([]);
  });

  it("lists the customer's own orders, newest first, with their items, totals and tracking", async () => {
    const alice = await registerCustomer();
    const hoodie = await insertProduct("Eclipse Hoodie", ["img-hoodie", "img-hoodie-back"]);
    const tee = await insertProduct("Night Tee");
    const delivered = await insertOrder(alice.id, {
      createdAt: day(3),
      status: "delivered",
      trackingCode: "RR 1234 5678 DE",
      items: [{ productId: tee.id, productName: "Night Tee", priceCents: 2500, quantity: 2 }],
    });
    const shipped = await insertOrder(alice.id, {
      createdAt: day(10),
      status: "shipped",
      trackingCode: "LX123456789DE",
      discountCents: 1000,
      items: [
        {
          productId: hoodie.id,
          productName: "Eclipse Hoodie",
          productImage: "img-hoodie",
          priceCents: 8900,
          quantity: 1,
        },
        { productId: tee.id, productName: "Night Tee", priceCents: 2500, quantity: 3 },
      ],
    });
    const processing = await insertOrder(alice.id, {
      createdAt: day(12),
      status: "processing",
      // a code typed in before the parcel left: shown, but not yet trackable
      trackingCode: "EARLY-CODE",
      items: [{ productId: tee.id, productName: "Night Tee", priceCents: 2500, quantity: 1 }],
    });

    const orders = await ordersOf(alice.cookie);
    expect(orders.map((o) => o.orderNumber)).toEqual([
      processing.orderNumber,
      shipped.orderNumber,
      delivered.orderNumber,
    ]);
    expect(orders[0]!.orderNumber).toMatch(/^NOC-\d+$/);

    const [first, second, third] = orders;
    expect(second).toMatchObject({
      id: shipped.id,
      createdAt: day(10).toISOString(),
      status: "shipped",
      paymentStatus: "paid",
      trackingCode: "LX123456789DE",
      trackingUrl: "https://track.example.org/search?code=LX123456789DE",
      subtotalCents: 8900 + 3 * 2500,
      shippingCents: SHIPPING_CENTS,
      discountCents: 1000,
      totalCents: 8900 + 3 * 2500 + SHIPPING_CENTS - 1000,
      shippingMethod: "Complementary Priority",
      shippingAddress: "Nova Buyer\nTorstraße 1\nBerlin, BE 10119\nDE",
    });
    expect(second!.items).toEqual([
      {
        id: expect.any(String),
        productId: hoodie.id,
        productName: "Eclipse Hoodie",
        size: "L",
        color: null,
        image: {
          src: t.services.storage.publicUrl(imageKey("img-hoodie", 640)),
          srcSet: expect.stringContaining(
            `${t.services.storage.publicUrl(imageKey("img-hoodie", 320))} 320w`,
          ),
        },
        priceCents: 8900,
        quantity: 1,
      },
      {
        id: expect.any(String),
        productId: tee.id,
        productName: "Night Tee",
        size: "L",
        color: null,
        image: null,
        priceCents: 2500,
        quantity: 3,
      },
    ]);
    // delivered with a code: trackable; the code is encoded into the postal service's URL
    expect(third!.trackingUrl).toBe(
      trackingUrl("https://track.example.org/search?code={code}", "RR 1234 5678 DE"),
    );
    expect(third!.trackingUrl).toContain("RR%201234%205678%20DE");
    expect(third!.items).toHaveLength(1);
    // processing: the code is shown, the Track Package link is not
    expect(first).toMatchObject({ status: "processing", trackingCode: "EARLY-CODE", trackingUrl: null });
  });

  it("hides checkouts never taken to payment and shows every order that reached it", async () => {
    const bob = await registerCustomer();
    const line = { productId: null, productName: "Ghost Cap", priceCents: 3000, quantity: 1 };
    // shipping step done, never went on to pay: a checkout, not an order
    await insertOrder(bob.id, {
      createdAt: day(1),
      status: "pending",
      paymentStatus: "pending",
      paidAt: null,
      paymentStartedAt: null,
      items: [line],
    });
    // closed at the shipping step after a day: still never an order
    await insertOrder(bob.id, {
      createdAt: day(1),
      status: "cancelled",
      paymentStatus: "cancelled",
      paidAt: null,
      paymentStartedAt: null,
      items: [line],
    });
    // went to the payment page, the session expired: released and cancelled without payment
    const expired = await insertOrder(bob.id, {
      createdAt: day(2),
      status: "cancelled",
      paymentStatus: "cancelled",
      paidAt: null,
      items: [line],
    });
    // card declined
    const declined = await insertOrder(bob.id, {
      createdAt: day(3),
      status: "cancelled",
      paymentStatus: "failed",
      paidAt: null,
      items: [line],
    });
    // on the payment page right now: holds its stock, awaiting payment
    const awaiting = await insertOrder(bob.id, {
      createdAt: day(4),
      status: "pending",
      paymentStatus: "pending",
      isReserved: true,
      paidAt: null,
      items: [line],
    });
    // paid, then cancelled and refunded by the store: still an order the customer placed
    const refunded = await insertOrder(bob.id, {
      createdAt: day(5),
      status: "cancelled",
      paymentStatus: "refunded",
      paidAt: day(5),
      items: [line],
    });

    const orders = await ordersOf(bob.cookie);
    expect(orders.map((o) => o.id)).toEqual([refunded.id, awaiting.id, declined.id, expired.id]);
    expect(orders.map((o) => o.awaitingPayment)).toEqual([false, true, false, false]);
    expect(orders[1]).toMatchObject({ status: "pending", paymentStatus: "pending", trackingUrl: null });
  });

  it("shows what was given back: the refunds summed, dated by the latest", async () => {
    const erin = await registerCustomer();
    const line = { productId: null, productName: "Dusk Beanie", priceCents: 2500, quantity: 2 };
    const twice = await insertOrder(erin.id, { createdAt: day(8), items: [line] });
    const never = await insertOrder(erin.id, { createdAt: day(9), items: [line] });
    const refundOf = (amountCents: number, createdAt: Date) => ({
      orderId: twice.id,
      amountCents,
      reason: "Return received",
      providerRefundId: `re_${amountCents}`,
      idempotencyKey: `refund-${twice.id}-${amountCents}`,
      createdAt,
    });
    await t.services.db.insert(refund).values([refundOf(1500, day(10)), refundOf(2500, day(11))]);

    const orders = await ordersOf(erin.cookie);
    expect(orders.map((o) => [o.id, o.refund])).toEqual([
      [never.id, null],
      [twice.id, { amountCents: 4000, createdAt: day(11).toISOString() }],
    ]);
  });

  it("never shows another customer's orders", async () => {
    const carol = await registerCustomer();
    const dave = await registerCustomer();
    const line = { productId: null, productName: "Moon Scarf", priceCents: 1900, quantity: 1 };
    const carols = await insertOrder(carol.id, { createdAt: day(6), items: [line] });
    const daves = await insertOrder(dave.id, { createdAt: day(7), items: [line] });

    expect((await ordersOf(carol.cookie)).map((o) => o.id)).toEqual([carols.id]);
    expect((await ordersOf(dave.cookie)).map((o) => o.id)).toEqual([daves.id]);
    const eve = await registerCustomer();
    expect(await ordersOf(eve.cookie)).toEqual([]);
  });

  it("keeps the snapshot of a product deleted after the purchase, without a product link", async () => {
    const frank = await registerCustomer();
    const jacket = await insertProduct("Obsidian Jacket", ["img-jacket"]);
    const placed = await insertOrder(frank.id, {
      createdAt: day(8),
      status: "delivered",
      items: [
        {
          productId: jacket.id,
          productName: "Obsidian Jacket",
          productImage: "img-jacket",
          priceCents: 15900,
          quantity: 1,
        },
      ],
    });
    await t.services.db.delete(product).where(eq(product.id, jacket.id));

    const [shown] = await ordersOf(frank.cookie);
    expect(shown!.id).toBe(placed.id);
    expect(shown!.items).toEqual([
      {
        id: expect.any(String),
        productId: null,
        productName: "Obsidian Jacket",
        size: "L",
        color: null,
        image: expect.objectContaining({ src: t.services.storage.publicUrl(imageKey("img-jacket", 640)) }),
        priceCents: 15900,
        quantity: 1,
      },
    ]);
    expect(shown!.totalCents).toBe(15900 + SHIPPING_CENTS);
  });

  it("shows the VAT each order was charged, and none for an order from before VAT", async () => {
    const vera = await registerCustomer();
    const tee = await insertTestProduct(t.services.db, { priceCents: 2500, stock: 5 });
    const legacy = await insertOrder(vera.id, {
      createdAt: day(1),
      items: [{ productId: tee.id, productName: tee.name, priceCents: 2500, quantity: 1 }],
    });
    // through the real checkout, to Germany (TEST_SHIPPING), prices including VAT
    const coupon = await insertTestCoupon(t.services.db);
    const placed = await placePaidOrder(t.services, vera, [{ variantId: tee.variant.id, quantity: 2 }], {
      couponCode: coupon.code,
    });
    const germany = await taxForCountry(t.services.db, "DE", "inclusive");
    const priced = priceOrder([{ priceCents: 2500, quantity: 2 }], coupon, germany);

    const orders = await ordersOf(vera.cookie);
    expect(orders.map((shown) => shown.id)).toEqual([placed.orderId, legacy.id]);
    expect(orders[0]).toMatchObject({
      discountCents: priced.discountCents,
      taxCents: priced.taxCents,
      totalCents: priced.totalCents,
      tax: {
        mode: "inclusive",
        country: "DE",
        countryName: "Germany",
        rateBasisPoints: germany.rateBasisPoints,
        shippingTaxCents: priced.shipping.taxCents,
        summary: priced.taxSummary,
      },
    });
    expect(orders[0]!.taxCents).toBeGreaterThan(0);
    expect(orders[1]).toMatchObject({ taxCents: 0, tax: null });
  });

  it(`shows at most the ${CUSTOMER_ORDERS_LIMIT} newest orders`, async () => {
    const grace = await registerCustomer();
    const line = {
      productId: null,
      productName: "Dusk Socks",
      size: "One Size",
      priceCents: 900,
      quantity: 1,
    };
    const base = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: CUSTOMER_ORDERS_LIMIT + 2 }, (_, i) => ({
      userId: grace.id,
      paymentMethod: "test",
      shippingMethod: SHIPPING_METHOD,
      shippingCents: SHIPPING_CENTS,
      shippingAddress: "Grace\nMain St 1\nParis, IDF 75001\nFR",
      subtotalCents: 900,
      totalCents: 900 + SHIPPING_CENTS,
      paymentStatus: "paid" as const,
      paidAt: new Date(base + i * 60_000),
      createdAt: new Date(base + i * 60_000),
    }));
    const inserted = await t.services.db
      .insert(order)
      .values(rows)
      .returning({ id: order.id, createdAt: order.createdAt });
    await t.services.db
      .insert(orderItem)
      .values(
        inserted.map((row) => ({ orderId: row.id, ...line, netCents: line.priceCents * line.quantity })),
      );

    const orders = await ordersOf(grace.cookie);
    expect(orders).toHaveLength(CUSTOMER_ORDERS_LIMIT);
    // the two oldest are the ones left out
    expect(orders.at(-1)!.createdAt).toBe(new Date(base + 2 * 60_000).toISOString());
    expect(orders.every((o) => o.items.length === 1)).toBe(true);
  });

  it("reads no orders for the Profile and Settings tabs", async () => {
    const { cookie, email } = await registerCustomer();
    // the Profile tab reads the remembered shipping address (none yet); Settings has no loader of
    // its own, only the account page's frame (who is signed in)
    expect(await loadAccount("/account", cookie, {}, profileLoader)).toEqual({
      name: expect.any(String),
      email,
      address: null,
    });
    expect(await loadAccount("/account/settings", cookie, {}, accountLayoutLoader)).toEqual({
      name: expect.any(String),
      email,
    });
  });

  it("logs a failure to read the orders once and shows the spec's message, the rest of the page intact", async () => {
    const { cookie, id: userId, email } = await registerCustomer();
    // a database that cannot be reached, and a logger whose output the test reads
    const unreachable = await openDatabase({ url: "postgres://nocturn@127.0.0.1:1/unreachable" });
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    try {
      const result = dataOf(await loadAccount("/account/orders", cookie, { db: unreachable.db, log }));
      // the database could not answer: 503, so that trying again later is known to help
      expect(result.status).toBe(503);
      expect(result.data).toEqual({
        ok: false,
        message: "Failed to load your orders. Please try again later.",
      });
      // the rest of the page: the frame's loader reads only the session
      expect(
        await loadAccount("/account/orders", cookie, { db: unreachable.db, log }, accountLayoutLoader),
      ).toEqual({ name: expect.any(String), email });
      expect(CUSTOMER_ORDERS_LOAD_ERROR).toBe("Failed to load your orders. Please try again later.");
      // a database outage is one warning line without a stack (server/http/request-failure.ts)
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 40,
        userId,
        code: "ECONNREFUSED",
        msg: expect.stringContaining("orders"),
      });
    } finally {
      await unreachable.close();
    }
  });
});
