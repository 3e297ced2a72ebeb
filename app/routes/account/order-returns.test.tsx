// @vitest-environment happy-dom
import { act } from "react";
import { describe, expect, it } from "vitest";
import type { CustomerOrder } from "../../../server/orders/list-customer-orders";
import type { ReturnView } from "../../../server/returns/return-views";
import { renderRoutes, settleRouter } from "../../../tests/setup/render-route";
import { OrderReturns } from "./order-returns";

const ORDER_ID = "44444444-4444-4444-8444-444444444444";

function aReturn(overrides: Partial<ReturnView>): ReturnView {
  return {
    id: "55555555-5555-4555-8555-555555555555",
    kind: "voluntary",
    withdrawal: null,
    proofOfSending: null,
    rmaNumber: "RMA-20261110-0001",
    state: "requested",
    resolution: "refund",
    reasonLabel: "Too small",
    comment: null,
    rejectionReason: null,
    refundCents: null,
    replacementOrderNumber: null,
    createdAt: "2026-11-10T09:00:00.000Z",
    items: [
      {
        id: "66666666-6666-4666-8666-666666666666",
        orderItemId: "11111111-1111-4111-8111-111111111111",
        productName: "Eclipse Hoodie",
        size: "M",
        color: null,
        image: null,
        quantity: 1,
        exchangeSize: null,
        condition: null,
      },
    ],
    events: [{ state: "requested", at: "2026-11-10T09:00:00.000Z", actorRole: "customer", note: null }],
    ...overrides,
  };
}

/** Only what the returns section reads of an order. */
function anOrder(returns: ReturnView[], returnOffer: CustomerOrder["returnOffer"]) {
  return { id: ORDER_ID, orderNumber: "NOC-20261104-ABCD", returns, returnOffer } as CustomerOrder;
}

/** The section inside a page whose /account/orders action records what it was sent. */
function render(order: CustomerOrder) {
  const posted: Record<string, FormDataEntryValue>[] = [];
  const { container } = renderRoutes(
    [
      {
        path: "/account/orders",
        Component: () => <OrderReturns order={order} />,
        action: async ({ request }) => {
          posted.push(Object.fromEntries(await request.formData()));
          return { intent: "cancel-return", ok: true, message: "Return cancelled." };
        },
      },
    ],
    { initialEntries: ["/account/orders"] },
  );
  const text = () => container.textContent?.replace(/\s+/g, " ") ?? "";
  const button = (name: string) =>
    [...container.querySelectorAll<HTMLElement>("button, a")].find((element) =>
      element.textContent?.includes(name),
    );
  return { container, text, button, posted };
}

describe("the returns in an order's details", () => {
  it("offers Return items inside the window, with its end", () => {
    const page = render(anOrder([], { available: true, windowEndsAt: "2026-12-04T10:00:00.000Z" }));

    expect(page.text()).toContain("Returns accepted until Dec 4, 2026");
    expect(page.button("Return items")?.getAttribute("href")).toBe(`/account/orders/${ORDER_ID}/return`);
  });

  it("says why in the button's place once the window has closed, and nothing for an order not delivered", () => {
    const closed = "The 30-day return window for this order ended on Dec 4, 2026.";
    const page = render(anOrder([], { available: false, message: closed }));
    expect(page.text()).toContain(closed);
    expect(page.button("Return items")).toBeUndefined();

    const notDelivered = render(anOrder([], { available: false, message: null }));
    expect(notDelivered.container.querySelector("section")).toBeNull();
  });

  it("shows a refunded return's lines, amount and history", () => {
    const refunded = aReturn({
      state: "refunded",
      refundCents: 8_900,
      events: [
        { state: "requested", at: "2026-11-10T09:00:00.000Z", actorRole: "customer", note: null },
        { state: "approved", at: "2026-11-11T09:00:00.000Z", actorRole: "admin", note: null },
        { state: "received", at: "2026-11-15T09:00:00.000Z", actorRole: "admin", note: null },
        { state: "refunded", at: "2026-11-16T09:00:00.000Z", actorRole: "admin", note: "$89.00" },
      ],
    });
    const page = render(anOrder([refunded], { available: false, message: null }));

    expect(page.text()).toContain("RMA-20261110-0001");
    const facts = [...page.container.querySelectorAll("dt")].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ["Resolution", "Refund"],
      ["Reason", "Too small"],
    ]);
    expect(page.text()).toContain("Eclipse Hoodie · Size M× 1");
    expect(page.text()).toContain(
      "Refunded $89.00. The money goes back to your original payment method within 5-10 business days.",
    );
    const history = [...page.container.querySelectorAll("ol li")].map((row) => row.textContent);
    expect(history).toEqual([
      "RequestedNov 10, 2026",
      "ApprovedNov 11, 2026",
      "ReceivedNov 15, 2026",
      "RefundedNov 16, 2026",
    ]);
    expect(page.button("Cancel return")).toBeUndefined();
  });

  it("shows an exchange's sizes, a rejection's reason and a replacement order", () => {
    const exchange = aReturn({
      id: "77777777-7777-4777-8777-777777777777",
      state: "exchanged",
      resolution: "exchange",
      replacementOrderNumber: "NOC-20261120-WXYZ",
      items: [{ ...aReturn({}).items[0]!, exchangeSize: "L" }],
    });
    const rejected = aReturn({ state: "rejected", rejectionReason: "The tags were removed." });
    const page = render(anOrder([rejected, exchange], { available: false, message: null }));

    expect(page.text()).toContain("Not accepted: The tags were removed.");
    expect(page.text()).toContain("Exchange for size L");
    expect(page.text()).toContain("Size M → size L");
    expect(page.text()).toContain("Your new size ships with order NOC-20261120-WXYZ.");
  });

  it("cancels a requested return only after the customer confirms", async () => {
    const page = render(
      anOrder([aReturn({})], { available: true, windowEndsAt: "2026-12-04T10:00:00.000Z" }),
    );

    act(() => page.button("Cancel return")?.click());
    expect(page.posted).toHaveLength(0);
    expect(page.text()).toContain("Cancel return RMA-20261110-0001?");
    await act(async () => {
      page.button("Yes, cancel return")?.click();
      await settleRouter();
    });
    expect(page.posted).toEqual([
      { intent: "cancel-return", returnId: "55555555-5555-4555-8555-555555555555" },
    ]);
  });
});
