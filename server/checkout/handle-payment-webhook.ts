import { eq } from "drizzle-orm";
import { paymentEvent } from "../db/schema";
import { PaymentWebhookError } from "../payments/payment-provider";
import type { Services } from "../services";
import { syncPaymentSession } from "./sync-payment";

/** The checkout session events we act on; anything else is acknowledged and ignored. */
const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

/**
 * A provider's webhook: verify the signature over the raw body, skip an event already handled,
 * then re-read the session and settle the order. The event id is stored only after the work is
 * done, so an event that failed half-way is handled again when the provider retries it.
 */
export async function handlePaymentWebhook(options: {
  services: Pick<Services, "db" | "storage" | "mailQueue" | "payments" | "config" | "log" | "metrics">;
  rawBody: string;
  signature: string | null;
}): Promise<{ status: number; body: Record<string, unknown> }> {
  const { services } = options;
  let event: ReturnType<Services["payments"]["verifyWebhook"]>;
  try {
    event = services.payments.verifyWebhook({ rawBody: options.rawBody, signature: options.signature });
  } catch (error) {
    if (!(error instanceof PaymentWebhookError)) throw error;
    services.metrics.countWebhookEvent("unknown", "invalid_signature");
    services.log.warn({ err: error }, "webhook refused: bad signature or payload");
    return { status: 400, body: { error: "invalid signature" } };
  }

  const [seen] = await services.db
    .select({ id: paymentEvent.id })
    .from(paymentEvent)
    .where(eq(paymentEvent.id, event.id));
  // the provider's event types are many: the metrics name those the store acts on, "other" the rest
  const type = HANDLED_EVENTS.has(event.type) ? event.type : "other";
  if (seen) {
    services.metrics.countWebhookEvent(type, "duplicate");
    return { status: 200, body: { received: true, duplicate: true } };
  }

  const handled = HANDLED_EVENTS.has(event.type) && Boolean(event.sessionId);
  if (handled && event.sessionId) {
    try {
      const { outcome } = await syncPaymentSession({
        services,
        sessionId: event.sessionId,
        eventType: event.type,
      });
      services.log.info({ eventId: event.id, type: event.type, outcome }, "payment webhook handled");
    } catch (err) {
      services.log.error(
        { err, eventId: event.id, type: event.type },
        "payment webhook failed; the provider will retry",
      );
      services.metrics.countWebhookEvent(type, "failed");
      return { status: 500, body: { error: "processing failed" } };
    }
  }
  await services.db
    .insert(paymentEvent)
    .values({ id: event.id, provider: services.payments.id, type: event.type })
    .onConflictDoNothing();
  services.metrics.countWebhookEvent(type, handled ? "handled" : "ignored");
  return { status: 200, body: { received: true } };
}
