import { eq } from "drizzle-orm";
import type { ReturnItemCondition } from "../../core/returns";
import { returnConditionsSchema } from "../../core/validation/returns";
import { parseInput } from "../app-error";
import { returnStock } from "../checkout/reserve-stock";
import type { Transaction } from "../db/client";
import { returnItem } from "../db/schema";
import type { BackInStockMailConfig } from "../stock-alerts/alert-variant";
import { loadReturnItems } from "./return-lines";
import { type AdminReturnStep, type ReturnStepResult, runAdminStep } from "./return-workflow";

/**
 * The parcel has arrived: each line is sellable (its units go back to stock, in the size sold) or
 * damaged (they do not). Every line needs its condition.
 */
export function markReturnReceived(
  options: AdminReturnStep & { conditions: Record<string, string> },
): Promise<ReturnStepResult> {
  return runAdminStep(options, { to: "received", action: "marked received" }, async (tx, locked, move) => {
    const note = await recordConditions(tx, locked.ret.id, options.conditions, options.services.config);
    const emailId = await move({ update: { state: "received", resolution: locked.ret.resolution }, note });
    return { emailId, message: `Return ${locked.ret.rmaNumber} marked received` };
  });
}

/**
 * Records each line's condition and puts the sellable units back in stock; the event's note
 * ("2 sellable (back in stock), 0 damaged").
 */
export async function recordConditions(
  tx: Transaction,
  returnId: string,
  posted: Record<string, string>,
  /** A size back in stock e-mails those waiting for it (docs/BACK-IN-STOCK.md). */
  config: BackInStockMailConfig,
): Promise<string> {
  const items = await loadReturnItems(tx, returnId);
  const chosen = parseInput(
    returnConditionsSchema(items.map(({ ret }) => ret.id)),
    posted,
    "condition_required",
  );
  const conditions = items.map(({ ret }) => chosen[ret.id] as ReturnItemCondition);
  const sellable = items.filter((_, index) => conditions[index] === "sellable");
  await returnStock(
    tx,
    sellable.map(({ ret, line }) => ({ ...line, quantity: ret.quantity })),
    { config },
  );
  for (const [index, { ret }] of items.entries()) {
    await tx.update(returnItem).set({ condition: conditions[index] }).where(eq(returnItem.id, ret.id));
  }
  const units = (condition: ReturnItemCondition) =>
    items.reduce((total, { ret }, index) => total + (conditions[index] === condition ? ret.quantity : 0), 0);
  return `${units("sellable")} sellable (back in stock), ${units("damaged")} damaged`;
}
