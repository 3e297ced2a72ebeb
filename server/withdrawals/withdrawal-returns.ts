// An admin's steps on a withdrawal's return (docs/LEGAL.md#withdrawal): it starts approved (a
// withdrawal cannot be rejected) and is refunded as soon as the goods are back or the customer has
// proven that they sent them (Art. 13(3) CRD), whichever comes first.
import { eq } from "drizzle-orm";
import { returnMessages } from "../../core/returns";
import { proofOfSendingSchema } from "../../core/validation/returns";
import { AppError, parseInput } from "../app-error";
import { returnEvent, returnItem, returnRequest } from "../db/schema";
import { markReturnReceived, recordConditions } from "../returns/mark-return-received";
import { refundReturn } from "../returns/refund-return";
import {
  type AdminReturnStep,
  asAdmin,
  assertOrderNotRefunded,
  lockReturn,
  type ReturnStepResult,
} from "../returns/return-workflow";

const withdrawalReturnMessages = {
  alreadyReceived: "The goods of this withdrawal were marked received already.",
} as const;

/**
 * The goods of a return have arrived. A voluntary return is marked received (its refund or
 * exchange is a later step); a withdrawal is refunded at once, or, when it was refunded already on
 * proof of sending, only has its items' conditions recorded and its sellable units put back.
 */
export async function receiveReturnGoods(
  options: AdminReturnStep & { conditions: Record<string, string> },
): Promise<ReturnStepResult> {
  const { services, returnId } = options;
  const [head] = await services.db
    .select({ kind: returnRequest.kind, state: returnRequest.state })
    .from(returnRequest)
    .where(eq(returnRequest.id, returnId));
  if (head?.kind === "withdrawal" && head.state === "refunded") return receiveAfterRefund(options);
  const received = await markReturnReceived(options);
  if (head?.kind !== "withdrawal") return received;
  const refunded = await refundReturn(options);
  return { rmaNumber: received.rmaNumber, message: `${received.message}. ${refunded.message}` };
}

/** Goods of a withdrawal refunded on proof of sending arrive: conditions and stock, the state stays refunded. */
async function receiveAfterRefund(
  options: AdminReturnStep & { conditions: Record<string, string> },
): Promise<ReturnStepResult> {
  const { services, admin, returnId } = options;
  const actor = asAdmin(admin);
  const rmaNumber = await services.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, returnId, actor);
    const items = await tx
      .select({ condition: returnItem.condition })
      .from(returnItem)
      .where(eq(returnItem.returnId, returnId));
    // arrived once: a second press (another admin, a form sent again) would restock the units twice
    if (
      locked.ret.state !== "refunded" ||
      locked.ret.proofOfSendingAt === null ||
      items.some((item) => item.condition !== null)
    ) {
      throw new AppError("return_state", withdrawalReturnMessages.alreadyReceived, 409);
    }
    const note = await recordConditions(tx, returnId, options.conditions, options.services.config);
    await tx.insert(returnEvent).values({
      returnId,
      state: "received",
      actorRole: "admin",
      actorEmail: admin.email,
      note: `Goods arrived after the refund: ${note}`,
    });
    return locked.ret.rmaNumber;
  });
  services.log.info({ returnId, adminId: admin.id }, "withdrawn goods received after the refund");
  return { rmaNumber, message: `Return ${rmaNumber} marked received` };
}

/**
 * The customer has shown that they sent the goods back (a carrier's receipt, a tracking number):
 * recorded on the return, and the refund goes ahead now rather than when the parcel arrives.
 */
export async function recordProofOfSending(
  options: AdminReturnStep & { proof: string },
): Promise<ReturnStepResult> {
  const { services, admin, returnId } = options;
  const { proof } = parseInput(proofOfSendingSchema, { proof: options.proof }, "invalid_proof");
  await services.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, returnId, asAdmin(admin));
    if (locked.ret.kind !== "withdrawal" || locked.ret.state !== "approved") {
      throw new AppError(
        "return_state",
        returnMessages.notAllowed(locked.ret.state, "given a proof of sending"),
        409,
      );
    }
    assertOrderNotRefunded(locked, "refunded");
    await tx
      .update(returnRequest)
      .set({ proofOfSending: proof, proofOfSendingAt: new Date() })
      .where(eq(returnRequest.id, returnId));
    await tx.insert(returnEvent).values({
      returnId,
      state: "approved",
      actorRole: "admin",
      actorEmail: admin.email,
      note: `Proof of sending: ${proof}`,
    });
  });
  return refundReturn(options);
}
