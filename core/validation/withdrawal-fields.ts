// The names of /withdraw's quantity fields (core/validation/withdrawal-actions.ts reads them): the
// units of each order line, `quantity.<order item id>`. Free of zod, so the order picker can name
// its fields without downloading the action's schema (docs/PERFORMANCE.md#first-load-javascript).

export const WITHDRAWAL_QUANTITY_PREFIX = "quantity.";

export const withdrawalQuantityField = (orderItemId: string) => `${WITHDRAWAL_QUANTITY_PREFIX}${orderItemId}`;
