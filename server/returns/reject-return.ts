import { returnRejectionSchema } from "../../core/validation/returns";
import { parseInput } from "../app-error";
import {
  type AdminReturnStep,
  asAdmin,
  assertCanMove,
  moveReturn,
  type ReturnStepResult,
  runAdminStep,
} from "./return-workflow";

/** Rejects a requested return with a reason the customer sees. */
export async function rejectReturn(options: AdminReturnStep & { reason: string }): Promise<ReturnStepResult> {
  const { reason } = parseInput(returnRejectionSchema, { reason: options.reason }, "invalid_rejection");
  return runAdminStep(options, "rejected", async (tx, locked) => {
    assertCanMove(locked.ret, "rejected", "rejected");
    const emailId = await moveReturn({
      tx,
      services: options.services,
      locked,
      actor: asAdmin(options.admin),
      update: { state: "rejected", reason },
      note: reason,
      set: { rejectionReason: reason },
    });
    return { emailId, message: `Return ${locked.ret.rmaNumber} rejected` };
  });
}
