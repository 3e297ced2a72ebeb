import { asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { PostalAddress } from "../../core/checkout";
import type { TaxSummaryEntry } from "../../core/tax";
import { AppError } from "../app-error";
import { limitCustomer } from "../auth/auth-errors";
import { RATE_LIMITS } from "../auth/rate-limit";
import type { Config } from "../config";
import type { Database } from "../db/client";
import {
  account,
  customerAddress,
  order,
  orderItem,
  outgoingEmail,
  receipt,
  refund,
  session,
  stockAlert,
  user,
  withdrawal,
} from "../db/schema";
import { listReturnViews } from "../returns/list-return-views";
import { alertItemName, loadAlertVariants } from "../stock-alerts/alert-variant";

/** Bumped when a field changes meaning or goes away; new fields do not bump it. */
export const CUSTOMER_DATA_FORMAT_VERSION = 1;

/**
 * Everything the store holds about one customer, as the customer downloads it from /account
 * Settings (GDPR articles 15 and 20: access, and a portable, machine-readable copy). Money is in
 * cents with its currency, dates are ISO 8601 in UTC.
 *
 * What is left out on purpose: the password hash and the sign-in providers' tokens, the session
 * tokens (each would let the file's reader sign in as the customer), the payment provider's raw
 * data and ids (internal to the provider, no data about the person that the receipt does not
 * already show) and other customers' anything.
 */
export interface CustomerDataExport {
  format: "nocturn-customer-data";
  version: typeof CUSTOMER_DATA_FORMAT_VERSION;
  exportedAt: string;
  store: { name: string; url: string };
  profile: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    role: string;
    createdAt: string;
    updatedAt: string;
  };
  /** How the customer signs in ("credential": e-mail and password). */
  signInMethods: Array<{ provider: string; createdAt: string; updatedAt: string }>;
  /** The browsers signed in now: when, from which address and browser. */
  sessions: Array<{
    createdAt: string;
    lastActiveAt: string;
    expiresAt: string;
    ipAddress: string | null;
    userAgent: string | null;
  }>;
  savedAddress: (PostalAddress & { updatedAt: string }) | null;
  orders: ExportedOrder[];
  /** The customer's return requests, oldest first. */
  returns: ExportedReturn[];
  /** The withdrawal statements the customer sent (docs/LEGAL.md#withdrawal), oldest first. */
  withdrawals: Array<{
    orderNumber: string;
    statement: string;
    receivedAt: string;
    outcome: string;
    refundedAt: string | null;
  }>;
  /**
   * "Notify me when it's back" requests of the account or its address (docs/BACK-IN-STOCK.md),
   * oldest first: waiting, waiting for the link to be followed, or notified (kept a month after).
   */
  stockAlerts: Array<{
    item: string;
    email: string;
    signedIn: boolean;
    requestedAt: string;
    confirmedAt: string | null;
    notifiedAt: string | null;
  }>;
  /** E-mails the store sent or is about to send the customer (kept a week after sending). */
  emails: Array<{ kind: string; subject: string; queuedAt: string; sentAt: string | null }>;
}

/** One return request, its order named by number. */
export interface ExportedReturn {
  rmaNumber: string;
  orderNumber: string;
  status: string;
  resolution: string;
  reason: string;
  comment: string | null;
  rejectionReason: string | null;
  refundCents: number | null;
  replacementOrderNumber: string | null;
  createdAt: string;
  lines: Array<{
    productName: string;
    size: string;
    color: string | null;
    quantity: number;
    exchangeSize: string | null;
    condition: string | null;
  }>;
  history: Array<{ status: string; at: string }>;
}

interface ExportedOrder {
  orderNumber: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  /** The currency the order was sold in, lower case as the payment provider writes it ("usd", "eur"). */
  currency: string;
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  shippingCents: number;
  totalCents: number;
  /** Country and rate are null for an order placed before VAT was charged. */
  vat: {
    country: string | null;
    rateBasisPoints: number | null;
    pricesIncludeVat: boolean;
    vatCents: number;
    shippingVatCents: number;
    perRate: TaxSummaryEntry[];
  };
  shipping: { method: string; address: string; note: string | null; trackingCode: string | null };
  lines: Array<{
    productId: string | null;
    productName: string;
    size: string;
    color: string | null;
    priceCents: number;
    quantity: number;
    discountCents: number;
    netCents: number;
    vatCents: number;
    vatRateBasisPoints: number;
  }>;
  receipt: {
    receiptNumber: string;
    billingEmail: string;
    cardBrand: string | null;
    cardLast4: string | null;
    amountCents: number;
    vatCents: number | null;
    currency: string;
    status: string;
    createdAt: string;
  } | null;
  refunds: Array<{ amountCents: number; vatCents: number; reason: string; createdAt: string }>;
  /**
   * What happened to the order and when, as far as the store records it: it keeps when an order
   * was placed, paid and refunded and when it last changed, not every status it passed through.
   */
  history: Array<{ at: string; event: "placed" | "paid" | "refunded" | "last_updated"; status?: string }>;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
}

const iso = (date: Date) => date.toISOString();

/**
 * The signed-in customer's data (exactly theirs: every query is by their user id or their own
 * orders' ids). A user that no longer exists is refused (its session outlived the account).
 */
export async function exportCustomerData(options: {
  db: Database;
  config: Pick<Config, "storeName" | "publicUrl">;
  userId: string;
  now?: Date;
}): Promise<CustomerDataExport> {
  const { db, config, userId } = options;
  // the whole history in one file, read in one transaction: a few a customer, not a loop
  await limitCustomer({
    db,
    userId,
    action: "data-export",
    rule: RATE_LIMITS.dataExport,
    now: options.now?.getTime(),
  });
  // one snapshot: an order paid between two reads cannot appear half
  return db.transaction(async (tx) => {
    const [profile] = await tx.select().from(user).where(eq(user.id, userId));
    if (!profile) throw new AppError("account_not_found", "Account not found", 404);
    const [methods, sessions, [address], orders, emails] = await Promise.all([
      tx
        .select({ provider: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt })
        .from(account)
        .where(eq(account.userId, userId))
        .orderBy(asc(account.createdAt)),
      tx
        .select({
          createdAt: session.createdAt,
          updatedAt: session.updatedAt,
          expiresAt: session.expiresAt,
          ipAddress: session.ipAddress,
          userAgent: session.userAgent,
        })
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(asc(session.createdAt)),
      tx.select().from(customerAddress).where(eq(customerAddress.userId, userId)),
      tx.select().from(order).where(eq(order.userId, userId)).orderBy(desc(order.createdAt), desc(order.id)),
      tx
        .select({
          kind: outgoingEmail.kind,
          subject: outgoingEmail.subject,
          createdAt: outgoingEmail.createdAt,
          sentAt: outgoingEmail.sentAt,
        })
        .from(outgoingEmail)
        .where(eq(outgoingEmail.recipient, profile.email))
        .orderBy(asc(outgoingEmail.createdAt)),
    ]);
    const orderIds = orders.map((row) => row.id);
    const [items, receipts, refunds, returns] =
      orderIds.length > 0
        ? await Promise.all([
            tx
              .select()
              .from(orderItem)
              .where(inArray(orderItem.orderId, orderIds))
              .orderBy(asc(orderItem.productName), asc(orderItem.size), asc(orderItem.id)),
            tx.select().from(receipt).where(inArray(receipt.orderId, orderIds)),
            tx
              .select()
              .from(refund)
              .where(inArray(refund.orderId, orderIds))
              .orderBy(asc(refund.createdAt), asc(refund.id)),
            listReturnViews({ db: tx, where: { orderIds } }),
          ])
        : [[], [], [], []];
    const alerts = await tx
      .select()
      .from(stockAlert)
      .where(or(eq(stockAlert.userId, userId), sql`lower(${stockAlert.email}) = lower(${profile.email})`))
      .orderBy(asc(stockAlert.createdAt), asc(stockAlert.id));
    const alertVariants = await loadAlertVariants(tx, [...new Set(alerts.map((alert) => alert.variantId))]);
    const withdrawals = await tx
      .select({ withdrawal, orderNumber: order.orderNumber })
      .from(withdrawal)
      .innerJoin(order, eq(order.id, withdrawal.orderId))
      .where(eq(withdrawal.userId, userId))
      .orderBy(asc(withdrawal.receivedAt));

    return {
      format: "nocturn-customer-data",
      version: CUSTOMER_DATA_FORMAT_VERSION,
      exportedAt: iso(options.now ?? new Date()),
      store: { name: config.storeName, url: config.publicUrl },
      profile: {
        id: profile.id,
        name: profile.name,
        email: profile.email,
        emailVerified: profile.emailVerified,
        role: profile.role ?? "user",
        createdAt: iso(profile.createdAt),
        updatedAt: iso(profile.updatedAt),
      },
      signInMethods: methods.map((method) => ({
        provider: method.provider,
        createdAt: iso(method.createdAt),
        updatedAt: iso(method.updatedAt),
      })),
      sessions: sessions.map((signedIn) => ({
        createdAt: iso(signedIn.createdAt),
        lastActiveAt: iso(signedIn.updatedAt),
        expiresAt: iso(signedIn.expiresAt),
        ipAddress: signedIn.ipAddress,
        userAgent: signedIn.userAgent,
      })),
      savedAddress: address
        ? {
            fullName: address.fullName,
            addressLine1: address.addressLine1,
            addressLine2: address.addressLine2,
            city: address.city,
            state: address.state,
            zipCode: address.zipCode,
            country: address.country,
            updatedAt: iso(address.updatedAt),
          }
        : null,
      orders: orders.map((row) => {
        const given = refunds.filter((entry) => entry.orderId === row.id);
        const paid = receipts.find((entry) => entry.orderId === row.id);
        const history: ExportedOrder["history"] = [{ at: iso(row.createdAt), event: "placed" }];
        if (row.paidAt) history.push({ at: iso(row.paidAt), event: "paid" });
        for (const entry of given) history.push({ at: iso(entry.createdAt), event: "refunded" });
        history.push({ at: iso(row.updatedAt), event: "last_updated", status: row.status });
        return {
          orderNumber: row.orderNumber,
          status: row.status,
          paymentStatus: row.paymentStatus,
          paymentMethod: row.paymentMethod,
          currency: row.currency.toLowerCase(),
          subtotalCents: row.subtotalCents,
          discountCents: row.discountCents,
          couponCode: row.couponCode,
          shippingCents: row.shippingCents,
          totalCents: row.totalCents,
          vat: {
            country: row.taxCountry,
            rateBasisPoints: row.taxRateBasisPoints,
            pricesIncludeVat: row.pricesIncludeTax,
            vatCents: row.taxCents,
            shippingVatCents: row.shippingTaxCents,
            perRate: row.taxSummary,
          },
          shipping: {
            method: row.shippingMethod,
            address: row.shippingAddress,
            note: row.shippingNote,
            trackingCode: row.trackingCode,
          },
          lines: items
            .filter((item) => item.orderId === row.id)
            .map((item) => ({
              productId: item.productId,
              productName: item.productName,
              size: item.size,
              color: item.color,
              priceCents: item.priceCents,
              quantity: item.quantity,
              discountCents: item.discountCents,
              netCents: item.netCents,
              vatCents: item.taxCents,
              vatRateBasisPoints: item.taxRateBasisPoints,
            })),
          receipt: paid
            ? {
                receiptNumber: paid.receiptNumber,
                billingEmail: paid.billingEmail,
                cardBrand: paid.cardBrand,
                cardLast4: paid.cardLast4,
                amountCents: paid.amountCents,
                vatCents: paid.taxCents,
                currency: paid.currency,
                status: paid.status,
                createdAt: iso(paid.createdAt),
              }
            : null,
          refunds: given.map((entry) => ({
            amountCents: entry.amountCents,
            vatCents: entry.taxCents,
            reason: entry.reason,
            createdAt: iso(entry.createdAt),
          })),
          history,
          createdAt: iso(row.createdAt),
          updatedAt: iso(row.updatedAt),
          paidAt: row.paidAt ? iso(row.paidAt) : null,
        };
      }),
      returns: returns.map((entry) => ({
        rmaNumber: entry.rmaNumber,
        orderNumber: orders.find((row) => row.id === entry.orderId)?.orderNumber ?? "",
        status: entry.state,
        resolution: entry.resolution,
        reason: entry.reasonLabel,
        comment: entry.comment,
        rejectionReason: entry.rejectionReason,
        refundCents: entry.refundCents,
        replacementOrderNumber: entry.replacementOrderNumber,
        createdAt: entry.createdAt,
        lines: entry.items.map((item) => ({
          productName: item.productName,
          size: item.size,
          color: item.color,
          quantity: item.quantity,
          exchangeSize: item.exchangeSize,
          condition: item.condition,
        })),
        history: entry.events.map((event) => ({ status: event.state, at: event.at })),
      })),
      withdrawals: withdrawals.map((entry) => ({
        orderNumber: entry.orderNumber,
        statement: entry.withdrawal.statement,
        receivedAt: iso(entry.withdrawal.receivedAt),
        outcome: entry.withdrawal.outcome,
        refundedAt: entry.withdrawal.refundedAt ? iso(entry.withdrawal.refundedAt) : null,
      })),
      stockAlerts: alerts.map((alert) => {
        const variant = alertVariants.get(alert.variantId);
        return {
          item: variant ? alertItemName(variant) : "Size no longer sold",
          email: alert.email,
          signedIn: alert.userId !== null,
          requestedAt: iso(alert.createdAt),
          confirmedAt: alert.confirmedAt ? iso(alert.confirmedAt) : null,
          notifiedAt: alert.notifiedAt ? iso(alert.notifiedAt) : null,
        };
      }),
      emails: emails.map((email) => ({
        kind: email.kind,
        subject: email.subject,
        queuedAt: iso(email.createdAt),
        sentAt: email.sentAt ? iso(email.sentAt) : null,
      })),
    };
  });
}

/** "nocturn-my-data-2026-05-01.json": the store's name (letters and digits) and the day, UTC. */
export function customerDataFileName(storeName: string, now = new Date()): string {
  const slug =
    storeName
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "store";
  return `${slug}-my-data-${now.toISOString().slice(0, 10)}.json`;
}
