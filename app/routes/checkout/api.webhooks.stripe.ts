import { handlePaymentWebhook } from "../../../server/checkout/handle-payment-webhook";
import type { RequestBodyPolicy } from "../../../server/http/request-body";
import type { Route } from "./+types/api.webhooks.stripe";

/**
 * Stripe's events are JSON documents of a few KB; 1 MB is generous. Raw: the signature is checked
 * over the exact bytes, so the body layer (server/http/request-body.ts) must not touch them.
 */
export const requestBody: RequestBodyPolicy = { maxBytes: 1024 * 1024, kind: "raw" };

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
