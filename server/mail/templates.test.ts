import { describe, expect, it } from "vitest";
import { DEMO_SELLER, type Seller } from "../../core/seller";
import { escapeHtml, renderButton, renderLayout } from "./layout";
import { passwordResetEmail } from "./templates/password-reset";
import { welcomeEmail } from "./templates/welcome";

const store = { storeName: "Nocturn", publicUrl: "https://shop.example.com", seller: DEMO_SELLER };
const resetUrl = "https://shop.example.com/reset-password/abc123?callbackURL=%2Freset&x=1";

describe("password reset e-mail", () => {
  const email = passwordResetEmail({ ...store, name: "Zoë", resetUrl, expiresInMinutes: 60 });

  it("has the subject", () => {
    expect(email.subject).toBe("Reset your Nocturn password");
  });

  it("carries the reset link in both bodies, as a button and written out", () => {
    const escapedUrl = resetUrl.replace("&", "&amp;");
    expect(email.html.split(`href="${escapedUrl}"`).length - 1).toBeGreaterThanOrEqual(2);
    expect(email.html).toContain("RESET PASSWORD");
    expect(email.text).toContain(`Reset Password: ${resetUrl}`);
  });

  it("greets by name, states the expiry and what to do when it was not asked for", () => {
    for (const body of [email.html, email.text]) {
      expect(body).toContain("Hi Zoë,");
      expect(body).toContain("This link expires in 1 hour.");
      expect(body).toContain(
        "If you did not ask for this, you can ignore this e-mail; your password stays the same.",
      );
      expect(body).toContain("You received this e-mail because of activity on your Nocturn account.");
    }
    expect(email.html).toContain(">NOCTURN</a>");
    expect(email.text.startsWith("NOCTURN\n")).toBe(true);
    expect(passwordResetEmail({ ...store, name: " ", resetUrl, expiresInMinutes: 30 }).text).toContain(
      "Hi there,\n",
    );
    expect(passwordResetEmail({ ...store, resetUrl, expiresInMinutes: 30 }).text).toContain(
      "This link expires in 30 minutes.",
    );
  });

  it("escapes markup in every interpolated value", () => {
    const hostile = passwordResetEmail({
      storeName: 'Noc"turn<b>',
      publicUrl: "https://shop.example.com/?a=<x>",
      seller: { ...DEMO_SELLER, legalName: "Evil <b>GmbH</b>" },
      name: "<script>alert(1)</script>",
      resetUrl: 'https://shop.example.com/r?t="><script>alert(2)</script>',
      expiresInMinutes: 60,
    });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).not.toContain("<b>");
    expect(hostile.html).toContain("Evil &lt;b&gt;GmbH&lt;/b&gt;");
    expect(hostile.html).toContain("Hi &lt;script&gt;alert(1)&lt;/script&gt;,");
    expect(hostile.html).toContain('href="https://shop.example.com/r?t=&quot;&gt;&lt;script&gt;');
    // the text part is not HTML: it keeps the name as written
    expect(hostile.text).toContain("Hi <script>alert(1)</script>,");
  });

  it("refuses links that are not absolute web URLs", () => {
    expect(() =>
      passwordResetEmail({ ...store, resetUrl: "javascript:alert(1)", expiresInMinutes: 60 }),
    ).toThrow();
    expect(() => renderButton("/relative", "Go")).toThrow();
  });
});

describe("welcome e-mail", () => {
  it("welcomes by name and links to the shop", () => {
    const email = welcomeEmail({ ...store, publicUrl: "https://shop.example.com/", name: "Zoë" });
    expect(email.subject).toBe("Welcome to Nocturn");
    expect(email.html).toContain('href="https://shop.example.com/products"');
    expect(email.html).toContain("START SHOPPING");
    expect(email.text).toContain("Start Shopping: https://shop.example.com/products");
    expect(email.text).toContain("Hi Zoë,");
  });
});

describe("layout", () => {
  it("puts the preheader first and mirrors the frame in the text part", () => {
    const { html, text } = renderLayout({
      ...store,
      preheader: "Short & sweet",
      bodyHtml: "<p>Body</p>",
      bodyText: "Body",
    });
    expect(html).toMatch(/<body[^>]*>\s*<div style="display:none;[^"]*">Short &amp; sweet/);
    expect(text).toBe(
      [
        "NOCTURN",
        "",
        "Body",
        "",
        "-- ",
        "Nocturn",
        "You received this e-mail because of activity on your Nocturn account.",
        "Nocturn Apparel GmbH, 123 Night Street, 10115 Berlin, Germany",
        "E-mail support@nocturn.store · Phone +49 30 1234 5678 · VAT ID DE123456789",
        "https://shop.example.com",
        "",
      ].join("\n"),
    );
  });

  it("names the seller in the footer of every e-mail, leaving out what is not filled in", () => {
    const { html } = welcomeEmail({ ...store, name: "Zoë" });
    expect(html).toContain(
      "Nocturn Apparel GmbH, 123 Night Street, 10115 Berlin, Germany<br>E-mail support@nocturn.store · Phone +49 30 1234 5678 · VAT ID DE123456789",
    );
    // a production store before its owner filled in SELLER_*: no empty labels
    const unset: Seller = { ...DEMO_SELLER, address: "", phone: "", vatId: "" };
    const partial = welcomeEmail({ ...store, seller: unset, name: "Zoë" });
    expect(partial.text).toContain("Nocturn Apparel GmbH\nE-mail support@nocturn.store\n");
    const none = Object.fromEntries(Object.keys(DEMO_SELLER).map((key) => [key, ""])) as unknown as Seller;
    expect(welcomeEmail({ ...store, seller: none }).text).toContain("account.\nhttps://shop.example.com\n");
  });

  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});
