// Returns and exchanges (docs/RETURNS.md): the states, the rules a request must meet and the money
// a refund gives back. Shared by the server, the account pages and the admin.
import { type BadgeTone, statusTone } from "./order";
import { mulDivHalfUp } from "./tax";

export const RETURN_STATES = [
  "requested",
  "approved",
  "rejected",
  "received",
  "refunded",
  "exchanged",
  "cancelled",
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** "voluntary": the store's 30-day returns (a reason, may be rejected); "withdrawal": the 14-day statutory right. */
export const RETURN_KINDS = ["voluntary", "withdrawal"] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/** The reason a withdrawal's return carries: not offered in the return form (no reason is asked). */
export const WITHDRAWAL_REASON_CODE = "withdrawal";

export const RETURN_RESOLUTIONS = ["refund", "exchange"] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

export const RETURN_ITEM_CONDITIONS = ["sellable", "damaged"] as const;
export type ReturnItemCondition = (typeof RETURN_ITEM_CONDITIONS)[number];

/** The states an admin still has to act on ("waiting" in the admin's count). */
export const WAITING_RETURN_STATES = [
  "requested",
  "approved",
  "received",
] as const satisfies readonly ReturnState[];

/** A return in these states no longer holds the units it named: they may be returned again. */
export const CLOSED_UNSUCCESSFUL_STATES = ["rejected", "cancelled"] as const satisfies readonly ReturnState[];

/** Which state may follow which, and who moves it there. */
export const RETURN_TRANSITIONS: Record<ReturnState, readonly ReturnState[]> = {
  requested: ["approved", "rejected", "cancelled"],
  approved: ["received"],
  rejected: [],
  received: ["refunded", "exchanged"],
  refunded: [],
  exchanged: [],
  cancelled: [],
};

export function canMoveReturn(from: ReturnState, to: ReturnState): boolean {
  return RETURN_TRANSITIONS[from].includes(to);
}

export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: "Requested",
  approved: "Approved",
  rejected: "Rejected",
  received: "Received",
  refunded: "Refunded",
  exchanged: "Exchanged",
  cancelled: "Cancelled",
};

export function returnStateTone(state: ReturnState): BadgeTone {
  return statusTone(
    {
      requested: "amber",
      approved: "blue",
      received: "indigo",
      refunded: "green",
      exchanged: "green",
      rejected: "red",
    },
    state,
    "gray",
  );
}

export const RETURN_COMMENT_MAX_LENGTH = 1000;
export const RETURN_REJECTION_MAX_LENGTH = 500;

/** What the customer and the admin are told when a return cannot go ahead. */
export const returnMessages = {
  requestFailed: "Failed to submit your return. Please try again.",
  actionFailed: "Failed to update the return. Please try again.",
  notFound: "Return not found.",
  orderNotFound: "Order not found.",
  notDelivered: "Items can be returned once the order has been delivered.",
  returnsOff: "This shop does not take returns online; please contact us.",
  notPaid: "This order has no payment to return items against.",
  replacement: "This order replaced items from an earlier return; please contact us to return it.",
  windowClosed: (days: number, endedOn: string) =>
    `The ${days}-day return window for this order ended on ${endedOn}.`,
  finalSale: "Final sale: this item cannot be returned.",
  allReturned: "Already in a return.",
  productGone: "This product is no longer sold, so it cannot be exchanged.",
  chooseItems: "Choose at least one item to return.",
  tooMany: (name: string, size: string, left: number) =>
    left === 0
      ? `${name} (size ${size}) is already in a return.`
      : `Only ${left} of ${name} (size ${size}) can still be returned.`,
  chooseReason: "Choose a reason for the return.",
  commentTooLong: `The comment can be at most ${RETURN_COMMENT_MAX_LENGTH} characters.`,
  chooseResolution: "Choose a refund or an exchange.",
  chooseExchangeSize: (name: string) => `Choose the size you want instead of ${name}.`,
  exchangeSizeUnavailable: (name: string, size: string) =>
    `Size ${size} of ${name} is not in stock, so it cannot be exchanged for now.`,
  notAllowed: (from: ReturnState, action: string) =>
    `This return is ${RETURN_STATE_LABELS[from].toLowerCase()}, so it cannot be ${action}.`,
  rejectionRequired: "Give the customer a reason for the rejection.",
  rejectionTooLong: `The reason can be at most ${RETURN_REJECTION_MAX_LENGTH} characters.`,
  conditionRequired: "Say for every item whether it can be sold again or is damaged.",
  refundFailed: (reason: string) =>
    `Refund failed: ${reason.replace(/[.\s]+$/, "")}. The return is still received; you can try again.`,
  orderRefunded: (orderNumber: string, action: string) =>
    `Order ${orderNumber} was cancelled and refunded in full, so this return cannot be ${action}.`,
  closedByFullRefund: (orderNumber: string) =>
    `Order ${orderNumber} was cancelled and refunded in full, so this return is closed: every item's price is already on its way back to you.`,
  exchangeStockGone: (name: string, size: string) =>
    `Size ${size} of ${name} is no longer in stock: reject the exchange or ask the customer for another size.`,
} as const;

/** The last moment a delivered order can be returned: delivered + window days. */
export function returnWindowEnd(deliveredAt: Date, windowDays: number): Date {
  return new Date(deliveredAt.getTime() + windowDays * 24 * 60 * 60 * 1000);
}

/** A line as sold, with what the customer actually paid for it. */
export interface PaidLine {
  quantity: number;
  /** After the line's share of the coupon: VAT included (inclusive prices) or net + tax (exclusive). */
  paidCents: number;
  taxCents: number;
}

/**
 * What giving back `units` more units of a line refunds, when `alreadyRefunded` units of it were
 * refunded before: the line's paid amount is shared over its units so that refunding every unit,
 * in any number of returns, gives back exactly what was paid (no cent lost or added by rounding).
 */
export function lineRefund(
  line: PaidLine,
  alreadyRefunded: number,
  units: number,
): { cents: number; taxCents: number } {
  if (units <= 0 || alreadyRefunded < 0 || alreadyRefunded + units > line.quantity) {
    throw new RangeError(
      `cannot refund ${units} more of ${line.quantity} units (${alreadyRefunded} refunded)`,
    );
  }
  const share = (count: number, total: number) => mulDivHalfUp(total, count, line.quantity);
  return {
    cents: share(alreadyRefunded + units, line.paidCents) - share(alreadyRefunded, line.paidCents),
    taxCents: share(alreadyRefunded + units, line.taxCents) - share(alreadyRefunded, line.taxCents),
  };
}

/** What a line cost the customer: gross after its coupon share, VAT included either way. */
export function paidLine(
  item: { priceCents: number; quantity: number; discountCents: number; netCents: number; taxCents: number },
  pricesIncludeTax: boolean,
): PaidLine {
  const paidCents = pricesIncludeTax
    ? item.priceCents * item.quantity - item.discountCents
    : item.netCents + item.taxCents;
  return { quantity: item.quantity, paidCents, taxCents: item.taxCents };
}

/** Shipping as charged: with its VAT when prices exclude it. */
export function paidShipping(order: {
  shippingCents: number;
  shippingTaxCents: number;
  pricesIncludeTax: boolean;
}): {
  cents: number;
  taxCents: number;
} {
  return {
    cents: order.shippingCents + (order.pricesIncludeTax ? 0 : order.shippingTaxCents),
    taxCents: order.shippingTaxCents,
  };
}
