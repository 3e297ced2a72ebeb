import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as profileAction, loader as profileLoader } from "../../app/routes/account/account-profile";
import { action as cartAction, loader as cartLoader } from "../../app/routes/cart/cart";
import { EU_COUNTRIES } from "../../core/checkout";
import { callRoute, getRequest, type RouteFunction, settle } from "../../tests/setup/route-call";
import { BERLIN_ADDRESS } from "../../tests/setup/test-address";
import { insertTestProduct, registerTestCustomer, TEST_SHIPPING } from "../../tests/setup/test-commerce";
import { formRequest, setupTestServices } from "../../tests/setup/test-services";
import { customerAddress } from "../db/schema";
import { taxForCountry } from "../tax/tax-rates";

const t = setupTestServices();

type Json = Record<string, unknown> & { error?: string; ok?: boolean };

const call = async (fn: RouteFunction, request: Request, cookie: string) =>
  settle<Json>(await callRoute(fn, request, { services: t.services, cookie }));

const customer = (fullName: string) => registerTestCustomer(t.services, { fullName });

/** The shipping step of the checkout dialog, as the browser posts it. */
async function prepare(cookie: string, shipping: Partial<typeof TEST_SHIPPING> = {}) {
  const tee = await insertTestProduct(t.services.db, { priceCents: 4500, stock: 5 });
  return call(
    cartAction,
    formRequest(
      "/cart",
      {
        intent: "prepare",
        lines: JSON.stringify([{ variantId: tee.variant.id, quantity: 1 }]),
        couponCode: "",
        ...TEST_SHIPPING,
        ...shipping,
      },
      cookie,
    ),
    cookie,
  );
}

const shippingDefaultsOf = async (cookie: string) =>
  (await call(cartLoader, getRequest("/cart", cookie), cookie)).data.shipping;

const accountAddressOf = async (cookie: string) =>
  (await call(profileLoader, getRequest("/account", cookie), cookie)).data.address;

const saveOnAccount = (cookie: string, fields: Record<string, string>) =>
  call(profileAction, formRequest("/account", { intent: "address", ...fields }, cookie), cookie);

const addressRows = (userId: string) =>
  t.services.db.select().from(customerAddress).where(eq(customerAddress.userId, userId));

describe("the remembered shipping address", () => {
  it("starts with the account's name, then offers the address of the last shipping step", async () => {
    const nova = await customer("Nova Night");
    expect(await shippingDefaultsOf(nova.cookie)).toEqual({
      fullName: "Nova Night",
      addressLine1: "",
      addressLine2: "",
      city: "",
      state: "",
      zipCode: "",
      country: "DE",
      note: "",
    });
    expect(await accountAddressOf(nova.cookie)).toBeNull();

    const prepared = await prepare(nova.cookie, { fullName: " Nova Night ", zipCode: "10119", note: "Ring" });
    expect(prepared.status).toBe(200);
    // as the schema makes it: trimmed, the state Germany does not use dropped, no delivery note
    const remembered = { ...BERLIN_ADDRESS, fullName: "Nova Night" };
    expect(await shippingDefaultsOf(nova.cookie)).toEqual({ ...remembered, note: "" });
    expect(await accountAddressOf(nova.cookie)).toEqual(remembered);

    // the next checkout replaces it: still one row
    await prepare(nova.cookie, { city: "Hamburg", zipCode: "20095" });
    expect(await shippingDefaultsOf(nova.cookie)).toMatchObject({ city: "Hamburg", zipCode: "20095" });
    expect(await addressRows(nova.id)).toHaveLength(1);
  });

  it("a shipping step that fails remembers nothing", async () => {
    const wren = await customer("Wren Night");
    const refused = await prepare(wren.cookie, { zipCode: "123" });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe("Please enter a valid postal code for Germany");
    expect(await addressRows(wren.id)).toEqual([]);
  });

  it("is edited on the account page with the shipping form's rules and messages", async () => {
    const ida = await customer("Ida Night");
    const italian = {
      fullName: "Ida Night",
      addressLine1: "Via Appia 1",
      addressLine2: "",
      city: "Roma",
      state: "",
      zipCode: "00144",
      country: "IT",
    };
    const missingProvince = await saveOnAccount(ida.cookie, italian);
    expect(missingProvince.status).toBe(400);
    expect(missingProvince.data).toMatchObject({
      intent: "address",
      ok: false,
      error: "Please fill in Province",
    });
    const badPostcode = await saveOnAccount(ida.cookie, { ...italian, state: "RM", zipCode: "0014" });
    expect(badPostcode.data.error).toBe("Please enter a valid postal code for Italy");
    expect(await addressRows(ida.id)).toEqual([]);

    const saved = await saveOnAccount(ida.cookie, { ...italian, state: " RM " });
    expect(saved).toMatchObject({ status: 200, data: { intent: "address", ok: true } });
    expect(await accountAddressOf(ida.cookie)).toEqual({ ...italian, state: "RM" });
    expect(await shippingDefaultsOf(ida.cookie)).toEqual({ ...italian, state: "RM", note: "" });
  });

  it("belongs to its customer only: another account neither sees nor changes it", async () => {
    const owner = await customer("Olive Owner");
    const other = await customer("Oscar Other");
    await prepare(owner.cookie, { fullName: "Olive Owner" });

    expect(await accountAddressOf(other.cookie)).toBeNull();
    expect(await shippingDefaultsOf(other.cookie)).toMatchObject({
      fullName: "Oscar Other",
      addressLine1: "",
    });

    // a user id slipped into the form is not read: the session says whose address it is
    const { note: _, ...address } = TEST_SHIPPING;
    await saveOnAccount(other.cookie, {
      ...address,
      fullName: "Oscar Other",
      userId: owner.id,
      city: "Köln",
      zipCode: "50667",
    });
    expect(await accountAddressOf(owner.cookie)).toMatchObject({ fullName: "Olive Owner", city: "Berlin" });
    expect(await accountAddressOf(other.cookie)).toMatchObject({ fullName: "Oscar Other", city: "Köln" });
  });

  it("gives the cart the saved address's country and every destination's VAT rate", async () => {
    const hana = await customer("Hana Hill");
    const cartData = async () => (await call(cartLoader, getRequest("/cart", hana.cookie), hana.cookie)).data;
    const before = await cartData();
    // no saved address: the cart's VAT row says "Included", its amount waits for the checkout
    expect(before.savedCountry).toBeNull();
    const rates = before.vatRates as Record<string, number>;
    expect(Object.keys(rates).sort()).toEqual(EU_COUNTRIES.map((country) => country.code).sort());
    expect(rates.HU).toBe((await taxForCountry(t.services.db, "HU", "inclusive")).rateBasisPoints);

    await prepare(hana.cookie, { fullName: "Hana Hill", city: "Budapest", zipCode: "1051", country: "HU" });
    expect((await cartData()).savedCountry).toBe("HU");
  });

  it("needs a signed-in customer: a visitor gets no defaults and cannot save one", async () => {
    expect(
      settle<Json>(await callRoute(cartLoader, getRequest("/cart"), { services: t.services })).data,
    ).toEqual({ shipping: null, savedCountry: null, vatRates: {} });
    const visitor = settle(
      await callRoute(profileAction, formRequest("/account", { intent: "address", ...TEST_SHIPPING }), {
        services: t.services,
      }),
    );
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login\?redirectTo=/);
  });
});
