import { describe, expect, it } from "vitest";
import { parseForm } from "../../../core/validation/form-schema";
import { productFormSchema } from "../../../core/validation/product-form";
import { DEMO_PRODUCTS } from "./demo-products";

describe("the demo catalog's product safety details", () => {
  it("pass the admin form's rules, so an admin can save a demo product unchanged", () => {
    for (const demo of DEMO_PRODUCTS) {
      const parsed = parseForm(productFormSchema, {
        name: demo.name,
        price: "10",
        sizeId: "",
        sizeLabel: "One Size",
        sizeStock: "1",
        sizeSku: "",
        manufacturerName: demo.manufacturer?.name ?? "",
        manufacturerAddress: demo.manufacturer?.address ?? "",
        manufacturerEmail: demo.manufacturer?.email ?? "",
        euResponsiblePerson: demo.manufacturer?.euResponsiblePerson ?? "",
        composition: demo.composition,
        careInstructions: demo.care,
        safetyWarnings: demo.warnings ?? "",
      });
      expect(parsed, demo.name).toMatchObject({ ok: true });
    }
  });

  it("show both cases: mostly the shop's own brand, and an outside maker with its EU responsible person", () => {
    const outside = DEMO_PRODUCTS.filter((demo) => demo.manufacturer);
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.length).toBeLessThan(DEMO_PRODUCTS.length / 4);
    for (const demo of outside) expect(demo.manufacturer?.euResponsiblePerson).toMatch(/Germany/);
    // some warnings where the garment calls for one, not a warning on everything
    const warned = DEMO_PRODUCTS.filter((demo) => demo.warnings).map((demo) => demo.name);
    expect(warned).toContain("Eclipse Heavyweight Hoodie");
    expect(warned).not.toContain("Midnight Oversized Tee");
  });
});
