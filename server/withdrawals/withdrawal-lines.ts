// What a withdrawal may cover of an order: its lines with the units no return holds yet (final sale
// does not matter here: the statutory right covers every item the store sells).
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { createDateFormat } from "../../core/store-dates";
import { withdrawalPeriod } from "../../core/withdrawal";
import type { Config } from "../config";
import type { Database, Transaction } from "../db/client";
import { type Order, order, user } from "../db/schema";
import { loadReturnableLines, type ReturnableLine } from "../returns/return-lines";

export type WithdrawalConfig = Pick<Config, "locale" | "timeZone" | "storeName" | "seller">;

/** The store's date format for statements and e-mails. */
export const storeDates = (config: Pick<Config, "locale" | "timeZone">) =>
  createDateFormat({ locale: config.locale, timeZone: config.timeZone });

/** The period of an order now, its dates written in the store's format. */
export function periodOf(order: Order, config: Pick<Config, "locale" | "timeZone">, now = new Date()) {
  return withdrawalPeriod(order, now, (value) => storeDates(config).date(value));
}

/** The lines of an order that can still be withdrawn from (some units not in any return). */
export async function withdrawableLines(
  db: Database | Transaction,
  orderId: string,
): Promise<ReturnableLine[]> {
  return (await loadReturnableLines(db, [orderId])).filter((line) => line.returnable > 0);
}

/** A customer's own orders that were paid (the ones withdrawal may concern), newest first. */
export function paidOrdersOf(db: Database, userId: string) {
  return db
    .select()
    .from(order)
    .where(and(eq(order.userId, userId), isNotNull(order.paidAt)))
    .orderBy(sql`${order.createdAt} desc`);
}

/** The order with this number placed from the account with this e-mail (both as typed, case aside). */
export async function findGuestOrder(
  tx: Transaction,
  orderNumber: string,
  email: string,
): Promise<{ order: Order; name: string; email: string } | null> {
  const [row] = await tx
    .select({ order, name: user.name, email: user.email })
    .from(order)
    .innerJoin(user, eq(user.id, order.userId))
    .where(
      and(
        eq(sql`upper(${order.orderNumber})`, orderNumber.trim().toUpperCase()),
        eq(sql`lower(${user.email})`, email.trim().toLowerCase()),
      ),
    );
  return row ?? null;
}
