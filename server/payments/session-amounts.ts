import { taxAmount } from "../../core/tax";
import type { CreateCheckoutSessionInput } from "./payment-provider";

/**
 * A bug guard, run by every provider before it opens a page: the session must charge exactly the
 * order's total and carry exactly its VAT. The lines (after the coupon) and shipping add up to the
 * total, with the VAT on top in exclusive mode; each part's VAT is what core/tax.ts gives for its
 * amount, which is also what Stripe computes per line item, and the parts' VAT adds up to the
 * order's. Throws otherwise, so a page that would charge a wrong amount is never shown.
 */
export function assertAddsUpToTotal(input: CreateCheckoutSessionInput): void {
  const fail = (problem: string): never => {
    throw new Error(`checkout session for order ${input.orderId}: ${problem}`);
  };
  const parts = [
    ...input.lineItems.map((line) => ({ ...line, amountCents: line.unitAmountCents * line.quantity })),
    { ...input.shipping, name: input.shipping.label, quantity: 1 },
  ];
  const amounts = [
    input.totalCents,
    input.tax?.amountCents ?? 0,
    input.tax?.rateBasisPoints ?? 0,
    ...parts.flatMap((part) => [part.amountCents, part.quantity, part.taxCents]),
    ...input.lineItems.map((line) => line.unitAmountCents),
  ];
  if (!amounts.every((amount) => Number.isSafeInteger(amount) && amount >= 0)) {
    fail("amounts must be whole, non-negative cents");
  }
  if (input.lineItems.length === 0 || input.lineItems.some((line) => line.quantity < 1)) {
    fail("needs at least one line, each with quantity >= 1");
  }

  const { tax } = input;
  const charged = parts.reduce((sum, part) => sum + part.amountCents, 0);
  const addedTax = tax?.behavior === "exclusive" ? tax.amountCents : 0;
  if (charged + addedTax !== input.totalCents) {
    fail(
      `does not add up: lines and shipping ${charged} + VAT added ${addedTax} = ${charged + addedTax}, ` +
        `but the order total is ${input.totalCents}`,
    );
  }
  for (const part of parts) {
    const expected = tax ? taxAmount(part.amountCents, tax.rateBasisPoints, tax.behavior).taxCents : 0;
    if (part.taxCents !== expected) {
      fail(`VAT does not add up: "${part.name}" carries ${part.taxCents}, its rate gives ${expected}`);
    }
  }
  const partsTax = parts.reduce((sum, part) => sum + part.taxCents, 0);
  if (partsTax !== (tax?.amountCents ?? 0)) {
    fail(`VAT does not add up: the parts carry ${partsTax}, the order ${tax?.amountCents ?? 0}`);
  }
}
