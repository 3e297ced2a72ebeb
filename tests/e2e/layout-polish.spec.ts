import { DEMO_SELLER } from "../../core/seller";
import { registerCustomer, signInAsAdmin } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { checkoutToPaymentPage, fillCart } from "./support/checkout";
import { expect, test } from "./support/fixtures";
import { shotAsIs } from "./support/screenshots";
import { openProduct, STORE_NAME, toast, visit, waitForHydration } from "./support/store";

// Screens polished in issue 12: Access Denied's Go Back, the footer's account links, the admin
// sidebar on a phone, the home hero, the product gallery and its loading skeleton, the test card form.
// And in issue 25: the shop's filters on a phone, the footer's address (the returns' too), the test
// checkout as a page of its own.

test.describe("Access Denied", () => {
  // a sign-up and five page loads, two of them full ones: more than 30 s on a busy machine
  test.describe.configure({ timeout: 60_000 });

  test("Go Back returns to the store page the customer came from, or home without one", async ({ page }) => {
    await registerCustomer(page, "goback");
    await visit(page, "/about");
    // typed into the address bar: a full load that the server answers with a redirect
    await visit(page, "/admin");
    await expect(page).toHaveURL("/forbidden");
    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1, name: "Our Story" })).toBeVisible();

    // opened in a new tab: nothing of the store's to go back to
    const fresh = await page.context().newPage();
    await visit(fresh, "/forbidden");
    await fresh.getByRole("button", { name: "Go Back" }).click();
    await expect(fresh).toHaveURL("/");
    await expect(fresh.getByRole("heading", { level: 1, name: "Made for the night shift." })).toBeVisible();
  });
});

test.describe("footer", () => {
  test("offers account links that fit the session", async ({ page }) => {
    await visit(page, "/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(footer.getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/register");

    await registerCustomer(page, "footer");
    await expect(footer.getByRole("link", { name: "Sign In" })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/account");
    await expect(footer.getByRole("link", { name: "My Orders" })).toHaveAttribute("href", "/account/orders");
    await expect(footer.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
    await footer.getByRole("link", { name: "My Orders" }).click();
    await expect(page).toHaveURL("/account/orders");

    await footer.getByRole("button", { name: "Sign Out" }).click();
    await expect(toast(page, "Signed out successfully")).toBeVisible();
    await expect(footer.getByRole("link", { name: "Sign In" })).toBeVisible();
  });

  test("gives the sample address that the return instructions give too", async ({ page }) => {
    await visit(page, "/");
    // one constant for both (core/sample-contact.ts); returns.spec.ts reads it in the approval e-mail
    await expect(page.getByRole("contentinfo").getByTestId("contact-address")).toHaveText(
      DEMO_SELLER.address,
    );
  });
});

test.describe("shop filters on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('read "All sizes" and "All categories" in full', async ({ page }) => {
    await visit(page, "/products");
    for (const [name, text] of [
      ["Size", "All sizes"],
      ["Category", "All categories"],
    ] as const) {
      const select = page.getByRole("combobox", { name });
      await expect(select.locator("option:checked")).toHaveText(text);
      // the text's width against the room the select leaves it: its width less its borders, its
      // padding and the arrow (up to 20 px) that the browser draws beside the right padding
      const { textWidth, room } = await select.evaluate((element: HTMLSelectElement) => {
        const style = getComputedStyle(element);
        const context = document.createElement("canvas").getContext("2d");
        if (!context) throw new Error("no canvas");
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
        return {
          textWidth: context.measureText(element.selectedOptions[0]?.text ?? "").width,
          room: element.clientWidth - padding - 20,
        };
      });
      expect(textWidth, `"${text}" fits its select`).toBeLessThanOrEqual(room);
    }
  });
});

test.describe("admin sidebar on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows every section and Logout within the screen", async ({ page }) => {
    await signInAsAdmin(page);
    await visit(page, "/admin");
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const name of [
      "Dashboard",
      "Products",
      "Orders",
      "Returns",
      "Coupons",
      "Receipts",
      "Tax rates",
      "Logout",
    ]) {
      const link = nav.getByRole("link", { name });
      await expect(link).toBeInViewport({ ratio: 1 });
    }
    await nav.getByRole("link", { name: "Receipts" }).click();
    await expect(page).toHaveURL("/admin/receipts");
    await expect(nav.getByRole("link", { name: "Receipts" })).toHaveAttribute("aria-current", "page");

    // collapsed, the sections are a row of icons, still all on screen
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    for (const name of ["Dashboard", "Returns", "Coupons", "Tax rates", "Logout"]) {
      await expect(nav.getByRole("link", { name })).toBeInViewport({ ratio: 1 });
    }
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
  });
});

test.describe("home hero", () => {
  for (const [label, viewport, crop] of [
    ["a phone", { width: 390, height: 844 }, "hero-tall"],
    ["a laptop", { width: 1280, height: 800 }, "hero-wide"],
  ] as const) {
    test(`shows the drop above the fold on ${label}, preloaded`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await visit(page, "/");
      const hero = page.getByTestId("home-hero-image");
      await expect(hero).toBeInViewport();
      await expect(hero).toHaveAttribute("fetchpriority", "high");
      await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.currentSrc)).toContain(crop);
      await expect
        .poll(() => hero.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      await expect(page.locator(`link[rel="preload"][as="image"][imagesrcset*="${crop}"]`)).toHaveCount(1);
      // as served: both crops preloaded in the head, and no module preloads competing with them
      // (the module script at the end of the body loads the same files once the page is parsed)
      const html = await (await page.request.get("/")).text();
      expect(html).not.toContain('rel="modulepreload"');
      for (const each of ["hero-tall", "hero-wide"]) {
        const preloaded = html.search(
          new RegExp(`<link rel="preload" as="image"[^>]*imageSrcSet="[^"]*${each}`),
        );
        expect(preloaded).toBeGreaterThan(-1);
        expect(preloaded).toBeLessThan(html.indexOf("</head>"));
      }
      await expect(
        page.getByRole("main").getByRole("link", { name: "Shop the Collection" }),
      ).toBeInViewport();
    });
  }
});

test.describe("fonts", () => {
  test("the first screen's two faces are preloaded, fetched once and used", async ({ page }) => {
    await visit(page, "/");
    const preloads = page.locator('link[rel="preload"][as="font"]');
    await expect(preloads).toHaveCount(2);
    const hrefs = await preloads.evaluateAll((links) =>
      links.map((link) => [(link as HTMLLinkElement).href, link.getAttribute("crossorigin")]),
    );
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        faces: [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family),
        fetched: performance.getEntriesByType("resource").map((entry) => entry.name),
      };
    });
    for (const [href, crossOrigin] of hrefs) {
      expect(href).toMatch(/-latin-wght-normal-[\w-]+\.woff2$/);
      // a font is fetched in CORS mode: a preload without crossorigin would be fetched a second time
      expect(crossOrigin).toBe("anonymous");
      expect(loaded.fetched.filter((name) => name === href)).toHaveLength(1);
    }
    expect(loaded.faces).toEqual(expect.arrayContaining(["Inter Variable", "Space Grotesk Variable"]));
  });
});

test.describe("product page", () => {
  test("a gallery of several views, with arrows and thumbnails", async ({ page }) => {
    await openProduct(page, "Midnight Oversized Tee");
    const thumbnails = page.getByRole("list", { name: "Product images" }).getByRole("listitem");
    await expect(thumbnails).toHaveCount(4);
    await page.getByRole("button", { name: "Next image" }).click();
    await expect(page.getByText("2 / 4")).toBeVisible();
    await page.getByRole("button", { name: "Show image 4" }).click();
    await expect(page.getByText("4 / 4")).toBeVisible();
  });

  test("a skeleton stands in while another product page loads", async ({ page }) => {
    await visit(page, "/products");
    // hold the product's data until the skeleton has been seen
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/products\/[^/?]+\.data/, async (route) => {
      await held;
      await route.continue();
    });
    const card = page.getByTestId("product-grid").getByRole("link").first();
    const name = (await card.innerText()).trim();
    await card.click();
    await expect(page.getByTestId("product-page-skeleton")).toBeVisible();
    release();
    await expect(page.getByTestId("product-page-skeleton")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });
});

test.describe("test checkout page", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`stands on its own, like a hosted payment page, at ${viewport.width}x${viewport.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await registerCustomer(page, "hosted");
      await fillCart(page);
      await checkoutToPaymentPage(page);
      // none of the store's header, navigation or footer
      await expect(page.getByRole("banner")).toHaveCount(0);
      await expect(page.getByRole("navigation")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      // marked as a test, paid to the store, with the way back
      await expect(page.getByText("Test mode - no real payment")).toBeVisible();
      await expect(page.getByTestId("test-mode-banner")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: `Pay ${STORE_NAME}` })).toBeVisible();
      await expect(page.getByRole("link", { name: `Back to ${STORE_NAME}` })).toHaveAttribute(
        "href",
        /\/cart\?cancelled=/,
      );
      await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", /\/cart\?cancelled=/);
      await expectNoSeriousViolations(page);
      await shotAsIs(page, "test-checkout");

      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL("/cart");
      await expect(page.getByRole("banner")).toBeVisible();
    });
  }
});

test.describe("test card form", () => {
  test("formats the card number and the expiry as the shopper types, and what was typed while the page loaded", async ({
    page,
  }) => {
    await registerCustomer(page, "cardform");
    await fillCart(page);
    await checkoutToPaymentPage(page);
    const number = page.getByLabel("Card number");
    const expiry = page.getByLabel("Expiry (MM/YY)");

    // typed before the page's scripts ran: kept, and formatted once React hydrates
    const scripts = /\/assets\/.*\.js$/;
    let releaseScripts = () => {};
    const scriptsReleased = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    let heldScripts = 0;
    await page.route(scripts, async (route) => {
      heldScripts += 1;
      await scriptsReleased;
      await route.continue();
    });
    await page.reload({ waitUntil: "commit" });
    await number.pressSequentially("4242424242424242");
    await expiry.pressSequentially("1230");
    await expect.poll(() => heldScripts).toBeGreaterThan(0);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    releaseScripts();
    await waitForHydration(page);
    await page.unroute(scripts);
    await expect(number).toHaveValue("4242 4242 4242 4242");
    await expect(expiry).toHaveValue("12/30");

    // typed after hydration: formatted keystroke by keystroke
    await number.clear();
    await number.pressSequentially("42424242");
    await expect(number).toHaveValue("4242 4242");
    await number.pressSequentially("42424242");
    await expect(number).toHaveValue("4242 4242 4242 4242");
    await expiry.clear();
    await expiry.pressSequentially("4");
    await expect(expiry).toHaveValue("04");
    await expiry.pressSequentially("30");
    await expect(expiry).toHaveValue("04/30");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
  });
});
