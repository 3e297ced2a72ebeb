// @vitest-environment happy-dom
import { act } from "react";
import { useActionData, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { RETURN_COMMENT_MAX_LENGTH, returnMessages } from "../../../core/returns";
import type { ReturnForm } from "../../../server/returns/return-views";
import { renderRoutes, settleRouter } from "../../../tests/setup/render-route";
import type { Route } from "./+types/return-request";
import ReturnItems from "./return-request";

const HOODIE = "11111111-1111-4111-8111-111111111111";
const TEE = "22222222-2222-4222-8222-222222222222";
const SOCKS = "33333333-3333-4333-8333-333333333333";

/** A delivered order: two hoodies (L and XL in stock), a tee with no other size, final-sale socks. */
const FORM: ReturnForm = {
  orderId: "44444444-4444-4444-8444-444444444444",
  orderNumber: "NOC-20261104-ABCD",
  currency: "USD",
  deliveredAt: "2026-11-04T10:00:00.000Z",
  windowEndsAt: "2026-12-04T10:00:00.000Z",
  windowDays: 30,
  reasons: [
    { code: "too_small", label: "Too small" },
    { code: "changed_mind", label: "Changed my mind" },
  ],
  lines: [
    {
      orderItemId: HOODIE,
      productName: "Eclipse Hoodie",
      size: "M",
      color: null,
      image: null,
      unitPaidCents: 8_900,
      quantityBought: 2,
      returnable: 2,
      unavailableReason: null,
      exchangeSizes: ["L", "XL"],
    },
    {
      orderItemId: TEE,
      productName: "Void Tee",
      size: "S",
      color: null,
      image: null,
      unitPaidCents: 3_500,
      quantityBought: 1,
      returnable: 1,
      unavailableReason: null,
      exchangeSizes: [],
    },
    {
      orderItemId: SOCKS,
      productName: "Night Socks",
      size: "One Size",
      color: null,
      image: null,
      unitPaidCents: 1_200,
      quantityBought: 3,
      returnable: 0,
      unavailableReason: returnMessages.finalSale,
      exchangeSizes: [],
    },
  ],
};

/** The page with the loader's form; its action records what was posted and refuses with `refusal`. */
function renderPage(refusal = "Only 1 of Eclipse Hoodie (size M) can still be returned.") {
  const loaderData = { ok: true as const, form: FORM };
  const posted: FormData[] = [];
  function Page() {
    const props = {
      loaderData: useLoaderData(),
      actionData: useActionData(),
    } as Route.ComponentProps;
    return <ReturnItems {...props} />;
  }
  const { container } = renderRoutes(
    [
      {
        id: "page",
        path: "/",
        Component: Page,
        loader: () => loaderData,
        action: async ({ request }) => {
          posted.push(await request.formData());
          return { ok: false, error: refusal, code: "invalid_input" };
        },
      },
    ],
    { hydrationData: { loaderData: { page: loaderData } } },
  );

  const lines = () => [...container.querySelectorAll<HTMLElement>("[data-testid=return-line]")];
  const line = (name: string) => {
    const found = lines().find((element) => element.textContent?.includes(name));
    if (!found) throw new Error(`no line ${name}`);
    return found;
  };
  const select = (name: string) => {
    const found = container.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
    if (!found) throw new Error(`no select ${name}`);
    return found;
  };
  const choose = (element: HTMLSelectElement | HTMLTextAreaElement, value: string) =>
    act(() => {
      // React tracks the value it last set: go around its setter, as a person typing does
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")?.set;
      setter?.call(element, value);
      element.dispatchEvent(
        new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }),
      );
    });
  const radio = (value: string) => {
    const found = container.querySelector<HTMLInputElement>(`input[name=resolution][value=${value}]`);
    if (!found) throw new Error(`no radio ${value}`);
    return found;
  };
  const error = () => container.querySelector("[role=alert]")?.textContent ?? null;
  const submit = async () => {
    const button = [...container.querySelectorAll("button")].find((b) =>
      b.textContent?.includes("Request return"),
    );
    await act(async () => {
      button?.click();
      await settleRouter();
    });
  };
  /** The form's schema arrives, as it does in a browser once the page is interactive. */
  const schemaArrives = () =>
    act(async () => {
      await import("../../../core/validation/returns");
      await import("../../../core/validation/form-schema");
      await settleRouter();
    });
  return { container, lines, line, select, choose, radio, error, submit, schemaArrives, posted };
}

describe("the return form", () => {
  it("offers each line up to what can still be returned; a final-sale line is shown but cannot be chosen", () => {
    const page = renderPage();

    expect(page.container.querySelector("h1")?.textContent).toBe("Return items from order NOC-20261104-ABCD");
    expect(page.lines()).toHaveLength(3);
    expect([...page.select(`quantity.${HOODIE}`).options].map((option) => option.value)).toEqual([
      "0",
      "1",
      "2",
    ]);
    expect(page.line("Eclipse Hoodie").textContent).toContain("$89.00 each");
    const socks = page.line("Night Socks").querySelector("select");
    expect(socks?.disabled).toBe(true);
    expect(page.line("Night Socks").textContent).toContain(returnMessages.finalSale);
  });

  it("asks for another size only for the chosen lines of an exchange, and says when there is none", () => {
    const page = renderPage();

    page.choose(page.select(`quantity.${HOODIE}`), "1");
    page.choose(page.select(`quantity.${TEE}`), "1");
    expect(page.container.querySelector(`select[name="exchangeSize.${HOODIE}"]`)).toBeNull();

    act(() => page.radio("exchange").click());
    expect([...page.select(`exchangeSize.${HOODIE}`).options].map((option) => option.textContent)).toEqual([
      "Choose a size",
      "L",
      "XL",
    ]);
    expect(page.container.querySelector(`select[name="exchangeSize.${TEE}"]`)).toBeNull();
    expect(page.line("Void Tee").textContent).toContain("No other size of this item is in stock");
  });

  it("checks in the browser first: nothing chosen, then no reason, is not sent", async () => {
    const page = renderPage();
    await page.schemaArrives();

    await page.submit();
    expect(page.error()).toBe(returnMessages.chooseItems);

    page.choose(page.select(`quantity.${HOODIE}`), "2");
    expect(page.error()).toBeNull();
    await page.submit();
    expect(page.error()).toBe(returnMessages.chooseReason);
    expect(page.posted).toHaveLength(0);
  });

  it("counts the comment's characters", () => {
    const page = renderPage();
    const comment = page.container.querySelector<HTMLTextAreaElement>("textarea[name=comment]");
    if (!comment) throw new Error("no comment field");

    page.choose(comment, "Sleeves too short");
    expect(page.container.textContent).toContain(`17/${RETURN_COMMENT_MAX_LENGTH}`);
    expect(comment.maxLength).toBe(RETURN_COMMENT_MAX_LENGTH);
  });

  it("posts the contract's field names and keeps every choice when the server refuses", async () => {
    const refusal = "Size XL of Eclipse Hoodie is not in stock, so it cannot be exchanged for now.";
    const page = renderPage(refusal);
    const comment = page.container.querySelector<HTMLTextAreaElement>("textarea[name=comment]");
    if (!comment) throw new Error("no comment field");

    page.choose(page.select(`quantity.${HOODIE}`), "2");
    page.choose(page.select("reason"), "too_small");
    page.choose(comment, "Runs small");
    act(() => page.radio("exchange").click());
    page.choose(page.select(`exchangeSize.${HOODIE}`), "XL");
    await page.submit();

    expect(page.posted).toHaveLength(1);
    const [posted] = page.posted;
    expect(Object.fromEntries(posted?.entries() ?? [])).toEqual({
      [`quantity.${HOODIE}`]: "2",
      [`quantity.${TEE}`]: "0",
      [`exchangeSize.${HOODIE}`]: "XL",
      reason: "too_small",
      comment: "Runs small",
      resolution: "exchange",
    });
    expect(page.error()).toBe(refusal);
    expect(page.select(`quantity.${HOODIE}`).value).toBe("2");
    expect(page.select("reason").value).toBe("too_small");
    expect(comment.value).toBe("Runs small");
    expect(page.radio("exchange").checked).toBe(true);
    expect(page.select(`exchangeSize.${HOODIE}`).value).toBe("XL");
  });
});
