import { and, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { stockAlert } from "../db/schema";

/** A signed-out request nobody confirmed is forgotten after this many days (its link stops working). */
const UNCONFIRMED_ALERT_DAYS = 7;
/** A request that was mailed (or closed because the size came back) is kept this long, then deleted. */
const NOTIFIED_ALERT_DAYS = 30;

/**
 * Deletes the back-in-stock requests the store has no more use for (docs/BACK-IN-STOCK.md): those
 * never confirmed after a week, and those already mailed after a month (kept that long so the
 * customer's data export and support can still say when the alert went out). Confirmed requests
 * waiting for their size are kept until it is back, or the size or the account is deleted.
 * Safe in several processes. Resolves with how many rows went.
 */
export async function sweepStockAlerts(options: { db: Database }): Promise<{ deleted: number }> {
  const olderThan = (days: number) => sql`now() - make_interval(days => ${days}::integer)`;
  const deleted = await options.db
    .delete(stockAlert)
    .where(
      or(
        and(
          isNull(stockAlert.confirmedAt),
          isNull(stockAlert.notifiedAt),
          lt(stockAlert.createdAt, olderThan(UNCONFIRMED_ALERT_DAYS)),
        ),
        and(isNotNull(stockAlert.notifiedAt), lt(stockAlert.notifiedAt, olderThan(NOTIFIED_ALERT_DAYS))),
      ),
    )
    .returning({ id: stockAlert.id });
  return { deleted: deleted.length };
}
