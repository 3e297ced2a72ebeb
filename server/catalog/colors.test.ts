// Colours as a second option (docs/ARCHITECTURE.md#colours) on a real database: saving a product
// in colours, retiring a sold colour, the product page rendered in `?color=`, checkout writing the
// colour on the order, and exchanges that stay within the colour.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as cartProductsLoader } from "../../app/routes/cart/api.cart-products";
import { loader as productLoader } from "../../app/routes/shop/product";
import type { ColorView, SizedProductView } from "../../core/product";
import { NO_PRODUCT_SAFETY } from "../../core/product-safety";
import { type ColorInput, type ProductInput, productMessages } from "../../core/validation/product-form";
import { callRoute, dataOf, getRequest } from "../../tests/setup/route-call";
import { setupTestApp } from "../../tests/setup/test-app";
import { registerTestCustomer } from "../../tests/setup/test-commerce";
import { markDelivered, placePaidOrder, requestTestReturn } from "../../tests/setup/test-orders";
import { AppError } from "../app-error";
import { mediaUpload, orderItem, productColor, productVariant, returnItem } from "../db/schema";
import { getReturnForm } from "../returns/get-return-form";
import { withCardImages } from "./card-images";
import { listFeaturedProducts } from "./list-featured-products";
import { listRelatedProducts } from "./list-related-products";
import { saveProduct } from "./save-product";
import { searchProducts } from "./search-products";

const app = setupTestApp();
const services = () => app.t.services;

let uploads = 0;
/** Image ids as fresh uploads the product may take (the files themselves do not matter here). */
async function uploaded(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `color-test-${++uploads}`);
  await services()
    .db.insert(mediaUpload)
    .values(ids.map((imageId) => ({ imageId })));
  return ids;
}

const sizes = (stocks: Record<string, number>, ids: Record<string, string> = {}) =>
  Object.entries(stocks).map(([size, stock]) => ({ id: ids[size] ?? null, size, stock, skuSuffix: null }));

const color = (name: string, values: Partial<ColorInput> = {}): ColorInput => ({
  id: null,
  name,
  slug: name.toLowerCase().replace(/\s+/g, "-"),
  swatch: null,
  images: [],
  sizes: sizes({ S: 2, M: 3 }),
  ...values,
});

const input = (colors: ColorInput[], values: Partial<ProductInput> = {}): ProductInput => ({
  name: "Colour Hoodie",
  priceCents: 8900,
  description: null,
  category: "Hoodies",
  featured: false,
  finalSale: false,
  images: [],
  sizes: [],
  colors,
  salePriceCents: null,
  saleStartsAt: null,
  saleEndsAt: null,
  ...NO_PRODUCT_SAFETY,
  ...values,
});

const save = (productInput: ProductInput, productId?: string) =>
  saveProduct({ ...services(), productId, input: productInput });

async function colorsOf(productId: string) {
  return services()
    .db.select()
    .from(productColor)
    .where(eq(productColor.productId, productId))
    .orderBy(asc(productColor.position));
}

async function variantsOf(productId: string) {
  return services()
    .db.select()
    .from(productVariant)
    .where(eq(productVariant.productId, productId))
    .orderBy(asc(productVariant.position));
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

/** A saved product in Black and Sand, each with its pictures and S/M sizes. */
async function colourProduct() {
  const [b1, b2, s1] = await uploaded(3);
  const saved = await save(
    input([
      color("Black", { swatch: "#111111", images: [b1!, b2!], sizes: sizes({ S: 2, M: 3 }) }),
      color("Sand", { images: [s1!], sizes: sizes({ S: 4, M: 1 }) }),
    ]),
  );
  const colors = await colorsOf(saved.product.id);
  const variants = await variantsOf(saved.product.id);
  const variant = (colorName: string, size: string) => {
    const colorId = colors.find((row) => row.name === colorName)?.id;
    const found = variants.find((row) => row.colorId === colorId && row.size === size);
    if (!found) throw new Error(`no ${colorName} ${size}`);
    return found;
  };
  return { product: saved.product, colors, variants, variant, images: { b1, b2, s1 } };
}

describe("saving a product in colours", () => {
  it("keeps each colour with its slug, swatch, pictures and sizes; the stock is the sum of them all", async () => {
    const { product, colors, variants, images } = await colourProduct();
    expect(
      colors.map(({ name, slug, swatch, images: pictures, position, retiredAt }) => ({
        name,
        slug,
        swatch,
        pictures,
        position,
        retiredAt,
      })),
    ).toEqual([
      {
        name: "Black",
        slug: "black",
        swatch: "#111111",
        pictures: [images.b1, images.b2],
        position: 0,
        retiredAt: null,
      },
      { name: "Sand", slug: "sand", swatch: null, pictures: [images.s1], position: 1, retiredAt: null },
    ]);
    expect(
      variants.map((row) => [colors.find((c) => c.id === row.colorId)?.name, row.size, row.stock]),
    ).toEqual([
      ["Black", "S", 2],
      ["Sand", "S", 4],
      ["Black", "M", 3],
      ["Sand", "M", 1],
    ]);
    expect(product.stock).toBe(10);
    // the uploads are attached: the sweeper leaves them alone
    expect(await services().db.select().from(mediaUpload).where(eq(mediaUpload.imageId, images.b1!))).toEqual(
      [],
    );
  });

  it("refuses a picture that was never uploaded, and a colour of another product", async () => {
    const unknown = await refusal(save(input([color("Black", { images: ["never-uploaded"] })])));
    expect(unknown.userMessage).toBe(productMessages.unknownImage);
    const other = await colourProduct();
    const stolen = await refusal(save(input([color("Black", { id: other.colors[0]!.id })])));
    expect(stolen.userMessage).toBe(productMessages.unknownColor);
  });

  it("renames and reorders colours in place, keeping their ids and their sizes' ids", async () => {
    const { product, colors, variant } = await colourProduct();
    const [black, sand] = colors as [(typeof colors)[0], (typeof colors)[0]];
    // Sand becomes "Black" and Black "Sand": the slugs swap between the rows
    await save(
      input([
        color("Black", {
          id: sand.id,
          sizes: sizes({ S: 4, M: 1 }, { S: variant("Sand", "S").id, M: variant("Sand", "M").id }),
        }),
        color("Sand", {
          id: black.id,
          sizes: sizes({ S: 2, M: 3 }, { S: variant("Black", "S").id, M: variant("Black", "M").id }),
        }),
      ]),
      product.id,
    );
    const after = await colorsOf(product.id);
    expect(after.map((row) => [row.id, row.slug])).toEqual([
      [sand.id, "black"],
      [black.id, "sand"],
    ]);
    expect((await variantsOf(product.id)).map((row) => row.id).sort()).toEqual(
      [variant("Black", "S"), variant("Black", "M"), variant("Sand", "S"), variant("Sand", "M")]
        .map((row) => row.id)
        .sort(),
    );
  });

  it("deletes a removed colour nobody bought, and retires one that appears in orders, with its sizes", async () => {
    const { product, colors, variant } = await colourProduct();
    const customer = await registerTestCustomer(services());
    await placePaidOrder(services(), customer, [{ variantId: variant("Sand", "S").id, quantity: 1 }]);
    const black = colors[0]!;

    // Sand was bought: removing it retires it; Black was not, it is deleted when removed later
    await save(
      input([
        color("Black", {
          id: black.id,
          sizes: sizes({ S: 2, M: 3 }, { S: variant("Black", "S").id, M: variant("Black", "M").id }),
        }),
      ]),
      product.id,
    );
    const retired = (await colorsOf(product.id)).find((row) => row.name === "Sand");
    expect(retired?.retiredAt).toBeInstanceOf(Date);
    const sandSizes = (await variantsOf(product.id)).filter((row) => row.colorId === retired?.id);
    // the sold size is kept, retired, for the order; the unsold one is gone
    expect(sandSizes.map((row) => [row.size, row.retiredAt !== null])).toEqual([["S", true]]);

    // the shop no longer offers it
    const page = dataOf<{ product: SizedProductView }>(
      await callRoute(productLoader, getRequest(`/products/${product.id}`), {
        services: services(),
        params: { id: product.id },
      }),
    ).data.product;
    expect(page.colors.map((entry) => entry.name)).toEqual(["Black"]);
    expect(page.sizes.every((size) => size.colorId === black.id)).toBe(true);

    // naming it again brings it back, with its sold size
    await save(
      input([
        color("Black", {
          id: black.id,
          sizes: sizes({ S: 2, M: 3 }, { S: variant("Black", "S").id, M: variant("Black", "M").id }),
        }),
        color("Sand", { sizes: sizes({ S: 5 }) }),
      ]),
      product.id,
    );
    const back = (await colorsOf(product.id)).find((row) => row.name === "Sand");
    expect(back).toMatchObject({ id: retired?.id, retiredAt: null, position: 1 });
    expect((await variantsOf(product.id)).find((row) => row.colorId === back?.id)).toMatchObject({
      id: variant("Sand", "S").id,
      stock: 5,
      retiredAt: null,
    });

    // without colours the product has its own sizes again; a colour nobody bought is deleted
    await save(input([], { sizes: sizes({ M: 7 }) }), product.id);
    const left = await colorsOf(product.id);
    expect(left.map((row) => [row.name, row.retiredAt !== null])).toEqual([["Sand", true]]);
    const onSale = (await variantsOf(product.id)).filter((row) => row.retiredAt === null);
    expect(onSale.map((row) => [row.colorId, row.size, row.stock])).toEqual([[null, "M", 7]]);
  });
});

describe("the product page in a colour", () => {
  it("offers the same sizes and colours, in the same order, as the cart's refresh reads them", async () => {
    const { product } = await colourProduct();
    const page = dataOf<{ product: SizedProductView }>(
      await callRoute(productLoader, getRequest(`/products/${product.id}`), {
        services: services(),
        params: { id: product.id },
      }),
    ).data.product;
    const answer = await callRoute(cartProductsLoader, getRequest(`/api/cart-products?ids=${product.id}`), {
      services: services(),
    });
    const refresh = (await (answer as Response).json()) as { products: SizedProductView[] };
    expect(page.colors.map((entry) => entry.name)).toEqual(["Black", "Sand"]);
    expect(page.sizes).toHaveLength(4);
    expect({ sizes: page.sizes, colors: page.colors }).toEqual({
      sizes: refresh.products[0]?.sizes,
      colors: refresh.products[0]?.colors,
    });
  });

  it("is rendered in the colour ?color= names, and in the first colour for an unknown one", async () => {
    const { product } = await colourProduct();
    const loaderColor = async (query: string) =>
      dataOf<{ color: ColorView | null }>(
        await callRoute(productLoader, getRequest(`/products/${product.id}${query}`), {
          services: services(),
          params: { id: product.id },
        }),
      ).data.color?.slug;
    expect(await loaderColor("?color=sand")).toBe("sand");
    expect(await loaderColor("?color=purple")).toBe("black");
    expect(await loaderColor("")).toBe("black");

    const response = await app.fetch(`/products/${product.id}?color=sand`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // the picker has Sand chosen, the gallery shows Sand's picture, the canonical URL is the product's
    const checked = [...html.matchAll(/<input type="radio"[^>]*name="[^"]*-color"[^>]*>/g)]
      .filter(([input]) => input.includes('checked=""'))
      .map(([input]) => /value="([^"]*)"/.exec(input)?.[1]);
    expect(checked).toEqual(["sand"]);
    expect(html).toContain(`alt="Colour Hoodie, Sand"`);
    expect(html).toContain(
      `<link rel="canonical" href="${app.t.services.config.publicUrl}/products/${product.id}"/>`,
    );
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const jsonLd = JSON.parse(block ?? "{}") as {
      variesBy: string[];
      hasVariant: { name: string; color: string; url: string }[];
    };
    expect(jsonLd.variesBy).toEqual(["https://schema.org/color", "https://schema.org/size"]);
    expect(jsonLd.hasVariant.map((variant) => variant.name)).toEqual([
      "Colour Hoodie (Black, S)",
      "Colour Hoodie (Sand, S)",
      "Colour Hoodie (Black, M)",
      "Colour Hoodie (Sand, M)",
    ]);
    expect(jsonLd.hasVariant[1]?.url).toMatch(/\?color=sand&size=S$/);
  });
});

describe("an order of a colour", () => {
  it("keeps the colour and its picture on the order line, and offers exchanges within the colour only", async () => {
    const { variant, images } = await colourProduct();
    const customer = await registerTestCustomer(services());
    const placed = await placePaidOrder(services(), customer, [
      { variantId: variant("Black", "S").id, quantity: 1 },
      { variantId: variant("Sand", "S").id, quantity: 1 },
    ]);
    const items = await services()
      .db.select()
      .from(orderItem)
      .where(eq(orderItem.orderId, placed.orderId))
      .orderBy(asc(orderItem.color));
    expect(items.map((item) => [item.color, item.size, item.productImage])).toEqual([
      ["Black", "S", images.b1],
      ["Sand", "S", images.s1],
    ]);

    await markDelivered(services(), placed.orderId);
    const form = await getReturnForm({ ...services(), userId: customer.id, orderId: placed.orderId });
    // M of the same colour only: Sand's M is in stock too, but it is another colour
    expect(
      form.lines
        .map((line) => [line.color, line.size, line.exchangeSizes])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ["Black", "S", ["M"]],
      ["Sand", "S", ["M"]],
    ]);
    const black = form.lines.find((line) => line.color === "Black")!;
    const ret = await requestTestReturn(
      services(),
      customer,
      placed.orderId,
      [{ orderItemId: black.orderItemId, quantity: 1, exchangeSize: "M" }],
      { resolution: "exchange", comment: "Too small" },
    );
    // the size set aside is Black's M, not Sand's
    const [asked] = await services().db.select().from(returnItem).where(eq(returnItem.returnId, ret.id));
    expect(asked?.exchangeVariantId).toBe(variant("Black", "M").id);
  });
});

describe("a card of a product in colours without pictures of its own", () => {
  it("shows its first colour's first picture on the home page, among related products and in the shop alike", async () => {
    const [black1, black2, sand1, plain1] = await uploaded(4);
    const colourful = await save(
      input(
        [color("Ash"), color("Black", { images: [black1!, black2!] }), color("Sand", { images: [sand1!] })],
        { name: "Card Colour Hoodie", featured: true },
      ),
    );
    const plain = await save(
      input([], { name: "Card Plain Hoodie", featured: true, images: [plain1!], sizes: sizes({ M: 2 }) }),
    );
    const imagesOf = (rows: { id: string; images: string[] }[], id: string) =>
      rows.find((row) => row.id === id)?.images;

    const featured = await listFeaturedProducts({ db: services().db });
    expect(imagesOf(featured, colourful.product.id)).toEqual([black1]);
    expect(imagesOf(featured, plain.product.id)).toEqual([plain1]);

    const related = await listRelatedProducts({ db: services().db, product: plain.product });
    expect(imagesOf(related, colourful.product.id)).toEqual([black1]);
    const fromColourful = await listRelatedProducts({ db: services().db, product: colourful.product });
    expect(imagesOf(fromColourful, plain.product.id)).toEqual([plain1]);

    const shop = await searchProducts({ db: services().db, query: "Card" });
    const cards = await withCardImages({ db: services().db, rows: shop.products });
    expect(imagesOf(cards, colourful.product.id)).toEqual([black1]);
    expect(imagesOf(cards, plain.product.id)).toEqual([plain1]);
  });
});
