// The consumer's right of withdrawal (Art. 9-16 and 11a of the Consumer Rights Directive 2011/83/EU;
// docs/LEGAL.md#withdrawal): when it may be used, the statement the consumer confirms, and what the
// store answers. Shared by the /withdraw page, the server and the e-mails.
import type { Seller } from "./seller";

/** 14 days from delivery (Art. 9(2)(b) CRD); the refund is due 14 days after the statement (Art. 13). */
export const WITHDRAWAL_PERIOD_DAYS = 14;
export const WITHDRAWAL_REFUND_DAYS = 14;

/** Before shipping the order is cancelled; after, the goods come back through a return. */
export const WITHDRAWAL_OUTCOMES = ["cancelled", "return"] as const;
export type WithdrawalOutcome = (typeof WITHDRAWAL_OUTCOMES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/** Whole days from `now` until `due`, rounded up; negative when overdue. */
export function daysLeft(due: Date, now: Date): number {
  return Math.ceil((due.getTime() - now.getTime()) / DAY_MS);
}

export type WithdrawalPeriod =
  /** endsAt: null while the order is not delivered (the period has not started). */
  { open: true; endsAt: Date | null; shipped: boolean } | { open: false; reason: string };

export const withdrawalMessages = {
  notPaid: "This order has not been paid, so there is nothing to withdraw from: cancel it in My Orders.",
  cancelled: "This order is cancelled already.",
  refunded: "This order has been refunded in full already.",
  replacement: "This order replaced items of an earlier return: please contact us.",
  periodEnded: (endedOn: string) => `The 14-day withdrawal period for this order ended on ${endedOn}.`,
  nothingLeft: "Every item of this order is already being returned or was withdrawn.",
  chooseOrder: "Choose the order you withdraw from.",
  chooseItems: "Choose at least one item, or withdraw from the whole order.",
  tooMany: (name: string, size: string, left: number) =>
    `Only ${left} of ${name} (size ${size}) can still be withdrawn.`,
  nameRequired: "Please enter your name.",
  orderNumberRequired: "Please enter your order number.",
  emailRequired: "Please enter the e-mail address the order was placed with.",
  failed: "Failed to send your withdrawal. Please try again.",
  /** The signed-out answer: the same whether or not such an order exists. */
  guestReceived: (orderNumber: string, email: string) =>
    `Thank you. If ${orderNumber} is an order placed with ${email} that can still be withdrawn from, your withdrawal has been received and a confirmation of receipt, with what happens next, is on its way to that address.`,
} as const;

/**
 * Whether the consumer may withdraw from an order now: a paid order (not cancelled, not refunded in
 * full, not an exchange's replacement) until 14 days after its delivery, and always before it.
 */
export function withdrawalPeriod(
  order: { status: string; paymentStatus: string; paymentMethod: string; deliveredAt: Date | null },
  now: Date,
  formatDate: (value: Date) => string,
): WithdrawalPeriod {
  if (order.paymentStatus === "refunded") return { open: false, reason: withdrawalMessages.refunded };
  if (order.status === "cancelled") return { open: false, reason: withdrawalMessages.cancelled };
  if (order.paymentStatus !== "paid" && order.paymentStatus !== "partially_refunded") {
    return { open: false, reason: withdrawalMessages.notPaid };
  }
  if (order.paymentMethod === "exchange") return { open: false, reason: withdrawalMessages.replacement };
  const shipped = order.status === "shipped" || order.status === "delivered";
  if (order.status !== "delivered" || !order.deliveredAt) return { open: true, endsAt: null, shipped };
  const endsAt = addDays(order.deliveredAt, WITHDRAWAL_PERIOD_DAYS);
  if (now > endsAt) return { open: false, reason: withdrawalMessages.periodEnded(formatDate(endsAt)) };
  return { open: true, endsAt, shipped };
}

export interface StatementLine {
  productName: string;
  size: string;
  quantity: number;
}

/**
 * The withdrawal statement, exactly as the "Confirm withdrawal" step shows it and the store records
 * and acknowledges it (after Annex I(B) CRD). `lines` null: the whole order.
 */
export function withdrawalStatement(options: {
  seller: Pick<Seller, "legalName" | "address" | "email">;
  storeName: string;
  orderNumber: string;
  lines: readonly StatementLine[] | null;
  name: string;
  email: string;
}): string {
  const { seller } = options;
  const to = [seller.legalName || options.storeName, seller.address, seller.email].filter(Boolean).join(", ");
  const goods = options.lines
    ? options.lines.map((line) => `- ${line.quantity} × ${line.productName}, size ${line.size}`)
    : [`- all goods of order ${options.orderNumber}`];
  return [
    `To: ${to}`,
    "",
    "I hereby give notice that I withdraw from my contract of sale of the following goods:",
    ...goods,
    "",
    `Order: ${options.orderNumber}`,
    `Name: ${options.name}`,
    `E-mail: ${options.email}`,
  ].join("\n");
}

export const PROOF_OF_SENDING_MAX_LENGTH = 300;

export const proofMessages = {
  required: "Say what proves the sending, such as the carrier and tracking number.",
  tooLong: `The proof can be at most ${PROOF_OF_SENDING_MAX_LENGTH} characters.`,
} as const;
