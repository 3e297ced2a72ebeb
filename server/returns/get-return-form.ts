import { and, eq } from "drizzle-orm";
import { paidLine, returnMessages } from "../../core/returns";
import { AppError } from "../app-error";
import { toResponsiveImage } from "../catalog/product-view";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { order } from "../db/schema";
import type { Storage } from "../storage/storage";
import { listReturnReasons } from "./request-return";
import { exchangeSizes, lineBlocker, loadReturnableLines, orderReturnability } from "./return-lines";
import type { ReturnForm } from "./return-views";

/**
 * What the return form of one of the customer's orders shows: every line with what may still be
 * returned of it (or why not) and the other sizes in stock for an exchange. Another customer's
 * order is "not found"; an order that cannot be returned says why (409).
 */
export async function getReturnForm(options: {
  db: Database;
  storage: Storage;
  config: Pick<Config, "returnWindowDays" | "locale" | "timeZone">;
  userId: string;
  orderId: string;
}): Promise<ReturnForm> {
  const { db, storage, config, userId, orderId } = options;
  const [row] = await db
    .select()
    .from(order)
    .where(and(eq(order.id, orderId), eq(order.userId, userId)));
  if (!row) throw new AppError("order_not_found", returnMessages.orderNotFound, 404);
  const returnability = orderReturnability(row, config, new Date());
  if (!returnability.ok) throw new AppError("not_returnable", returnability.message, 409);

  const lines = await loadReturnableLines(db, [row.id]);
  const exchanges = await exchangeSizes(
    db,
    lines.map((line) => line.item),
  );
  const reasons = await listReturnReasons(db);
  return {
    orderId: row.id,
    orderNumber: row.orderNumber,
    currency: row.currency,
    deliveredAt: (row.deliveredAt ?? row.updatedAt).toISOString(),
    windowEndsAt: returnability.windowEndsAt.toISOString(),
    windowDays: config.returnWindowDays,
    reasons,
    lines: lines.map((line) => {
      const { item } = line;
      const paid = paidLine(item, row.pricesIncludeTax);
      return {
        orderItemId: item.id,
        productName: item.productName,
        size: item.size,
        color: item.color,
        image: item.productImage ? toResponsiveImage(storage, item.productImage) : null,
        unitPaidCents: Math.round(paid.paidCents / item.quantity),
        quantityBought: item.quantity,
        returnable: line.finalSale ? 0 : line.returnable,
        unavailableReason: lineBlocker(line),
        // another size of the same colour only (docs/ARCHITECTURE.md#colours)
        exchangeSizes: (exchanges.get(item.id) ?? []).map((size) => size.size),
      };
    }),
  };
}
