import { limitCustomer } from "../auth/auth-errors";
import { RATE_LIMITS } from "../auth/rate-limit";
import type { ReturnServices } from "./return-workflow";
import { assertCanMove, deliverReturnEmail, lockReturn, moveReturn } from "./return-workflow";

/** The customer withdraws their own return while it is still only requested (docs/RETURNS.md#states). */
export async function cancelReturn(options: {
  services: ReturnServices;
  user: { id: string; email: string };
  returnId: string;
}): Promise<{ rmaNumber: string; message: string }> {
  const { services, user, returnId } = options;
  const actor = { role: "customer" as const, id: user.id, email: user.email };
  // a cancellation sends an e-mail too, and frees the units for another request
  await limitCustomer({
    db: services.db,
    userId: user.id,
    action: "return-cancel",
    rule: RATE_LIMITS.returnCancel,
  });
  const done = await services.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, returnId, actor);
    assertCanMove(locked.ret, "cancelled", "cancelled");
    const emailId = await moveReturn({ tx, services, locked, actor, update: { state: "cancelled" } });
    return { rmaNumber: locked.ret.rmaNumber, emailId };
  });
  services.log.info({ returnId, userId: user.id }, "return cancelled by the customer");
  await deliverReturnEmail(services, done.emailId);
  return { rmaNumber: done.rmaNumber, message: `Return ${done.rmaNumber} cancelled` };
}
