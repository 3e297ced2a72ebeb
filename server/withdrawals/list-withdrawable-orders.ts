import type { ResponsiveImage } from "../../core/images";
import { toResponsiveImage } from "../catalog/product-view";
import type { Database } from "../db/client";
import type { Storage } from "../storage/storage";
import { paidOrdersOf, periodOf, type WithdrawalConfig, withdrawableLines } from "./withdrawal-lines";

/** An order the customer may withdraw from now, as /withdraw offers it. */
export interface WithdrawableOrder {
  id: string;
  orderNumber: string;
  placedAt: string;
  /** Shipped: the goods come back (items may be chosen); not shipped: the order is cancelled. */
  shipped: boolean;
  /** The period's last moment (ISO); null while the order is not delivered. */
  endsAt: string | null;
  totalCents: number;
  /** The order's currency (ISO 4217), which totalCents is in. */
  currency: string;
  /** The units no return holds yet, per line (shipped orders only). */
  lines: Array<{
    orderItemId: string;
    productName: string;
    size: string;
    color: string | null;
    image: ResponsiveImage | null;
    withdrawable: number;
  }>;
}

/** The customer's orders that can be withdrawn from now, newest first. */
export async function listWithdrawableOrders(options: {
  db: Database;
  storage: Storage;
  config: WithdrawalConfig;
  userId: string;
}): Promise<WithdrawableOrder[]> {
  const { db, storage, config } = options;
  const now = new Date();
  const open = (await paidOrdersOf(db, options.userId)).flatMap((row) => {
    const period = periodOf(row, config, now);
    return period.open ? [{ row, period }] : [];
  });
  const orders = await Promise.all(
    open.map(async ({ row, period }) => {
      const lines = await withdrawableLines(db, row.id);
      return {
        id: row.id,
        orderNumber: row.orderNumber,
        placedAt: row.createdAt.toISOString(),
        shipped: period.shipped,
        endsAt: period.endsAt?.toISOString() ?? null,
        totalCents: row.totalCents,
        currency: row.currency,
        lines: lines.map(({ item, returnable }) => ({
          orderItemId: item.id,
          productName: item.productName,
          size: item.size,
          color: item.color,
          image: item.productImage ? toResponsiveImage(storage, item.productImage) : null,
          withdrawable: returnable,
        })),
      };
    }),
  );
  // a shipped order whose every unit is in a return already has nothing left to withdraw
  return orders.filter((entry) => !entry.shipped || entry.lines.length > 0);
}
