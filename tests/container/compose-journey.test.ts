// compose.yaml as .ci/container starts it with podman-compose: nginx (NOCTURN_URL) in front of two
// store containers (NOCTURN_STORE_CONTAINERS) on PostgreSQL. A shopper's journey through nginx: a
// session one container made, honoured by the other; a paid order through the built-in test
// checkout; and an admin made with `npm run admin:create` inside a container (issue 32).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eventually } from "../cluster/harness";
import { BERLIN_ADDRESS } from "../setup/test-address";
import { podman, podmanOk, requireEnv, Shopper } from "./podman";

const origin = requireEnv("NOCTURN_URL", "nginx's address, also the stores' PUBLIC_URL");
const stores = requireEnv("NOCTURN_STORE_CONTAINERS", "the store containers, comma-separated").split(",");
const PASSWORD = "midnight-velvet-journey-7";
const SHIPPING = { ...BERLIN_ADDRESS, fullName: "Journey Shopper", state: "Berlin", note: "" };
const customer = {
  fullName: "Journey Shopper",
  email: `journey-${randomBytes(4).toString("hex")}@nocturn-shop.io`,
};

/**
 * The store container that answered `response`: the one whose log has its request id (nginx's
 * $request_id, which the store keeps, logs and echoes in X-Request-Id).
 */
async function answeredBy(response: Response): Promise<string> {
  const id = response.headers.get("x-request-id");
  expect(id, "the answer's X-Request-Id").toMatch(/^[0-9a-f]{32}$/);
  return eventually(
    `the store container that logged request ${id}`,
    async () => {
      for (const store of stores) {
        if ((await podman(["logs", store])).stdout.includes(`"reqId":"${id}"`)) return store;
      }
      return undefined;
    },
    10_000,
  );
}

/** Signs in through the sign-in form; the container that answered. */
async function signIn(shopper: Shopper, email: string, password: string): Promise<string> {
  const response = await shopper.post("/login", { email, password, redirectTo: "/" });
  expect(response.status, await response.clone().text()).toBe(302);
  return answeredBy(response);
}

/** GETs `pathname` until a container other than `other` answers it (nginx takes turns). */
async function getFromOtherThan(shopper: Shopper, other: string, pathname: string) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const response = await shopper.get(pathname);
    const by = await answeredBy(response);
    if (by !== other) return { response, by };
    await response.arrayBuffer();
  }
  throw new Error(`nginx sent every request for ${pathname} to ${other}`);
}

describe("compose.yaml: nginx, two store containers, PostgreSQL", () => {
  const shopper = new Shopper(origin);

  it("sends requests to both store containers", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await shopper.get("/about");
      expect(response.status).toBe(200);
      seen.add(await answeredBy(response));
    }
    expect([...seen].sort()).toEqual([...stores].sort());
  });

  it("starts each store on PostgreSQL with V8's larger young generation (node-flags.js)", async () => {
    for (const store of stores) {
      const started = await podmanOk(["exec", store, "cat", "/proc/1/cmdline"]);
      expect(started).toBe("node\0--max-semi-space-size=32\0server.js\0");
    }
  });

  it("keeps a customer signed in by one container signed in on the other", async () => {
    const registration = await new Shopper(origin).post("/register", {
      ...customer,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      redirectTo: "/",
    });
    expect(registration.status, await registration.clone().text()).toBe(302);

    const signedInBy = await signIn(shopper, customer.email, PASSWORD);
    const { response, by } = await getFromOtherThan(shopper, signedInBy, "/account");
    expect(by).not.toBe(signedInBy);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(customer.email);
  });

  it("takes a paid order through the built-in test checkout", async () => {
    // a size in stock of the first product of the shop, as the cart reads it
    const shop = await (await shopper.get("/products")).text();
    const productId = /href="\/products\/([0-9a-f-]{36})"/.exec(shop)?.[1];
    expect(productId, "a product link on /products").toBeDefined();
    const sizesNow = async () => {
      const body = (await (await shopper.get(`/api/cart-products?ids=${productId}`)).json()) as {
        products: { sizes: { id: string; stock: number }[] }[];
      };
      return body.products[0]!.sizes;
    };
    const size = (await sizesNow()).find((candidate) => candidate.stock > 0);
    expect(size, "a size in stock").toBeDefined();

    // the checkout dialog's two steps: the order from the cart's lines and the address, then its payment page
    const prepared = await shopper.postForData("/cart", {
      intent: "prepare",
      lines: JSON.stringify([{ variantId: size!.id, quantity: 1 }]),
      couponCode: "",
      ...SHIPPING,
    });
    const order = prepared.order as { orderId: string; orderNumber: string; totalCents: number };
    expect(order.orderNumber).toMatch(/^NOC-\d+$/);
    const paying = await shopper.postForData("/cart", { intent: "pay", orderId: order.orderId });
    const paymentUrl = new URL(paying.url as string);
    expect(paymentUrl.origin).toBe(origin);
    expect(paymentUrl.pathname).toMatch(/^\/test-checkout\/\w+$/);

    const paymentPage = await shopper.get(paymentUrl.pathname);
    expect(paymentPage.status).toBe(200);
    const paymentHtml = await paymentPage.text();
    expect(paymentHtml).toContain("Test mode - no real payment");
    expect(paymentHtml).toContain(`$${(order.totalCents / 100).toFixed(2)}`);

    const paid = await shopper.post(paymentUrl.pathname, {
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/34",
      cvc: "123",
    });
    expect(paid.status, await paid.clone().text()).toBe(302);
    const success = new URL(paid.headers.get("location")!, origin);
    expect(success.pathname).toBe("/checkout-success");

    const confirmation = await shopper.get(`${success.pathname}${success.search}`);
    expect(confirmation.status).toBe(200);
    const confirmationHtml = await confirmation.text();
    expect(confirmationHtml).toContain("Thank You For Your Order!");
    expect(confirmationHtml).toContain(order.orderNumber);

    // paid, in My Orders, and the size's stock taken, whichever container is asked
    const orders = await (await shopper.get("/account/orders")).text();
    expect(orders).toContain(order.orderNumber);
    expect(orders).toContain("Processing");
    expect((await sizesNow()).find((candidate) => candidate.id === size!.id)?.stock).toBe(size!.stock - 1);
  });

  it("makes an admin with `npm run admin:create` in one container, who signs in through nginx", async () => {
    const admin = { email: "compose.admin@nocturn-shop.io", password: "a long compose passphrase" };
    const made = await podman([
      "exec",
      stores[0]!,
      "npm",
      "run",
      "admin:create",
      "--",
      "--email",
      admin.email,
      "--password",
      admin.password,
    ]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`Admin account created: ${admin.email}`);

    const adminBrowser = new Shopper(origin);
    await signIn(adminBrowser, admin.email, admin.password);
    const dashboard = await adminBrowser.get("/admin");
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Admin");
  });
});
