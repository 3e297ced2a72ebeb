import { and, asc, eq } from "drizzle-orm";
import { returnMessages } from "../../core/returns";
import { type ReturnRequestInput, returnRequestSchema } from "../../core/validation/returns";
import { AppError, parseInput } from "../app-error";
import { limitCustomer } from "../auth/auth-errors";
import { RATE_LIMITS } from "../auth/rate-limit";
import { order, returnEvent, returnItem, returnReason, returnRequest } from "../db/schema";
import { exchangeSizes, loadReturnableLines, orderReturnability } from "./return-lines";
import { deliverReturnEmail, queueReturnEmail, type ReturnServices } from "./return-workflow";

/**
 * A customer asks to send items of their delivered order back (docs/RETURNS.md#the-request). What
 * may be returned is decided here, under the order's lock, so two requests sent at once cannot
 * together return more than was bought: each line up to what was bought minus what other returns
 * (not rejected or cancelled) hold, nothing on final sale, within the window. An exchange names,
 * per line, another size of the same product that is in stock now; it is set aside on approval.
 */
export async function requestReturn(options: {
  services: ReturnServices;
  user: { id: string; email: string; name: string };
  orderId: string;
  input: ReturnRequestInput;
}): Promise<{ id: string; rmaNumber: string; message: string }> {
  const { services, user } = options;
  const input = parseInput(returnRequestSchema, options.input, "invalid_return");
  // each request is a row and an e-mail: one account cannot make the store send them in bulk
  await limitCustomer({
    db: services.db,
    userId: user.id,
    action: "return-request",
    rule: RATE_LIMITS.returnRequest,
  });

  const created = await services.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(order)
      .where(and(eq(order.id, options.orderId), eq(order.userId, user.id)))
      .for("update");
    if (!locked) throw new AppError("order_not_found", returnMessages.orderNotFound, 404);
    const returnability = orderReturnability(locked, services.config, new Date());
    if (!returnability.ok) throw new AppError("not_returnable", returnability.message, 409);

    const [reason] = await tx
      .select()
      .from(returnReason)
      .where(and(eq(returnReason.code, input.reason), eq(returnReason.isActive, true)));
    if (!reason) throw new AppError("invalid_return", returnMessages.chooseReason);

    const lines = new Map((await loadReturnableLines(tx, [locked.id])).map((line) => [line.item.id, line]));
    const exchanges =
      input.resolution === "exchange"
        ? await exchangeSizes(
            tx,
            [...lines.values()].map((line) => line.item),
          )
        : new Map<string, never[]>();
    // one entry per line: a form naming a line twice is not one a browser sends
    if (new Set(input.lines.map((line) => line.orderItemId)).size !== input.lines.length) {
      throw new AppError("invalid_return", returnMessages.chooseItems);
    }
    const items = input.lines.map((wanted) => {
      const line = lines.get(wanted.orderItemId);
      if (!line) throw new AppError("invalid_return", returnMessages.chooseItems);
      const { item } = line;
      if (line.finalSale)
        throw new AppError("final_sale", `${item.productName}: ${returnMessages.finalSale}`, 409);
      if (wanted.quantity > line.returnable) {
        throw new AppError(
          "too_many",
          returnMessages.tooMany(item.productName, item.size, line.returnable),
          409,
        );
      }
      if (input.resolution === "refund") return { orderItemId: item.id, quantity: wanted.quantity };
      if (!wanted.exchangeSize)
        throw new AppError("invalid_return", returnMessages.chooseExchangeSize(item.productName));
      if (!item.productId)
        throw new AppError("product_gone", `${item.productName}: ${returnMessages.productGone}`, 409);
      // another size of the same product in the same colour
      const size = exchanges
        .get(item.id)
        ?.find((candidate) => candidate.size === wanted.exchangeSize && candidate.stock >= wanted.quantity);
      if (!size) {
        throw new AppError(
          "exchange_size_unavailable",
          returnMessages.exchangeSizeUnavailable(item.productName, wanted.exchangeSize),
          409,
        );
      }
      return {
        orderItemId: item.id,
        quantity: wanted.quantity,
        exchangeVariantId: size.variantId,
        exchangeSize: size.size,
      };
    });

    const [ret] = await tx
      .insert(returnRequest)
      .values({
        orderId: locked.id,
        userId: user.id,
        resolution: input.resolution,
        reasonCode: reason.code,
        comment: input.comment,
      })
      .returning();
    if (!ret) throw new Error("the return was not created");
    await tx.insert(returnItem).values(items.map((item) => ({ ...item, returnId: ret.id })));
    await tx.insert(returnEvent).values({
      returnId: ret.id,
      state: "requested",
      actorRole: "customer",
      actorEmail: user.email,
      note: null,
    });
    const emailId = await queueReturnEmail({
      tx,
      services,
      locked: { ret, order: locked },
      update: { state: "requested", resolution: input.resolution },
    });
    return { ret, emailId };
  });

  services.log.info(
    { returnId: created.ret.id, orderId: options.orderId, userId: user.id, resolution: input.resolution },
    "return requested",
  );
  await deliverReturnEmail(services, created.emailId);
  return {
    id: created.ret.id,
    rmaNumber: created.ret.rmaNumber,
    message: `Return ${created.ret.rmaNumber} requested. We will e-mail you once it is approved.`,
  };
}

/** The reasons a customer may choose, in display order. */
export async function listReturnReasons(db: ReturnServices["db"]) {
  return db
    .select({ code: returnReason.code, label: returnReason.label })
    .from(returnReason)
    .where(eq(returnReason.isActive, true))
    .orderBy(asc(returnReason.position));
}
