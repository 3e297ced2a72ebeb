// The sale fields of the admin product form (docs/PRICING.md#sale-prices): an optional sale price
// with an optional window. The browser converts the admin's local date and time to an absolute
// instant (as the coupon expiry does), so the schema reads instants only.
import { z } from "zod";
import { parseAmountToCents } from "../money";
import { optionalText } from "./form-schema";

export const saleMessages = {
  invalidSalePrice: "Sale price must be a number of at least 0 with at most 2 decimals",
  salePriceNotBelow: "Sale price must be below the regular price",
  invalidSaleStart: "Please choose a valid date and time for the sale's start",
  invalidSaleEnd: "Please choose a valid date and time for the sale's end",
  saleEndBeforeStart: "The sale must end after it starts",
} as const;

const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Empty (no bound) or an absolute instant (ISO 8601 with Z or an offset). */
const isInstantOrEmpty = (text: string) =>
  text === "" || (INSTANT_PATTERN.test(text) && !Number.isNaN(Date.parse(text)));

const instantOrNull = (text: string) => (text ? new Date(text) : null);

/** A product's sale settings as saved (the product row's sale columns). */
export interface SaleInput {
  salePriceCents: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
}

export const NO_SALE: SaleInput = { salePriceCents: null, saleStartsAt: null, saleEndsAt: null };

/** The form's fields as posted: all optional texts. */
export const saleFormFields = {
  salePrice: optionalText,
  saleStartsAt: optionalText,
  saleEndsAt: optionalText,
};

/** The sale as saved: no sale price means no sale, whatever the dates say ("Remove sale" clears the price). */
export const saleSchema = z
  .object({
    // a number field may hand over ".5"
    salePrice: z.string().transform((price, context) => {
      if (price === "") return null;
      const cents = parseAmountToCents(price.startsWith(".") ? `0${price}` : price);
      if (cents === null) {
        context.addIssue({ code: "custom", message: saleMessages.invalidSalePrice });
        return z.NEVER;
      }
      return cents;
    }),
    saleStartsAt: z.string().trim(),
    saleEndsAt: z.string().trim(),
  })
  // the dates are read only with a sale price: clearing the price removes the sale, dates and all
  .superRefine(({ salePrice, saleStartsAt, saleEndsAt }, context) => {
    if (salePrice === null) return;
    if (!isInstantOrEmpty(saleStartsAt))
      context.addIssue({ code: "custom", path: ["saleStartsAt"], message: saleMessages.invalidSaleStart });
    else if (!isInstantOrEmpty(saleEndsAt))
      context.addIssue({ code: "custom", path: ["saleEndsAt"], message: saleMessages.invalidSaleEnd });
    else if (saleStartsAt && saleEndsAt && Date.parse(saleEndsAt) <= Date.parse(saleStartsAt))
      context.addIssue({ code: "custom", path: ["saleEndsAt"], message: saleMessages.saleEndBeforeStart });
  })
  .transform(
    ({ salePrice, saleStartsAt, saleEndsAt }): SaleInput =>
      salePrice === null
        ? NO_SALE
        : {
            salePriceCents: salePrice,
            saleStartsAt: instantOrNull(saleStartsAt),
            saleEndsAt: instantOrNull(saleEndsAt),
          },
  );

/** The check that needs the regular price too: a sale price is a reduction. */
export function salePriceProblem(input: {
  priceCents: number;
  salePriceCents: number | null;
}): string | null {
  return input.salePriceCents !== null && input.salePriceCents >= input.priceCents
    ? saleMessages.salePriceNotBelow
    : null;
}
