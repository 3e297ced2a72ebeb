import { returnMessages } from "../../core/returns";
import { AppError } from "../app-error";
import { order, orderItem } from "../db/schema";
import { loadReturnItems, REPLACEMENT_PAYMENT_METHOD } from "./return-lines";
import { type AdminReturnStep, type ReturnStepResult, runAdminStep } from "./return-workflow";

/**
 * Completes a received exchange: a replacement order at no charge ships the sizes set aside on
 * approval (their stock was taken then), and is shipped and tracked like any order.
 */
export function exchangeReturn(options: AdminReturnStep): Promise<ReturnStepResult> {
  return runAdminStep(options, { to: "exchanged", action: "exchanged" }, async (tx, locked, move) => {
    if (locked.ret.resolution !== "exchange") {
      throw new AppError("return_state", returnMessages.notAllowed(locked.ret.state, "exchanged"), 409);
    }
    const original = locked.order;
    const items = await loadReturnItems(tx, locked.ret.id);
    const [replacement] = await tx
      .insert(order)
      .values({
        userId: locked.ret.userId ?? original.userId,
        status: "processing",
        paymentStatus: "paid",
        paymentMethod: REPLACEMENT_PAYMENT_METHOD,
        shippingMethod: original.shippingMethod,
        shippingCents: 0,
        shippingAddress: original.shippingAddress,
        shippingNote: `Exchange for return ${locked.ret.rmaNumber} (order ${original.orderNumber})`,
        subtotalCents: 0,
        discountCents: 0,
        totalCents: 0,
        pricesIncludeTax: original.pricesIncludeTax,
        taxCountry: original.taxCountry,
        taxRateBasisPoints: original.taxRateBasisPoints,
        // it holds the units taken on approval, as a paid order does
        isReserved: true,
        paidAt: new Date(),
      })
      .returning({ id: order.id, orderNumber: order.orderNumber });
    if (!replacement) throw new Error("the replacement order was not created");
    await tx.insert(orderItem).values(
      items.map(({ ret, line }) => ({
        orderId: replacement.id,
        productId: line.productId,
        variantId: ret.exchangeVariantId,
        productName: line.productName,
        size: ret.exchangeSize ?? line.size,
        // an exchange changes the size, never the colour (request-return.ts)
        color: line.color,
        productImage: line.productImage,
        priceCents: 0,
        quantity: ret.quantity,
        netCents: 0,
        taxRateBasisPoints: line.taxRateBasisPoints,
      })),
    );
    const emailId = await move({
      update: { state: "exchanged", replacementOrderNumber: replacement.orderNumber },
      note: `Replacement order ${replacement.orderNumber}`,
      set: { replacementOrderId: replacement.id },
    });
    return {
      emailId,
      message: `Return ${locked.ret.rmaNumber} exchanged: replacement order ${replacement.orderNumber}`,
    };
  });
}
