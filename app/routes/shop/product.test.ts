// The product page's "Product safety" section and JSON-LD (GPSR Art. 19, core/product-safety.ts),
// rendered by the real app: the loader's data, the HTML a shopper gets, the structured data a search
// engine reads.
import { describe, expect, it } from "vitest";
import { productSku } from "../../../core/product";
import type { ProductSafetyView } from "../../../core/product-safety";
import { DEMO_SELLER } from "../../../core/seller";
import { callRoute, dataOf, getRequest } from "../../../tests/setup/route-call";
import { setupTestApp } from "../../../tests/setup/test-app";
import { insertTestProduct } from "../../../tests/setup/test-commerce";
import { loader } from "./product";

const app = setupTestApp();

const safetyOf = async (id: string) =>
  dataOf<{ safety: ProductSafetyView }>(
    await callRoute(loader, getRequest(`/products/${id}`), { services: app.t.services, params: { id } }),
  ).data.safety;

/** The page's HTML and its JSON-LD block, parsed. */
async function productPage(id: string) {
  const response = await app.fetch(`/products/${id}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!block) throw new Error("the page has no JSON-LD");
  return { html, jsonLd: JSON.parse(block) as Record<string, unknown> };
}

/** The text of the "Product safety" section, tags dropped. */
function safetySection(html: string): string {
  const section = /<section[^>]*data-testid="product-safety"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1];
  if (!section) throw new Error("the page has no Product safety section");
  return section
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("the product page's product safety", () => {
  it("names the seller as the manufacturer of the shop's own brand, with the label's facts", async () => {
    const product = await insertTestProduct(app.t.services.db, {
      name: "Own Brand Hoodie",
      composition: "100% cotton fleece, 450 g/m²",
      careInstructions: "Machine wash cold, inside out. Do not tumble dry.",
      safetyWarnings: "Not suitable for children under 7: the hood has drawcords.",
    });
    expect(await safetyOf(product.id)).toEqual({
      manufacturer: {
        name: DEMO_SELLER.legalName,
        address: DEMO_SELLER.address,
        contact: DEMO_SELLER.email,
        isOwnBrand: true,
      },
      euResponsiblePerson: null,
      identifier: productSku(product.id),
      composition: "100% cotton fleece, 450 g/m²",
      careInstructions: "Machine wash cold, inside out. Do not tumble dry.",
      safetyWarnings: "Not suitable for children under 7: the hood has drawcords.",
    });

    const { html, jsonLd } = await productPage(product.id);
    const text = safetySection(html);
    expect(html).toContain('<h2 id="product-safety-heading"');
    for (const shown of [
      "Product safety",
      `Manufacturer ${DEMO_SELLER.legalName} ${DEMO_SELLER.address} ${DEMO_SELLER.email}`,
      `Product identifier ${productSku(product.id)}`,
      "Composition 100% cotton fleece, 450 g/m²",
      "Care instructions Machine wash cold, inside out. Do not tumble dry.",
      "Safety warnings Not suitable for children under 7: the hood has drawcords.",
    ])
      expect(text).toContain(shown);
    expect(text).not.toContain("EU responsible person");
    expect(html).toContain(`href="mailto:${DEMO_SELLER.email}"`);

    expect(jsonLd).toMatchObject({
      "@type": "ProductGroup",
      productGroupID: productSku(product.id),
      material: "100% cotton fleece, 450 g/m²",
      manufacturer: {
        "@type": "Organization",
        name: DEMO_SELLER.legalName,
        address: DEMO_SELLER.address,
        email: DEMO_SELLER.email,
      },
    });
  });

  it("shows an outside manufacturer with its EU responsible person, and leaves out what is not set", async () => {
    const product = await insertTestProduct(app.t.services.db, {
      name: "Imported Crossbody Bag",
      manufacturerName: "Pearl River Bags Manufacturing Co., Ltd.",
      manufacturerAddress: "18 Xinan Road, Dongguan 523850, China",
      manufacturerEmail: "pearlriverbags.example.com/contact",
      euResponsiblePerson: "Nordlicht Compliance GmbH, Speicherstraße 12, 20457 Hamburg, Germany",
    });
    const { html, jsonLd } = await productPage(product.id);
    const text = safetySection(html);
    expect(text).toContain(
      "Manufacturer Pearl River Bags Manufacturing Co., Ltd. 18 Xinan Road, Dongguan 523850, China pearlriverbags.example.com/contact",
    );
    expect(text).toContain(
      "EU responsible person Nordlicht Compliance GmbH, Speicherstraße 12, 20457 Hamburg, Germany",
    );
    expect(text).not.toContain(DEMO_SELLER.legalName);
    for (const unset of ["Composition", "Care instructions", "Safety warnings"])
      expect(text).not.toContain(unset);
    expect(html).toContain('href="https://pearlriverbags.example.com/contact"');

    expect(jsonLd.material).toBeUndefined();
    expect(jsonLd.manufacturer).toEqual({
      "@type": "Organization",
      name: "Pearl River Bags Manufacturing Co., Ltd.",
      address: "18 Xinan Road, Dongguan 523850, China",
      url: "https://pearlriverbags.example.com/contact",
    });
  });
});
