import { and, eq, isNull, sql } from "drizzle-orm";
import { backInStockEmailSchema, backInStockMessages } from "../../core/validation/back-in-stock";
import { AppError, parseInput } from "../app-error";
import { limitAttempts, limitCustomer, limitEmailAddress } from "../auth/auth-errors";
import { RATE_LIMITS } from "../auth/rate-limit";
import type { Transaction } from "../db/client";
import { productVariant, stockAlert } from "../db/schema";
import type { RequestContext } from "../http/context";
import { enqueueEmail } from "../mail/enqueue-email";
import { backInStockAlreadyWaitingEmail, backInStockConfirmEmail } from "../mail/templates/back-in-stock";
import {
  type AlertVariant,
  absoluteUrl,
  alertItemName,
  loadAlertVariants,
  newConfirmToken,
} from "./alert-variant";

type AlertServices = Pick<RequestContext, "db" | "config" | "mailQueue" | "log" | "clientIp">;

/** The answer the product page shows under the form. */
export interface StockAlertAnswer {
  message: string;
}

/**
 * "Notify me when it's back" on a sold-out size (docs/BACK-IN-STOCK.md). Signed in: the account's
 * address waits at once (one press). Signed out: the address gets a confirmation link and waits
 * only once it is followed (double opt-in); the answer is the same whether or not the address
 * asked before or already waits, and so is the work done (one upsert, one e-mail), so the page tells
 * a third party nothing about the address. Counted per client and per address.
 */
export async function requestStockAlert(
  options: AlertServices & {
    user: { id: string; email: string } | null;
    variantId: string;
    /** Signed out: the address typed; ignored when signed in. */
    email: string;
  },
): Promise<StockAlertAnswer> {
  const { db, config, user } = options;
  const email = user
    ? user.email.toLowerCase()
    : parseInput(backInStockEmailSchema(config.blockedEmailDomains), { email: options.email }).email;
  await limitAttempts({
    db,
    clientIp: options.clientIp,
    action: "stock-alert",
    rule: RATE_LIMITS.stockAlert,
  });
  if (user) {
    await limitCustomer({
      db,
      userId: user.id,
      action: "stock-alert",
      rule: RATE_LIMITS.stockAlertPerAddress,
    });
  } else {
    await limitEmailAddress({ db, email, action: "stock-alert", rule: RATE_LIMITS.stockAlertPerAddress });
  }

  const answer = await db.transaction(async (tx) => {
    const variant = await lockSoldOutVariant(tx, options.variantId);
    if (user) return waitSignedIn(tx, variant, user.id, email);
    return waitSignedOut(tx, variant, email, config);
  });
  if (!user) options.mailQueue.wake();
  options.log.info({ variantId: options.variantId, signedIn: Boolean(user) }, "stock alert requested");
  return answer;
}

/**
 * The size, if it is on sale and sold out. Its row is share-locked until the commit: a restock
 * (which updates it) waits for the request, then finds it and mails it, so a request can never slip
 * in beside a restock and wait for a size that is already back.
 */
async function lockSoldOutVariant(tx: Transaction, variantId: string): Promise<AlertVariant> {
  const [locked] = await tx
    .select({ id: productVariant.id })
    .from(productVariant)
    .where(and(eq(productVariant.id, variantId), isNull(productVariant.retiredAt)))
    .for("share");
  const variant = locked ? (await loadAlertVariants(tx, [locked.id])).get(locked.id) : undefined;
  if (!variant) throw new AppError("size_not_found", backInStockMessages.sizeNotFound, 404);
  if (variant.stock > 0) throw new AppError("size_in_stock", backInStockMessages.inStock, 409);
  return variant;
}

/**
 * The address's waiting request for the size, made or updated in one statement (the unique index
 * allows one per size and address until it is notified). Signed in (`userId`): confirmed now, and
 * the account takes over a signed-out request. Signed out: an unconfirmed request gets the new
 * link's hash; a confirmed one keeps none. `was_waiting`: it was confirmed before this request
 * (an earlier transaction's now() is before this one's).
 */
async function upsertAlert(
  tx: Transaction,
  values: { variantId: string; email: string; userId: string | null; confirmHash: string | null },
): Promise<{ was_waiting: boolean }> {
  const result = (await tx.execute(sql`
    insert into ${stockAlert} (variant_id, email, user_id, confirm_token_hash, confirmed_at)
    values (${values.variantId}, ${values.email}, ${values.userId}::text, ${values.confirmHash}::text,
      case when ${values.userId}::text is null then null else now() end)
    on conflict (variant_id, lower(email)) where notified_at is null do update set
      user_id = coalesce(${stockAlert}.user_id, excluded.user_id),
      confirmed_at = coalesce(${stockAlert}.confirmed_at, excluded.confirmed_at),
      confirm_token_hash = case when coalesce(${stockAlert}.confirmed_at, excluded.confirmed_at) is null
        then excluded.confirm_token_hash end
    returning confirmed_at is not null and confirmed_at < now() as was_waiting
  `)) as unknown as { rows: Array<{ was_waiting: boolean }> };
  const [row] = result.rows;
  if (!row) throw new Error("the stock alert was not saved");
  return row;
}

/** The customer's own address waits, confirmed now; a signed-out request of the same address is taken over. */
async function waitSignedIn(
  tx: Transaction,
  variant: AlertVariant,
  userId: string,
  email: string,
): Promise<StockAlertAnswer> {
  const row = await upsertAlert(tx, { variantId: variant.variantId, email, userId, confirmHash: null });
  return {
    message: row.was_waiting
      ? backInStockMessages.alreadyOnTheList(email)
      : backInStockMessages.onTheList(email),
  };
}

/**
 * A new request, or one that is not confirmed yet, gets a fresh link (the older one stops working);
 * an address that already waits is told so by e-mail. The page says the same either way.
 */
async function waitSignedOut(
  tx: Transaction,
  variant: AlertVariant,
  email: string,
  config: AlertServices["config"],
): Promise<StockAlertAnswer> {
  const { token, hash } = newConfirmToken();
  const row = await upsertAlert(tx, { variantId: variant.variantId, email, userId: null, confirmHash: hash });
  const mailed = {
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    seller: config.seller,
    itemName: alertItemName(variant),
  };
  const message = row.was_waiting
    ? backInStockAlreadyWaitingEmail(mailed)
    : backInStockConfirmEmail({
        ...mailed,
        confirmUrl: absoluteUrl(config, `/back-in-stock/confirm/${token}`),
      });
  await enqueueEmail(tx, {
    kind: "back_in_stock_confirm",
    message: { to: email, ...message },
  });
  return { message: backInStockMessages.checkInbox(email) };
}
