import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { accountPrivacyMessages, type DeletionBlocker } from "../../core/account-privacy";
import { WAITING_RETURN_STATES } from "../../core/returns";
import { type AccountDeletionInput, accountDeletionSchema } from "../../core/validation/account-privacy";
import { AppError, parseInput } from "../app-error";
import type { AuthSession } from "../auth/auth";
import { authRefusal, limitAttempts, limitPasswordGuesses, passwordGuessKey } from "../auth/auth-errors";
import { clearRateLimit, RATE_LIMITS } from "../auth/rate-limit";
import { signOut } from "../auth/sign-out";
import type { Transaction } from "../db/client";
import { escapeLike } from "../db/escape-like";
import { order, outgoingEmail, rateLimit, returnRequest, stockAlert, user, verification } from "../db/schema";
import type { RequestContext } from "../http/context";
import { enqueueEmail } from "../mail/enqueue-email";
import { accountDeletedEmail } from "../mail/templates/account-deleted";

type DeleteAccountServices = Pick<
  RequestContext,
  "auth" | "db" | "config" | "mailQueue" | "log" | "clientIp"
>;

/** An admin's role as better-auth's admin plugin writes it: a comma-separated list. */
const isAdminRole = sql`'admin' = any(string_to_array(coalesce(${user.role}, ''), ','))`;

/**
 * Deletes the signed-in customer's account (GDPR article 17; docs/ARCHITECTURE.md#data-export-and-erasure),
 * confirmed with its password, which better-auth checks. In one transaction:
 *
 * - refuses while an order is in progress (awaiting payment with stock held, or paid and not yet
 *   delivered), naming each, and refuses the last administrator;
 * - cancels the checkouts that never reached payment (they hold nothing);
 * - detaches every order from the account (user_id null): orders, their lines, receipts and refunds
 *   are the shop's tax records and stay; the admin screens show "Deleted customer";
 * - deletes the user, and with it (foreign keys) every session, so every device is signed out, the
 *   sign-in accounts (the password hash) and the saved address; then the reset-link tokens, the
 *   rate-limit counters named after the account, the e-mails already delivered to it and the
 *   back-in-stock requests of its address;
 * - queues the confirmation e-mail, which exists exactly when the deletion does.
 *
 * Returns the headers that clear this browser's session cookie.
 */
export async function deleteAccount(
  options: DeleteAccountServices & {
    headers: Headers;
    session: Pick<AuthSession, "user">;
    /** The limits' clock, in milliseconds; for tests. */
    now?: number;
  } & AccountDeletionInput,
): Promise<{ headers: Headers; keptOrderCount: number }> {
  const { auth, db, config, log } = options;
  const { password } = parseInput(accountDeletionSchema, options);
  const userId = options.session.user.id;
  // against guessing the password with a stolen session: the limits of a password change, per
  // client and per account from anywhere (the back-off is shared with the password change)
  await limitAttempts({ ...options, action: "delete-account", rule: RATE_LIMITS.passwordChange });
  await limitPasswordGuesses({ db, userId, now: options.now });
  try {
    await auth.api.verifyPassword({ body: { password }, headers: options.headers });
  } catch (error) {
    const refusal = authRefusal(error);
    if (refusal?.code === "invalid_password") {
      throw new AppError("invalid_password", accountPrivacyMessages.passwordIncorrect);
    }
    throw refusal ?? error;
  }
  await clearRateLimit({ db, key: passwordGuessKey(userId) });

  const keptOrderCount = await db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    // every order of the account, locked: a Pay pressed in another tab waits, then finds its
    // order cancelled or detached and reserves nothing
    const orders = await tx
      .select()
      .from(order)
      .where(eq(order.userId, userId))
      .orderBy(asc(order.id))
      .for("update");
    const open = await tx
      .selectDistinct({ orderId: returnRequest.orderId })
      .from(returnRequest)
      .where(and(eq(returnRequest.userId, userId), inArray(returnRequest.state, [...WAITING_RETURN_STATES])));
    const blockers = deletionBlockers(orders, new Set(open.map((entry) => entry.orderId)));
    if (blockers.length > 0) {
      throw new AppError("order_in_progress", accountPrivacyMessages.deletionBlocked(blockers), 409);
    }
    // checkouts that never reached Pay: no stock, no coupon use, no payment page
    await tx
      .update(order)
      .set({ status: "cancelled", paymentStatus: "cancelled" })
      .where(and(eq(order.userId, userId), eq(order.paymentStatus, "pending"), eq(order.isReserved, false)));
    const detached = await tx
      .update(order)
      .set({ userId: null })
      .where(eq(order.userId, userId))
      .returning({ id: order.id });
    // better-auth's reset-link tokens hold the user id as their value
    await tx.delete(verification).where(eq(verification.value, userId));
    // counters named after the account (sign-in back-off; coupon attempts, password guesses and
    // the other per-customer limits, `<action>:<user id>`); those keyed by a client address alone
    // are not the customer's
    await tx
      .delete(rateLimit)
      .where(
        or(
          eq(rateLimit.key, `sign-in-account:${account.email}`),
          sql`${rateLimit.key} like ${`%|sign-in:${escapeLike(account.email)}`}`,
          sql`${rateLimit.key} like ${`%:${escapeLike(userId)}`}`,
        ),
      );
    // copies of e-mails already delivered; one still to be sent (a refund notice) is delivered
    await tx
      .delete(outgoingEmail)
      .where(
        and(
          eq(outgoingEmail.recipient, account.email),
          or(isNotNull(outgoingEmail.sentAt), isNotNull(outgoingEmail.failedAt)),
        ),
      );
    // back-in-stock requests of the account's address, made signed in or signed out
    // (docs/BACK-IN-STOCK.md); the signed-in ones would also go with the user (on delete cascade)
    await tx
      .delete(stockAlert)
      .where(or(eq(stockAlert.userId, userId), sql`lower(${stockAlert.email}) = lower(${account.email})`));
    // sessions, sign-in accounts and the saved address go with it (on delete cascade);
    // coupon_usage and media_upload keep their rows with the user set null
    await tx.delete(user).where(eq(user.id, userId));
    const message = accountDeletedEmail({
      storeName: config.storeName,
      publicUrl: config.publicUrl,
      seller: config.seller,
      keptOrderCount: detached.length,
    });
    await enqueueEmail(tx, { kind: "account_deleted", message: { to: account.email, ...message } });
    return detached.length;
  });
  options.mailQueue.wake();
  log.info({ userId, keptOrderCount }, "account deleted");

  // the session row is gone already; this only makes the answer clear the browser's cookies
  let headers = new Headers();
  try {
    headers = await signOut({ auth, headers: options.headers });
  } catch (error) {
    // the account is gone whatever happens here: a stale cookie finds no session
    log.warn({ err: error, userId }, "session cookie not cleared after account deletion");
  }
  return { headers, keptOrderCount };
}

/**
 * Locks the account's row, and for an administrator every administrator's row first (in id order,
 * so two admins deleting themselves at once cannot deadlock): the last admin cannot be deleted.
 */
async function lockAccount(tx: Transaction, userId: string) {
  const [current] = await tx.select({ role: user.role }).from(user).where(eq(user.id, userId));
  if (!current) throw new AppError("account_not_found", accountPrivacyMessages.deleteFailed, 404);
  if (current.role?.split(",").includes("admin")) {
    const admins = await tx
      .select({ id: user.id })
      .from(user)
      .where(isAdminRole)
      .orderBy(asc(user.id))
      .for("update");
    if (admins.length <= 1 && admins.some((admin) => admin.id === userId)) {
      throw new AppError("last_admin", accountPrivacyMessages.lastAdmin, 409);
    }
  }
  const [locked] = await tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.id, userId))
    .for("update");
  if (!locked) throw new AppError("account_not_found", accountPrivacyMessages.deleteFailed, 404);
  return locked;
}

/** The orders that keep an account from being deleted, in the order they were placed. */
function deletionBlockers(
  orders: Array<{
    id: string;
    orderNumber: string;
    status: string;
    paymentStatus: string;
    isReserved: boolean;
    createdAt: Date;
  }>,
  /** Orders with a return an admin still has to finish. */
  withOpenReturn: ReadonlySet<string>,
): DeletionBlocker[] {
  const blockers: DeletionBlocker[] = [];
  for (const row of [...orders].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    // its stock is held and its payment page may still be paid
    if ((row.paymentStatus === "pending" && row.isReserved) || row.paymentStatus === "processing") {
      blockers.push({ kind: "awaiting_payment", orderNumber: row.orderNumber });
    } else if (row.paymentStatus === "paid" && row.status !== "delivered" && row.status !== "cancelled") {
      blockers.push({ kind: "not_delivered", orderNumber: row.orderNumber });
    } else if (withOpenReturn.has(row.id)) {
      blockers.push({ kind: "open_return", orderNumber: row.orderNumber });
    }
  }
  return blockers;
}
