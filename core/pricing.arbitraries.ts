// Random carts and coupons for the property tests of pricing and VAT.
import fc from "fast-check";
import type { CouponTerms } from "./coupon";

export const cartLines = fc.array(
  fc.record({ priceCents: fc.integer({ min: 0, max: 500_000 }), quantity: fc.integer({ min: 1, max: 99 }) }),
  { minLength: 1, maxLength: 20 },
);

export const coupons: fc.Arbitrary<CouponTerms | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    discountType: fc.constant("percentage" as const),
    percentBasisPoints: fc.integer({ min: 1, max: 10_000 }),
    amountOffCents: fc.constant(null),
    minimumOrderCents: fc.constant(0),
  }),
  fc.record({
    discountType: fc.constant("fixed" as const),
    percentBasisPoints: fc.constant(null),
    amountOffCents: fc.integer({ min: 1, max: 10_000_000 }),
    minimumOrderCents: fc.constant(0),
  }),
);
