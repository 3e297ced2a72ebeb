import { returnRejectionSchema } from "../../core/validation/returns";
import { parseInput } from "../app-error";
import { type AdminReturnStep, type ReturnStepResult, runAdminStep } from "./return-workflow";

/** Rejects a requested return with a reason the customer sees. */
export async function rejectReturn(options: AdminReturnStep & { reason: string }): Promise<ReturnStepResult> {
  const { reason } = parseInput(returnRejectionSchema, { reason: options.reason }, "invalid_rejection");
  // a return whose order was refunded in full may still be closed with a reason
  const step = { to: "rejected", action: "rejected", evenIfOrderRefunded: true } as const;
  return runAdminStep(options, step, async (_tx, locked, move) => {
    const emailId = await move({
      update: { state: "rejected", reason },
      note: reason,
      set: { rejectionReason: reason },
    });
    return { emailId, message: `Return ${locked.ret.rmaNumber} rejected` };
  });
}
