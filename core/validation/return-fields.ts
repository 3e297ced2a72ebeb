// The names of the return request form's fields (core/validation/returns.ts reads them): one line per
// order item, `quantity.<orderItemId>` (0 = not returned) and, for an exchange,
// `exchangeSize.<orderItemId>`. Free of zod, so the form can name its fields without downloading
// the schema that checks them (docs/PERFORMANCE.md#first-load-javascript).

export const RETURN_QUANTITY_PREFIX = "quantity.";
const EXCHANGE_SIZE_PREFIX = "exchangeSize.";

export const returnFieldNames = {
  quantity: (orderItemId: string) => `${RETURN_QUANTITY_PREFIX}${orderItemId}`,
  exchangeSize: (orderItemId: string) => `${EXCHANGE_SIZE_PREFIX}${orderItemId}`,
} as const;
