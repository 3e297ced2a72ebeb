import { handlePaymentWebhook } from "../../server/checkout/handle-payment-webhook";
import type { Route } from "./+types/api.webhooks.stripe";

/**
 * Stripe's notifications. Exempt from the same-site check (server/http/middleware.ts): the
 * signature over the raw body is what proves it comes from Stripe.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const { status, body } = await handlePaymentWebhook({
    services: context,
    rawBody: await request.text(),
    signature: request.headers.get("stripe-signature"),
  });
  return Response.json(body, { status });
}
