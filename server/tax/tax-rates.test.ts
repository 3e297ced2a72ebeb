import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/admin/tax-rates/admin-tax-rates";
import { EU_COUNTRIES } from "../../core/checkout";
import { taxRateMessages as m } from "../../core/validation/tax-rate-form";
import { callRoute, dataOf, getRequest, locationOf } from "../../tests/setup/route-call";
import {
  insertTestProduct,
  orderRow,
  registerTestCustomer,
  signUpTestAdmin,
} from "../../tests/setup/test-commerce";
import { prepareTestOrder } from "../../tests/setup/test-orders";
import { formRequest, setupTestServices } from "../../tests/setup/test-services";
import { orderItem, taxRate, taxRateChange } from "../db/schema";
import type { TaxRateChangeView, TaxRateView } from "./list-tax-rates";
import { setTaxRate } from "./set-tax-rate";
import { RATE_SOURCE } from "./tax-rates";

const t = setupTestServices();
let admin: { id: string; email: string; cookie: string };
let otherAdmin: { id: string; email: string; cookie: string };
let customer: { id: string; email: string; cookie: string };

type ActionAnswer = { ok: boolean; message?: string; error?: string; code?: string };
type RatesPage = { rates: TaxRateView[]; history: TaxRateChangeView[]; error: string | null };

const loadPage = async (cookie = admin.cookie) =>
  dataOf<RatesPage>(await callRoute(loader, getRequest("/admin/tax-rates", cookie), { services: t.services }))
    .data;

const save = async (country: string, rate: string, cookie = admin.cookie) =>
  dataOf<ActionAnswer>(
    await callRoute(action, formRequest("/admin/tax-rates", { intent: "save", country, rate }, cookie), {
      services: t.services,
    }),
  );

const rateOf = async (country: string) =>
  (await t.services.db.select().from(taxRate).where(eq(taxRate.country, country)))[0];

const changesOf = (country: string) =>
  t.services.db
    .select()
    .from(taxRateChange)
    .where(eq(taxRateChange.country, country))
    .orderBy(asc(taxRateChange.createdAt));

beforeAll(async () => {
  admin = await signUpTestAdmin(t.services);
  otherAdmin = await signUpTestAdmin(t.services);
  customer = await registerTestCustomer(t.services);
});

describe("access", () => {
  it("the loader sends a visitor to /login and a customer to /forbidden", async () => {
    const visitor = await callRoute(loader, getRequest("/admin/tax-rates"), { services: t.services });
    expect(locationOf(visitor)).toBe("/login?redirectTo=%2Fadmin%2Ftax-rates");
    const asCustomer = await callRoute(loader, getRequest("/admin/tax-rates", customer.cookie), {
      services: t.services,
    });
    expect(locationOf(asCustomer)).toBe("/forbidden");
  });

  it("the action refuses a visitor and a customer, and the rate stays", async () => {
    const fields = { intent: "save", country: "DE", rate: "5" };
    const visitor = await callRoute(action, formRequest("/admin/tax-rates", fields), {
      services: t.services,
    });
    expect(locationOf(visitor)).toMatch(/^\/login\?redirectTo=/);
    const asCustomer = await callRoute(action, formRequest("/admin/tax-rates", fields, customer.cookie), {
      services: t.services,
    });
    expect(locationOf(asCustomer)).toBe("/forbidden");
    expect((await rateOf("DE"))?.rateBasisPoints).toBe(1900);
    expect(await changesOf("DE")).toEqual([]);
  });

  it("answers an unknown intent with 400", async () => {
    const answer = await callRoute(
      action,
      formRequest("/admin/tax-rates", { intent: "delete", country: "DE" }, admin.cookie),
      { services: t.services },
    );
    expect(dataOf(answer).status).toBe(400);
  });
});

describe("the rates screen", () => {
  it("lists the 27 countries by name with the packaged rates, and no history yet", async () => {
    const page = await loadPage();
    expect(page.error).toBeNull();
    expect(page.rates.map((rate) => rate.country)).toEqual(EU_COUNTRIES.map((country) => country.code));
    expect(page.rates.find((rate) => rate.country === "FI")).toMatchObject({
      countryName: "Finland",
      rateBasisPoints: 2550,
      source: RATE_SOURCE,
      changedByEmail: null,
      packageNote: null,
    });
    expect(page.history).toEqual([]);
  });

  it("saves a rate with who changed it, and shows where it now differs from the package", async () => {
    const answer = await save("FI", " 24 % ");
    expect(answer).toEqual({
      status: 200,
      data: { intent: "save", ok: true, message: "VAT rate for Finland set to 24%" },
    });

    expect(await rateOf("FI")).toMatchObject({ rateBasisPoints: 2400, source: "admin", updatedBy: admin.id });
    const page = await loadPage();
    expect(page.rates.find((rate) => rate.country === "FI")).toMatchObject({
      rateBasisPoints: 2400,
      source: "admin",
      changedByEmail: admin.email,
      packageNote: `${RATE_SOURCE} says 25.5%`,
    });
    // the other countries are as they were
    expect(page.rates.find((rate) => rate.country === "DE")).toMatchObject({
      source: RATE_SOURCE,
      changedByEmail: null,
      packageNote: null,
    });
    expect(page.history).toEqual([
      {
        id: expect.any(String),
        country: "FI",
        countryName: "Finland",
        previousBasisPoints: 2550,
        rateBasisPoints: 2400,
        changedByEmail: admin.email,
        createdAt: expect.any(String),
      },
    ]);
  });

  it("writes nothing when the rate already is the one asked for", async () => {
    const before = await changesOf("FI");
    expect((await save("FI", "24")).data).toEqual({
      intent: "save",
      ok: true,
      message: "The VAT rate for Finland is already 24%",
    });
    expect(await changesOf("FI")).toEqual(before);
  });

  it("lists the latest change first and takes the package's rate back like any other", async () => {
    expect((await save("FI", "25.5", otherAdmin.cookie)).data.ok).toBe(true);
    const page = await loadPage();
    expect(page.history.map((change) => [change.previousBasisPoints, change.rateBasisPoints])).toEqual([
      [2400, 2550],
      [2550, 2400],
    ]);
    expect(page.rates.find((rate) => rate.country === "FI")).toMatchObject({
      changedByEmail: otherAdmin.email,
      packageNote: null,
    });
  });

  it.each([
    ["abc", m.notANumber],
    ["120", m.outOfRange],
    ["", m.required],
    ["19.125", m.tooPrecise],
  ])("refuses %j with its message (400) and changes nothing", async (rate, message) => {
    const answer = await save("DE", rate);
    expect(answer).toEqual({
      status: 400,
      data: { intent: "save", ok: false, error: message, code: "invalid_tax_rate" },
    });
    expect((await rateOf("DE"))?.rateBasisPoints).toBe(1900);
  });

  it("refuses a country the store does not ship to", async () => {
    expect((await save("US", "7")).data).toMatchObject({ ok: false, error: m.unknownCountry });
  });
});

describe("a rate change", () => {
  /**
   * A pending order to TEST_SHIPPING's country (Germany), as the checkout's shipping step makes it,
   * each by a customer of its own (one customer's next checkout would reprice their open one).
   */
  async function placeOrderToGermany(variantId: string) {
    const buyer = await registerTestCustomer(t.services);
    const summary = await prepareTestOrder(t.services, buyer, [{ variantId, quantity: 1 }], {
      taxMode: "inclusive",
    });
    return summary.orderId;
  }

  const itemRates = async (orderId: string) =>
    (await t.services.db.select().from(orderItem).where(eq(orderItem.orderId, orderId))).map(
      (item) => item.taxRateBasisPoints,
    );

  it("applies to new orders only: a placed order keeps its rate (required by issue 16)", async () => {
    const { variant } = await insertTestProduct(t.services.db, { priceCents: 11_900 });
    const before = await placeOrderToGermany(variant.id);
    const placed = await orderRow(t.services.db, before);
    expect(placed).toMatchObject({ taxCountry: "DE", taxRateBasisPoints: 1900 });

    await setTaxRate({ db: t.services.db, admin, input: { country: "DE", rate: "21" } });
    const after = await placeOrderToGermany(variant.id);

    // $119.00 + $9.99 shipping, prices including VAT: the total stays, the VAT in it changes
    expect(await orderRow(t.services.db, before)).toMatchObject({
      taxRateBasisPoints: 1900,
      taxCents: placed.taxCents,
      totalCents: 12_899,
    });
    expect(placed.taxCents).toBe(1900 + 160);
    expect(await itemRates(before)).toEqual([1900]);
    expect(await orderRow(t.services.db, after)).toMatchObject({
      taxCountry: "DE",
      taxRateBasisPoints: 2100,
      taxCents: 2065 + 173,
      totalCents: 12_899,
    });
    expect(await itemRates(after)).toEqual([2100]);
    expect(await changesOf("DE")).toEqual([
      expect.objectContaining({
        previousBasisPoints: 1900,
        rateBasisPoints: 2100,
        changedBy: admin.id,
        changedByEmail: admin.email,
      }),
    ]);

    await setTaxRate({ db: t.services.db, admin, input: { country: "DE", rate: "19" } });
  });

  it("saved by admins at once is audited as a chain: each change starts from the one before", async () => {
    const rates = ["21", "22", "23", "24", "25", "26"];
    const results = await Promise.all(
      rates.map((rate, index) =>
        setTaxRate({
          db: t.services.db,
          admin: index % 2 ? otherAdmin : admin,
          input: { country: "AT", rate },
        }),
      ),
    );
    expect(results.every((result) => result.changed)).toBe(true);
    const changes = await changesOf("AT");
    expect(changes).toHaveLength(rates.length);
    // in the order they were made, every "from" is the "to" of the change before
    const froms = changes.map((change) => change.previousBasisPoints);
    const tos = changes.map((change) => change.rateBasisPoints);
    expect(froms).toEqual([2000, ...tos.slice(0, -1)]);
    expect((await rateOf("AT"))?.rateBasisPoints).toBe(tos.at(-1));
    expect(new Set(changes.map((change) => change.changedByEmail))).toEqual(
      new Set([admin.email, otherAdmin.email]),
    );
  });
});
