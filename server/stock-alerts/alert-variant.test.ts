import { describe, expect, it } from "vitest";
import { DEMO_SELLER } from "../../core/seller";
import { backInStockConfirmEmail, backInStockEmail } from "../mail/templates/back-in-stock";
import { alertItemName, alertProductPath, hashConfirmToken, newConfirmToken } from "./alert-variant";

const variant = {
  productId: "7b0c5c1e-0000-4000-8000-000000000001",
  productName: "Hoodie",
  size: "M",
  color: null,
};
const black = { name: "Black", slug: "black" };

describe("what a back-in-stock e-mail names and links to", () => {
  it("names the size, and the colour before it when the variant has one", () => {
    expect(alertItemName(variant)).toBe("Hoodie (M)");
    expect(alertItemName({ ...variant, color: black })).toBe("Hoodie (Black, M)");
    expect(alertItemName({ ...variant, size: "One Size" })).toBe("Hoodie");
    expect(alertItemName({ ...variant, size: "One Size", color: black })).toBe("Hoodie (Black)");
  });

  it("links to the product with the size chosen, and the colour, encoded", () => {
    expect(alertProductPath(variant)).toBe(`/products/${variant.productId}?size=M`);
    expect(alertProductPath({ ...variant, size: "W32 L34", color: black })).toBe(
      `/products/${variant.productId}?size=W32+L34&color=black`,
    );
  });

  it("keeps only a hash of the confirmation token, which the token always gives back", () => {
    const { token, hash } = newConfirmToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(hash).toBe(hashConfirmToken(token));
    expect(hash).not.toContain(token);
    expect(newConfirmToken().token).not.toBe(token);
  });
});

describe("the back-in-stock e-mails", () => {
  const store = { storeName: "Nocturn", publicUrl: "https://shop.test", seller: DEMO_SELLER };

  it("carry their link in both parts and escape the product's name", () => {
    const itemName = `<b>Hoodie</b> "Noir" (M)`;
    const productUrl = `https://shop.test${alertProductPath(variant)}`;
    const alert = backInStockEmail({ ...store, itemName, productUrl });
    expect(alert.subject).toBe(`Back in stock: ${itemName}`);
    expect(alert.text).toContain(`Shop Now: ${productUrl}`);
    expect(alert.html).toContain(`href="${productUrl}"`);
    expect(alert.html).not.toContain("<b>Hoodie</b>");
    expect(alert.html).toContain("&lt;b&gt;Hoodie&lt;/b&gt; &quot;Noir&quot; (M)");

    const confirmUrl = "https://shop.test/back-in-stock/confirm/abc";
    const confirm = backInStockConfirmEmail({ ...store, itemName: "Hoodie (M)", confirmUrl });
    expect(confirm.text).toContain(`Confirm Alert: ${confirmUrl}`);
    expect(confirm.text).toContain("If you did not ask for this, ignore this e-mail");
  });
});
