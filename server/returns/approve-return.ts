import { inArray } from "drizzle-orm";
import { returnMessages } from "../../core/returns";
import { AppError } from "../app-error";
import { takeStock } from "../checkout/reserve-stock";
import type { Transaction } from "../db/client";
import { productVariant } from "../db/schema";
import { loadReturnItems } from "./return-lines";
import { type AdminReturnStep, type ReturnStepResult, runAdminStep } from "./return-workflow";

/** The first of an exchange's lines whose size is gone or has too few units (in id order, as takeStock goes). */
async function firstShortLine<L extends { variantId: string | null; quantity: number }>(
  tx: Transaction,
  lines: readonly L[],
): Promise<L> {
  const ids = lines.flatMap((line) => (line.variantId ? [line.variantId] : []));
  const sizes = ids.length
    ? await tx
        .select({ id: productVariant.id, stock: productVariant.stock, retiredAt: productVariant.retiredAt })
        .from(productVariant)
        .where(inArray(productVariant.id, ids))
    : [];
  const short = [...lines]
    .sort((a, b) => (a.variantId ?? "").localeCompare(b.variantId ?? ""))
    .find((line) => {
      const size = sizes.find((candidate) => candidate.id === line.variantId);
      return !size || size.retiredAt !== null || size.stock < line.quantity;
    });
  return short ?? (lines[0] as L);
}

/**
 * Approves a requested return; the customer's e-mail carries the return instructions (setting
 * RETURN_INSTRUCTIONS). An exchange's sizes are taken from stock now, so they are there when the
 * parcel arrives; a size sold out meanwhile refuses the approval with a message.
 */
export function approveReturn(options: AdminReturnStep): Promise<ReturnStepResult> {
  return runAdminStep(options, { to: "approved", action: "approved" }, async (tx, locked, move) => {
    if (locked.ret.resolution === "exchange") {
      const items = await loadReturnItems(tx, locked.ret.id);
      const lines = items.map(({ ret, line }) => ({
        productId: line.productId,
        variantId: ret.exchangeVariantId,
        productName: line.productName,
        size: ret.exchangeSize ?? line.size,
        color: line.color,
        quantity: ret.quantity,
      }));
      try {
        await takeStock(tx, lines);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // takeStock stops at the first size that cannot serve its line: name it for the admin
        const short = await firstShortLine(tx, lines);
        throw new AppError(
          "exchange_stock_gone",
          returnMessages.exchangeStockGone(short.productName, short.size),
          409,
          { cause: error },
        );
      }
    }
    const emailId = await move({
      update: { state: "approved", instructions: options.services.config.returnInstructions },
    });
    return { emailId, message: `Return ${locked.ret.rmaNumber} approved` };
  });
}
