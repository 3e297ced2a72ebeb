// What one signed-in customer may make the store create, send or compute (issue 30, item 6): each
// action below is counted per account, whatever address it comes from, through the routes a
// browser posts to. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as ordersAction } from "../../app/routes/account/account-orders";
import { action as profileAction } from "../../app/routes/account/account-profile";
import { action as exportAction } from "../../app/routes/account/data-export";
import { action as returnAction } from "../../app/routes/account/return-request";
import { action as cartAction } from "../../app/routes/cart/cart";
import { callRoute, freshIp, type RouteFunction, settle } from "../../tests/setup/route-call";
import { insertTestProduct, registerTestCustomer, TEST_SHIPPING } from "../../tests/setup/test-commerce";
import { markDelivered, placePaidOrder } from "../../tests/setup/test-orders";
import { cookieFrom, formRequest, setupTestServices, TEST_PUBLIC_URL } from "../../tests/setup/test-services";
import { orderItem, rateLimit, returnRequest } from "../db/schema";
import { RATE_LIMITS } from "./rate-limit";

const t = setupTestServices();

type Customer = Awaited<ReturnType<typeof registerTestCustomer>>;

/** Posts a form as the customer, each time from another address: only the account's limit applies. */
const post = async (
  action: RouteFunction,
  pathname: string,
  fields: Record<string, string>,
  customer: Customer,
) =>
  settle<{ error?: string; code?: string }>(
    await callRoute(action, formRequest(pathname, fields, customer.cookie), {
      services: t.services,
      clientIp: freshIp(),
    }),
  );

/** The cart's shipping step for one of this size, to TEST_SHIPPING. */
const prepareCheckout = (customer: Customer, variantId: string) =>
  post(
    cartAction,
    "/cart",
    {
      intent: "prepare",
      lines: JSON.stringify([{ variantId, quantity: 1 }]),
      couponCode: "",
      ...TEST_SHIPPING,
    },
    customer,
  );

/** Shipping steps that saved their order (nocturn_checkout_outcomes_total{outcome="order_created"}). */
async function ordersCreated(): Promise<number> {
  const { body } = await t.services.metrics.read();
  return Number(
    /^nocturn_checkout_outcomes_total\{outcome="order_created"\} (\d+)$/m.exec(body)?.[1] ?? Number.NaN,
  );
}

const WAIT = /^Too many attempts\. Please wait \d+ seconds? and try again\.$/;

/** The statuses of `count` posts in a row. */
async function statusesOf(count: number, send: () => Promise<{ status: number }>) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send()).status);
  return statuses;
}

describe("checkout", () => {
  it("200 shipping steps in a row: 20 are worked on, the rest refused with the wait message", async () => {
    const customer = await registerTestCustomer(t.services);
    const tee = await insertTestProduct(t.services.db, { priceCents: 2500, stock: 50 });
    const prepare = () => prepareCheckout(customer, tee.variant.id);
    const created = await ordersCreated();
    const statuses = await statusesOf(200, prepare);
    const allowed = RATE_LIMITS.checkoutPrepare.max;
    expect(statuses).toEqual([
      ...Array<number>(allowed).fill(200),
      ...Array<number>(200 - allowed).fill(429),
    ]);
    const refused = await prepare();
    expect(refused.data).toMatchObject({
      intent: "prepare",
      code: "rate_limited",
      error: expect.stringMatching(WAIT),
    });
    // each shipping step that got through priced and saved the checkout's order; no refused one did
    expect((await ordersCreated()) - created).toBe(allowed);
  }, 180_000);

  it("Pay is counted per account, from the cart and from My Orders alike", async () => {
    const customer = await registerTestCustomer(t.services);
    const tee = await insertTestProduct(t.services.db, { priceCents: 2500, stock: 50 });
    const prepared = await prepareCheckout(customer, tee.variant.id);
    const { orderId } = (prepared.data as unknown as { order: { orderId: string } }).order;
    const allowed = RATE_LIMITS.checkoutPay.max;
    const pays = await statusesOf(allowed, () =>
      post(cartAction, "/cart", { intent: "pay", orderId }, customer),
    );
    expect(pays).toEqual(Array<number>(allowed).fill(200));
    const refused = await post(cartAction, "/cart", { intent: "pay", orderId }, customer);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ intent: "pay", error: expect.stringMatching(WAIT) });
    const again = await post(
      ordersAction,
      "/account/orders",
      { intent: "complete-payment", orderId },
      customer,
    );
    expect(again.status).toBe(429);
    expect(again.data).toMatchObject({
      intent: "complete-payment",
      ok: false,
      error: expect.stringMatching(WAIT),
    });
    // another customer is not held back
    const other = await registerTestCustomer(t.services);
    const theirs = await post(
      cartAction,
      "/cart",
      {
        intent: "prepare",
        lines: JSON.stringify([{ variantId: tee.variant.id, quantity: 1 }]),
        couponCode: "",
        ...TEST_SHIPPING,
      },
      other,
    );
    expect(theirs.status).toBe(200);
  }, 120_000);
});

describe("account", () => {
  it("30 data exports in a row give 5 files, then the wait message on the Settings tab", async () => {
    const customer = await registerTestCustomer(t.services);
    const answers = [];
    for (let i = 0; i < 30; i++) {
      answers.push(
        await callRoute(exportAction, formRequest("/account/data-export", {}, customer.cookie), {
          services: t.services,
          clientIp: freshIp(),
        }),
      );
    }
    const files = answers.filter(
      (answer) =>
        answer instanceof Response && answer.headers.get("Content-Disposition")?.startsWith("attachment"),
    );
    expect(files).toHaveLength(RATE_LIMITS.dataExport.max);
    const refused = answers.at(-1) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/account/settings");
    const { toast } = await t.services.flash.take(
      new Request(TEST_PUBLIC_URL, { headers: { Cookie: cookieFrom(refused.headers) } }),
    );
    expect(toast).toMatchObject({ kind: "error", text: expect.stringMatching(WAIT) });
  }, 120_000);

  it("saves the profile 20 times in ten minutes, then asks to wait", async () => {
    const customer = await registerTestCustomer(t.services);
    const save = (i: number) =>
      post(profileAction, "/account", { intent: "profile", fullName: `Nova ${i}` }, customer);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.profileSave.max + 1; i++) statuses.push((await save(i)).status);
    expect(statuses).toEqual([...Array<number>(RATE_LIMITS.profileSave.max).fill(200), 429]);
    expect((await save(99)).data).toMatchObject({
      intent: "profile",
      ok: false,
      error: expect.stringMatching(WAIT),
    });
    const session = await t.services.auth.api.getSession({
      headers: new Headers({ cookie: customer.cookie }),
    });
    expect(session?.user.name).toBe(`Nova ${RATE_LIMITS.profileSave.max - 1}`);
  }, 120_000);
});

describe("returns", () => {
  it("limits return requests and cancellations, each of which sends an e-mail", async () => {
    const customer = await registerTestCustomer(t.services);
    const product = await insertTestProduct(t.services.db, { priceCents: 1500, stock: 40 });
    const placed = await placePaidOrder(t.services, customer, [
      { variantId: product.variant.id, quantity: 30 },
    ]);
    await markDelivered(t.services, placed.orderId);
    const [line] = await t.services.db.select().from(orderItem).where(eq(orderItem.orderId, placed.orderId));
    const request = async () =>
      settle<{ ok?: boolean; error?: string }>(
        await callRoute(
          returnAction,
          formRequest(
            `/account/orders/${placed.orderId}/return`,
            { resolution: "refund", reason: "changed_mind", comment: "", [`quantity.${line!.id}`]: "1" },
            customer.cookie,
          ),
          { services: t.services, clientIp: freshIp(), params: { orderId: placed.orderId } },
        ),
      );
    expect(await statusesOf(RATE_LIMITS.returnRequest.max, request)).toEqual(
      Array<number>(RATE_LIMITS.returnRequest.max).fill(302),
    );
    const refused = await request();
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, error: expect.stringMatching(WAIT) });

    // an hour later (the counter's window over), more requests; then every one is cancelled
    await t.services.db.delete(rateLimit).where(eq(rateLimit.key, `return-request:${customer.id}`));
    expect((await request()).status).toBe(302);
    const open = await t.services.db
      .select({ id: returnRequest.id })
      .from(returnRequest)
      .where(and(eq(returnRequest.orderId, placed.orderId), eq(returnRequest.state, "requested")));
    expect(open).toHaveLength(RATE_LIMITS.returnRequest.max + 1);
    const statuses: number[] = [];
    for (const { id } of open) {
      statuses.push(
        (await post(ordersAction, "/account/orders", { intent: "cancel-return", returnId: id }, customer))
          .status,
      );
    }
    expect(statuses).toEqual([...Array<number>(RATE_LIMITS.returnCancel.max).fill(200), 429]);
  }, 180_000);
});
