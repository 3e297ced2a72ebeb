import { SHIPPING_DAYS } from "../../core/delivery";
import { formatMoney, type MoneySettings } from "../../core/money";
import { sizedName } from "../../core/product";
import { allocateProportionally } from "../../core/tax";
import type { Order, OrderItem } from "../db/schema";
import type { CheckoutLineItem, CreateCheckoutSessionInput } from "../payments/payment-provider";
import { orderTax } from "./order-summary";

type PaidOrder = Pick<
  Order,
  | "couponCode"
  | "discountCents"
  | "shippingMethod"
  | "shippingCents"
  | "shippingTaxCents"
  | "taxCents"
  | "taxCountry"
  | "taxRateBasisPoints"
  | "pricesIncludeTax"
  | "taxSummary"
>;
type PaidItem = Pick<
  OrderItem,
  "productName" | "size" | "productImage" | "priceCents" | "quantity" | "discountCents" | "taxCents"
> & { color?: string | null };

/**
 * What the provider's page charges, as the order priced it (core/pricing.ts): each line after its
 * share of the coupon, shipping as a line of its own, and the order's VAT. The provider is given no
 * discount to spread, so its lines and VAT are the order's to the cent.
 */
export function paymentLines(options: {
  order: PaidOrder;
  items: PaidItem[];
  /** The product picture's public address, when it has one a provider may show. */
  imageUrl: (imageId: string) => string | undefined;
  /** The order's currency and the store's locale, for the coupon's share in a line's description. */
  money: MoneySettings;
}): Pick<CreateCheckoutSessionInput, "lineItems" | "shipping" | "tax"> {
  const { order, items } = options;
  const shares = discountShares(order, items);
  const tax = orderTax(order);
  return {
    lineItems: items.map((item, index) => {
      const imageUrl = item.productImage ? options.imageUrl(item.productImage) : undefined;
      return { ...discountedLine(item, shares[index] ?? 0, order.couponCode, options.money), imageUrl };
    }),
    shipping: {
      label: `Shipping: ${order.shippingMethod}`,
      description: SHIPPING_DAYS,
      amountCents: order.shippingCents,
      taxCents: order.shippingTaxCents,
    },
    tax: tax && {
      behavior: tax.mode,
      country: tax.country,
      countryName: tax.countryName,
      rateBasisPoints: tax.rateBasisPoints,
      amountCents: order.taxCents,
    },
  };
}

/**
 * Each line's share of the coupon. Lines keep theirs since the store charges VAT; an order placed
 * before that (no tax country) kept only the order's discount, which is spread the way core/pricing
 * spreads it.
 */
function discountShares(order: PaidOrder, items: PaidItem[]): number[] {
  if (order.taxCountry !== null) return items.map((item) => item.discountCents);
  return allocateProportionally(
    order.discountCents,
    items.map((item) => item.priceCents * item.quantity),
  );
}

/**
 * A line after its discount. When the discount splits evenly over the units the quantity stays;
 * otherwise the line goes as one unit of its whole amount ("Hoodie (M) × 3"), since a unit price
 * with a fraction of a cent cannot be charged.
 */
function discountedLine(
  item: PaidItem,
  discountCents: number,
  couponCode: string | null,
  money: MoneySettings,
): Omit<CheckoutLineItem, "imageUrl"> {
  const name = sizedName(item.productName, item.size, item.color);
  const amountCents = item.priceCents * item.quantity - discountCents;
  const isEvenSplit = discountCents % item.quantity === 0;
  const description =
    discountCents > 0
      ? `${["Coupon", couponCode].filter(Boolean).join(" ")}: −${formatMoney(discountCents, money)}`
      : undefined;
  return {
    name: isEvenSplit ? name : `${name} × ${item.quantity}`,
    unitAmountCents: isEvenSplit ? amountCents / item.quantity : amountCents,
    quantity: isEvenSplit ? item.quantity : 1,
    ...(description ? { description } : {}),
    taxCents: item.taxCents,
  };
}
