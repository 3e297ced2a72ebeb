import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as adminLoader } from "../../app/routes/admin/admin-layout";
import {
  action as productsAction,
  loader as productsLoader,
} from "../../app/routes/admin/products/admin-products";
import { action as imagesAction } from "../../app/routes/admin/products/product-images";
import { IMAGE_WIDTHS } from "../../core/images";
import { NO_PRODUCT_SAFETY } from "../../core/product-safety";
import { ADMIN_PRODUCTS_PAGE_SIZE, productMessages } from "../../core/validation/product-form";
import { NO_SALE } from "../../core/validation/sale-form";
import { makeImage } from "../../tests/fixtures/images";
import { callRoute, dataOf, getRequest, locationOf, type RouteFunction } from "../../tests/setup/route-call";
import { insertTestOrder, setupAdminAndCustomer } from "../../tests/setup/test-commerce";
import { setupTestServices, TEST_PUBLIC_URL } from "../../tests/setup/test-services";
import { isAppError } from "../app-error";
import { mediaUpload, orderItem, product, productVariant } from "../db/schema";
import { sweepUnattachedUploads } from "../media/sweep-unattached-uploads";
import { saveProduct } from "./save-product";

const t = setupTestServices();
const { admin, customer } = setupAdminAndCustomer(t);

// --- helpers -------------------------------------------------------------------------------------

const call = (fn: RouteFunction, request: Request) => callRoute(fn, request, { services: t.services });

const get = (fn: RouteFunction, pathname: string, cookie?: string) => call(fn, getRequest(pathname, cookie));

/**
 * Posts the product form; `images` and the size rows repeat, so the body is built by hand. A save
 * without size rows sends one "One Size" row holding `stock`, as the dialog does for a new product.
 */
async function postProduct(fields: Record<string, string | string[]>, cookie = admin.cookie) {
  const body = new URLSearchParams();
  const { stock = "", ...rest } = fields;
  if (fields.intent === "save" && !("sizeLabel" in fields))
    Object.assign(rest, { sizeId: "", sizeLabel: "One Size", sizeStock: stock, sizeSku: "" });
  for (const [name, value] of Object.entries(rest))
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  const request = new Request(new URL("/admin/products", TEST_PUBLIC_URL), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_PUBLIC_URL, Cookie: cookie },
    body,
  });
  return call(productsAction, request);
}

type ActionResult = { intent: string; ok: boolean; message?: string; error?: string };
type ListData = {
  q: string;
  page: number;
  pageCount: number;
  total: number;
  error: string | null;
  products: {
    id: string;
    name: string;
    priceCents: number;
    finalSale: boolean;
    images: { id: string; src: string }[];
  }[];
};

let hue = 0;
/** Uploads a fresh image through the real endpoint, as the dialog does; returns its id. */
async function uploadImage(): Promise<string> {
  hue += 37;
  const input = await makeImage("png", { width: 120, height: 150, hue: hue % 120 });
  const request = new Request(new URL("/admin/products/images", TEST_PUBLIC_URL), {
    method: "POST",
    headers: { Origin: TEST_PUBLIC_URL, Cookie: admin.cookie, "X-File-Name": "photo.png" },
    body: new Uint8Array(input),
  });
  const response = (await call(imagesAction, request)) as Response;
  expect(response.status).toBe(201);
  return ((await response.json()) as { imageId: string }).imageId;
}

async function storedImageIds(): Promise<Set<string>> {
  const files = await readdir(path.join(t.dataDir, "media", "products")).catch(() => [] as string[]);
  const complete = new Map<string, number>();
  for (const file of files) {
    const id = file.replace(/-\d+\.webp$/, "");
    complete.set(id, (complete.get(id) ?? 0) + 1);
  }
  return new Set([...complete].filter(([, count]) => count === IMAGE_WIDTHS.length).map(([id]) => id));
}

const productRow = async (id: string) =>
  (await t.services.db.select().from(product).where(eq(product.id, id)))[0];
const productByName = async (name: string) =>
  (await t.services.db.select().from(product).where(eq(product.name, name)))[0];

/** Posts the product form's save intent and reads the answer. */
const postSave = async (fields: Record<string, string | string[]>) =>
  dataOf<ActionResult>(await postProduct({ intent: "save", ...fields }));

async function createProduct(fields: Record<string, string | string[]>) {
  const result = await postSave({ price: "10", ...fields });
  expect(result.data).toMatchObject({ ok: true, message: productMessages.added });
  const row = await productByName(String(fields.name));
  if (!row) throw new Error("product not saved");
  return row;
}

/** A paid order of `productId` with the snapshot checkout takes (name, price, first image). */
async function orderOf(productId: string) {
  const row = await productRow(productId);
  if (!row) throw new Error("no product");
  const created = await insertTestOrder(t.services.db, {
    userId: customer.id,
    shippingAddress: "Nova Customer\nMain Street 1\nBerlin, BE 10115\nDE",
    subtotalCents: row.priceCents,
  });
  await t.services.db.insert(orderItem).values({
    orderId: created!.id,
    productId,
    productName: row.name,
    size: "One Size",
    productImage: row.images[0] ?? null,
    priceCents: row.priceCents,
    quantity: 1,
    netCents: row.priceCents,
  });
  return created!;
}

// --- access --------------------------------------------------------------------------------------

describe("who may manage products", () => {
  it("sends a customer to /forbidden from every loader and action", async () => {
    for (const [fn, pathname] of [
      [adminLoader, "/admin"],
      [productsLoader, "/admin"],
      [productsLoader, "/admin/products?q=tee"],
    ] as const)
      expect(locationOf(await get(fn, pathname, customer.cookie))).toBe("/forbidden");

    const existing = await createProduct({ name: "Guarded Tee" });
    for (const fields of [
      { intent: "save", id: "", name: "Customer Tee", price: "1" },
      { intent: "save", id: existing.id, name: "Hijacked", price: "0" },
      { intent: "delete", id: existing.id },
    ] as Record<string, string>[])
      expect(locationOf(await postProduct(fields, customer.cookie))).toBe("/forbidden");

    expect(await productByName("Customer Tee")).toBeUndefined();
    expect(await productRow(existing.id)).toMatchObject({ name: "Guarded Tee", priceCents: 1000 });
  });

  it("sends a visitor to /login and back", async () => {
    expect(locationOf(await get(productsLoader, "/admin/products?page=2"))).toBe(
      "/login?redirectTo=%2Fadmin%2Fproducts%3Fpage%3D2",
    );
    const anonymous = new Request(new URL("/admin/products", TEST_PUBLIC_URL), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_PUBLIC_URL },
      body: new URLSearchParams({ intent: "save", name: "Anon", price: "1" }),
    });
    expect(locationOf(await call(productsAction, anonymous))).toBe("/login?redirectTo=%2Fadmin%2Fproducts");
  });

  it("remembers a collapsed sidebar from its cookie", async () => {
    const collapsed = await get(adminLoader, "/admin", `${admin.cookie}; nocturn_admin_sidebar=collapsed`);
    expect(collapsed).toMatchObject({ collapsed: true });
    expect(await get(adminLoader, "/admin", admin.cookie)).toMatchObject({ collapsed: false });
  });
});

// --- list ----------------------------------------------------------------------------------------

describe("the product list", () => {
  beforeAll(async () => {
    const base = Date.parse("2020-01-01T00:00:00Z");
    await t.services.db.insert(product).values(
      Array.from({ length: 25 }, (_, index) => ({
        name: `Listed Item ${String(index).padStart(2, "0")}`,
        description: index === 3 ? "A MIDNIGHT blue overshirt" : "Plain.",
        priceCents: 1000 + index,
        createdAt: new Date(base + index * 60_000),
      })),
    );
  });

  it("shows 20 products a page, newest first, with a page count", async () => {
    const first = dataOf<ListData>(await get(productsLoader, "/admin/products", admin.cookie)).data;
    expect(first.products).toHaveLength(ADMIN_PRODUCTS_PAGE_SIZE);
    expect(first.pageCount).toBe(Math.ceil(first.total / ADMIN_PRODUCTS_PAGE_SIZE));
    const listed = first.products.filter((row) => row.name.startsWith("Listed Item"));
    expect(listed.map((row) => row.name)).toEqual([...listed.map((row) => row.name)].sort().reverse());

    const second = dataOf<ListData>(await get(productsLoader, "/admin/products?page=2", admin.cookie)).data;
    expect(second.page).toBe(2);
    const firstIds = new Set(first.products.map((row) => row.id));
    expect(second.products.some((row) => firstIds.has(row.id))).toBe(false);
  });

  it("serves the same list at /admin", async () => {
    const index = dataOf<ListData>(await get(productsLoader, "/admin", admin.cookie)).data;
    expect(index.products).toHaveLength(ADMIN_PRODUCTS_PAGE_SIZE);
  });

  it("searches name and description case-insensitively", async () => {
    const byName = dataOf<ListData>(
      await get(productsLoader, "/admin/products?q=listed%20item%2007", admin.cookie),
    );
    expect(byName.data.products.map((row) => row.name)).toEqual(["Listed Item 07"]);
    const byDescription = dataOf<ListData>(
      await get(productsLoader, "/admin/products?q=midnight", admin.cookie),
    );
    expect(byDescription.data.products.map((row) => row.name)).toEqual(["Listed Item 03"]);
    const none = dataOf<ListData>(await get(productsLoader, "/admin/products?q=zzz-nothing", admin.cookie));
    expect(none.data).toMatchObject({ total: 0, products: [] });
  });

  it("sends a page past the end to the last page", async () => {
    expect(locationOf(await get(productsLoader, "/admin/products?q=listed&page=9", admin.cookie))).toBe(
      "/admin/products?q=listed&page=2",
    );
  });
});

// --- save ----------------------------------------------------------------------------------------

describe("saving a product", () => {
  it("creates a product with its uploaded images in order and forgets the uploads", async () => {
    const [first, second] = [await uploadImage(), await uploadImage()];
    const result = await postSave({
      name: "  Orbit Tee ",
      price: "34.5",
      description: "Heavy cotton.",
      category: "T-Shirts",
      stock: "12",
      featured: "on",
      images: [second!, first!],
    });

    expect(result.data).toEqual({ intent: "save", ok: true, message: productMessages.added });
    const saved = await productByName("Orbit Tee");
    expect(saved).toMatchObject({
      priceCents: 3450,
      description: "Heavy cotton.",
      category: "T-Shirts",
      stock: 12,
      featured: true,
      images: [second, first],
    });
    expect(
      await t.services.db
        .select()
        .from(mediaUpload)
        .where(inArray(mediaUpload.imageId, [first!, second!])),
    ).toEqual([]);

    const listed = dataOf<ListData>(await get(productsLoader, "/admin/products?q=orbit", admin.cookie)).data;
    expect(listed.products[0]?.images.map((image) => image.id)).toEqual([second, first]);
  });

  it("defaults stock to 0 and leaves empty texts empty", async () => {
    const saved = await createProduct({
      name: "Bare Cap",
      price: "0",
      stock: "",
      description: " ",
      category: "",
    });
    expect(saved).toMatchObject({
      priceCents: 0,
      stock: 0,
      description: null,
      category: null,
      featured: false,
    });
  });

  it("saves the final-sale flag, shows it in the list and clears it when unticked", async () => {
    const saved = await createProduct({ name: "Sealed Swim Shorts", finalSale: "on" });
    expect(saved.finalSale).toBe(true);
    const listed = dataOf<ListData>(await get(productsLoader, "/admin/products?q=sealed", admin.cookie)).data;
    expect(listed.products.map((row) => [row.name, row.finalSale])).toEqual([["Sealed Swim Shorts", true]]);

    // an unticked box sends nothing: the product becomes returnable again
    const result = await postSave({ id: saved.id, name: "Sealed Swim Shorts", price: "10" });
    expect(result.data).toMatchObject({ ok: true, message: productMessages.updated });
    expect((await productRow(saved.id))?.finalSale).toBe(false);
  });

  it("saves the product safety details, shows them to the dialog and clears them when emptied", async () => {
    const safety = {
      manufacturerName: "Hanseong Outerwear Co., Ltd.",
      manufacturerAddress: "88 Seongsui-ro, Seongdong-gu, Seoul 04781, Republic of Korea",
      manufacturerEmail: "compliance@hanseong-outerwear.co.kr",
      euResponsiblePerson: "Nordlicht Compliance GmbH, Speicherstraße 12, 20457 Hamburg, Germany",
      composition: "Shell 100% nylon; lining 100% polyester",
      careInstructions: "Machine wash cold on a gentle cycle, zipped.",
      safetyWarnings: "Keep away from fire.",
    };
    const saved = await createProduct({ name: "Imported Bomber", ...safety });
    expect(saved).toMatchObject(safety);
    const listed = dataOf<{ products: Record<string, unknown>[] }>(
      await get(productsLoader, "/admin/products?q=imported%20bomber", admin.cookie),
    ).data;
    expect(listed.products).toHaveLength(1);
    expect(listed.products[0]).toMatchObject(safety);

    // the shop's own brand again: every field emptied, the label's facts kept
    const result = await postSave({
      id: saved.id,
      name: "Imported Bomber",
      price: "10",
      composition: safety.composition,
      careInstructions: safety.careInstructions,
    });
    expect(result.data).toMatchObject({ ok: true, message: productMessages.updated });
    expect(await productRow(saved.id)).toMatchObject({
      ...NO_PRODUCT_SAFETY,
      composition: safety.composition,
      careInstructions: safety.careInstructions,
    });
  });

  it.each([
    [{ manufacturerName: "Outside Maker Ltd." }, productMessages.manufacturerIncomplete],
    [
      {
        manufacturerName: "Outside Maker Ltd.",
        manufacturerAddress: "1 Harbour Road, Shenzhen, China",
        manufacturerEmail: "write to us",
      },
      productMessages.invalidManufacturerContact,
    ],
    [{ euResponsiblePerson: "EU Rep GmbH, Berlin" }, productMessages.euResponsiblePersonWithoutManufacturer],
    [{ composition: "x".repeat(501) }, productMessages.compositionTooLong],
  ])("refuses the safety details %o with a clear message and saves nothing", async (fields, message) => {
    const result = await postSave({ name: "Unsafe Listing", price: "10", ...fields });
    expect(result.status).toBe(400);
    expect(result.data.error).toBe(message);
    expect(await productByName("Unsafe Listing")).toBeUndefined();
  });

  it("leaves a new product returnable unless told otherwise", async () => {
    expect((await createProduct({ name: "Plain Returnable Tee" })).finalSale).toBe(false);
  });

  it.each([
    [{ name: "", price: "10" }, productMessages.nameAndPriceRequired],
    [{ name: "No Price", price: "" }, productMessages.nameAndPriceRequired],
    [{ name: "Negative", price: "-1" }, productMessages.invalidPrice],
    [{ name: "Thousandths", price: "1.005" }, productMessages.invalidPrice],
    [{ name: "Minus Stock", price: "1", stock: "-2" }, productMessages.invalidStock],
  ])("refuses %o with the spec's message", async (fields, message) => {
    const result = await postSave(fields);
    expect(result.status).toBe(400);
    expect(result.data.error).toBe(message);
  });

  it("refuses more than 5 images", async () => {
    const images = await Promise.all(Array.from({ length: 6 }, () => uploadImage()));
    const result = await postSave({ name: "Six Pack", price: "9", images });
    expect(result.status).toBe(400);
    expect(result.data.error).toBe(productMessages.tooManyImages);
    expect(await productByName("Six Pack")).toBeUndefined();

    // the use case holds the line too, whoever calls it
    const refused = await saveProduct({
      ...t.services,
      input: {
        colors: [],
        name: "Six Pack",
        priceCents: 900,
        ...NO_SALE,
        description: null,
        category: null,
        sizes: [{ id: null, size: "One Size", stock: 0, skuSuffix: null }],
        featured: false,
        finalSale: false,
        images,
        ...NO_PRODUCT_SAFETY,
      },
    }).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.userMessage).toBe(productMessages.tooManyImages);
  });

  it("refuses image ids that are neither fresh uploads nor already on the product", async () => {
    const other = await createProduct({ name: "Image Owner", images: [await uploadImage()] });
    for (const images of [["0123456789abcdef01234567"], ["../../../etc/passwd"], [other.images[0]!]]) {
      const result = await postSave({ name: "Thief Tee", price: "5", images });
      expect(result.status).toBe(400);
      expect(result.data.error).toBe(productMessages.unknownImage);
    }
    expect(await productByName("Thief Tee")).toBeUndefined();
  });

  it("edits a product: new price, images reordered, one dropped and deleted from storage", async () => {
    const [a, b, c] = [await uploadImage(), await uploadImage(), await uploadImage()];
    const created = await createProduct({ name: "Drift Hoodie", price: "80", images: [a!, b!, c!] });
    const added = await uploadImage();

    const result = await postSave({
      id: created.id,
      name: "Drift Hoodie",
      price: "72.99",
      stock: "3",
      images: [c!, added, a!],
    });

    expect(result.data).toEqual({ intent: "save", ok: true, message: productMessages.updated });
    const updated = await productRow(created.id);
    expect(updated).toMatchObject({ priceCents: 7299, stock: 3, images: [c, added, a] });
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
    const stored = await storedImageIds();
    expect(stored.has(b!)).toBe(false);
    for (const kept of [a!, c!, added]) expect(stored.has(kept)).toBe(true);
  });

  it("answers Product not found for an id that does not exist", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const result = await postSave({ id, name: "Ghost", price: "1" });
      expect(result.status).toBe(404);
      expect(result.data.error).toBe(productMessages.notFound);
    }
  });
});

// --- sizes ---------------------------------------------------------------------------------------

describe("a product's sizes", () => {
  type Row = { id?: string; size: string; stock: string; sku?: string };
  const rows = (sizes: Row[]) => ({
    sizeId: sizes.map((row) => row.id ?? ""),
    sizeLabel: sizes.map((row) => row.size),
    sizeStock: sizes.map((row) => row.stock),
    sizeSku: sizes.map((row) => row.sku ?? ""),
  });
  const sizesOf = (productId: string, all = false) =>
    t.services.db
      .select()
      .from(productVariant)
      .where(
        all
          ? eq(productVariant.productId, productId)
          : and(eq(productVariant.productId, productId), isNull(productVariant.retiredAt)),
      )
      .orderBy(asc(productVariant.position));

  it("are saved in order with their stock; the product's stock is their sum", async () => {
    const saved = await createProduct({
      name: "Sized Hoodie",
      ...rows([
        { size: "S", stock: "2", sku: "s" },
        { size: "M", stock: "0" },
        { size: "L", stock: "5" },
      ]),
    });
    expect(saved.stock).toBe(7);
    expect((await sizesOf(saved.id)).map(({ size, stock, skuSuffix }) => [size, stock, skuSuffix])).toEqual([
      ["S", 2, "S"],
      ["M", 0, null],
      ["L", 5, null],
    ]);
    const listed = dataOf<{ products: { sizes: { size: string; stock: number }[] }[] }>(
      await get(productsLoader, "/admin/products?q=sized%20hoodie", admin.cookie),
    ).data;
    expect(listed.products[0]?.sizes.map((size) => size.size)).toEqual(["S", "M", "L"]);
  });

  it.each([
    [[], productMessages.sizeRequired],
    [[{ size: " ", stock: "1" }], productMessages.sizeNameRequired],
    [[{ size: "M", stock: "-1" }], productMessages.invalidStock],
    [[{ size: "M", stock: "1.5" }], productMessages.invalidStock],
    [
      [
        { size: "M", stock: "1" },
        { size: "m", stock: "2" },
      ],
      productMessages.duplicateSize,
    ],
    [[{ size: "M", stock: "1", sku: "M/1" }], productMessages.invalidSkuSuffix],
    [[{ size: "x".repeat(21), stock: "1" }], productMessages.sizeTooLong],
  ])("refuses sizes %o with a clear message", async (sizes, message) => {
    const result = await postSave({ name: "Bad Sizes", price: "5", ...rows(sizes as Row[]) });
    expect(result.status).toBe(400);
    expect(result.data.error).toBe(message);
    expect(await productByName("Bad Sizes")).toBeUndefined();
  });

  it("renames, reorders and swaps sizes in place, keeping their ids", async () => {
    const saved = await createProduct({
      name: "Swap Tee",
      ...rows([
        { size: "S", stock: "1" },
        { size: "M", stock: "2" },
      ]),
    });
    const [small, medium] = await sizesOf(saved.id);
    const result = await postSave({
      id: saved.id,
      name: "Swap Tee",
      price: "10",
      ...rows([
        { id: small!.id, size: "M", stock: "4" },
        { id: medium!.id, size: "S", stock: "6" },
      ]),
    });
    expect(result.data.ok).toBe(true);
    expect((await sizesOf(saved.id)).map(({ id, size, stock }) => [id, size, stock])).toEqual([
      [small!.id, "M", 4],
      [medium!.id, "S", 6],
    ]);
    expect((await productRow(saved.id))?.stock).toBe(10);
  });

  it("deletes a size nobody bought, retires one in an order, and brings a retired size back", async () => {
    const saved = await createProduct({
      name: "Retiring Pants",
      ...rows([
        { size: "W30", stock: "3" },
        { size: "W32", stock: "4" },
        { size: "W34", stock: "5" },
      ]),
    });
    const [w30, w32, w34] = await sizesOf(saved.id);
    const sold = await orderOf(saved.id);
    await t.services.db
      .update(orderItem)
      .set({ variantId: w32!.id, size: "W32" })
      .where(eq(orderItem.orderId, sold.id));

    const keepOnly = (sizes: Row[]) =>
      postProduct({ intent: "save", id: saved.id, name: "Retiring Pants", price: "10", ...rows(sizes) });
    expect(dataOf<ActionResult>(await keepOnly([{ id: w34!.id, size: "W34", stock: "5" }])).data.ok).toBe(
      true,
    );

    const all = await sizesOf(saved.id, true);
    expect(all.map((row) => row.id)).not.toContain(w30!.id);
    expect(all.find((row) => row.id === w32!.id)?.retiredAt).toBeInstanceOf(Date);
    expect((await sizesOf(saved.id)).map((row) => row.size)).toEqual(["W34"]);
    expect((await productRow(saved.id))?.stock).toBe(5);
    // the order still names its size
    const [item] = await t.services.db.select().from(orderItem).where(eq(orderItem.orderId, sold.id));
    expect(item).toMatchObject({ variantId: w32!.id, size: "W32" });

    // adding W32 again puts the retired size back on sale, under its old id
    await keepOnly([
      { size: "W32", stock: "2" },
      { id: w34!.id, size: "W34", stock: "5" },
    ]);
    expect((await sizesOf(saved.id)).map(({ id, size, stock }) => [id, size, stock])).toEqual([
      [w32!.id, "W32", 2],
      [w34!.id, "W34", 5],
    ]);
  });

  it("refuses a size id of another product", async () => {
    const mine = await createProduct({ name: "Mine Tee" });
    const theirs = await createProduct({ name: "Theirs Tee" });
    const [foreign] = await sizesOf(theirs.id);
    const result = await postSave({
      id: mine.id,
      name: "Mine Tee",
      price: "10",
      ...rows([{ id: foreign!.id, size: "One Size", stock: "99" }]),
    });
    expect(result.status).toBe(409);
    expect(result.data.error).toBe(productMessages.unknownSize);
    expect((await sizesOf(theirs.id))[0]?.stock).toBe(0);
  });
});

// --- delete --------------------------------------------------------------------------------------

describe("deleting a product", () => {
  it("deletes the product and its images", async () => {
    const images = [await uploadImage(), await uploadImage()];
    const created = await createProduct({ name: "Short Lived", images });

    const result = dataOf<ActionResult>(await postProduct({ intent: "delete", id: created.id }));

    expect(result.data).toEqual({ intent: "delete", ok: true, message: productMessages.deleted });
    expect(await productRow(created.id)).toBeUndefined();
    const stored = await storedImageIds();
    for (const id of images) expect(stored.has(id)).toBe(false);
  });

  it("keeps a past order's item snapshot and the image it shows", async () => {
    const [ordered, unordered] = [await uploadImage(), await uploadImage()];
    const created = await createProduct({ name: "Sold Once", price: "45", images: [ordered!, unordered!] });
    const paid = await orderOf(created.id);

    dataOf<ActionResult>(await postProduct({ intent: "delete", id: created.id }));

    expect(await productRow(created.id)).toBeUndefined();
    const [item] = await t.services.db.select().from(orderItem).where(eq(orderItem.orderId, paid.id));
    expect(item).toMatchObject({
      productId: null,
      productName: "Sold Once",
      priceCents: 4500,
      productImage: ordered,
    });
    const stored = await storedImageIds();
    expect(stored.has(ordered!)).toBe(true);
    expect(stored.has(unordered!)).toBe(false);
  });

  it("answers Product not found for a product deleted meanwhile", async () => {
    const created = await createProduct({ name: "Twice Deleted" });
    dataOf<ActionResult>(await postProduct({ intent: "delete", id: created.id }));
    const again = dataOf<ActionResult>(await postProduct({ intent: "delete", id: created.id }));
    expect(again.status).toBe(404);
    expect(again.data.error).toBe(productMessages.notFound);
  });
});

// --- sweeper -------------------------------------------------------------------------------------

describe("sweepUnattachedUploads", () => {
  it("deletes only uploads older than 24 hours that nothing uses", async () => {
    const [abandoned, recent, onProduct, inOrder] = [
      await uploadImage(),
      await uploadImage(),
      await uploadImage(),
      await uploadImage(),
    ];
    // onProduct: attached by an edit elsewhere, then uploaded again and left; inOrder: an ordered
    // product's image, left behind in an abandoned upload as well
    const withImage = await createProduct({ name: "Sweep Keeper", images: [onProduct!] });
    const ordered = await createProduct({ name: "Sweep Ordered", images: [inOrder!] });
    await orderOf(ordered.id);
    await t.services.db.delete(product).where(eq(product.id, ordered.id));
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await t.services.db
      .insert(mediaUpload)
      .values([abandoned!, onProduct!, inOrder!].map((imageId) => ({ imageId, uploadedBy: admin.id })))
      .onConflictDoNothing();
    await t.services.db
      .update(mediaUpload)
      .set({ createdAt: dayAgo })
      .where(inArray(mediaUpload.imageId, [abandoned!, onProduct!, inOrder!]));

    const outcome = await sweepUnattachedUploads({ ...t.services });

    expect(outcome.deleted).toBeGreaterThanOrEqual(1);
    const rows = await t.services.db
      .select({ imageId: mediaUpload.imageId })
      .from(mediaUpload)
      .where(inArray(mediaUpload.imageId, [abandoned!, recent!, onProduct!, inOrder!]));
    expect(rows.map((row) => row.imageId)).toEqual([recent]);
    const stored = await storedImageIds();
    expect(stored.has(abandoned!)).toBe(false);
    expect(stored.has(recent!)).toBe(true);
    expect(stored.has(onProduct!)).toBe(true);
    expect(stored.has(inOrder!)).toBe(true);
    expect((await productRow(withImage.id))?.images).toEqual([onProduct]);
  });

  it("a swept upload can no longer be attached", async () => {
    const imageId = await uploadImage();
    await sweepUnattachedUploads({ ...t.services, olderThanMs: 0, now: new Date(Date.now() + 1000) });
    const result = await postSave({ name: "Too Late", price: "5", images: [imageId] });
    expect(result.data.error).toBe(productMessages.unknownImage);
  });
});
