// The app's services on the Stripe driver, pointed at a fresh local Stripe stand-in: the fixture the
// Stripe integration suites share.
import { afterAll, beforeAll } from "vitest";
import { type StripeStandIn, startStripeStandIn } from "./stripe-stand-in";
import { createTestServices, type TestServices } from "./test-services";

/** The settings that put the app's payments on Stripe, at the stand-in. */
function stripeEnv(stripe: StripeStandIn): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: "sk_test_nocturn",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  };
}

/**
 * This test file's (or describe block's) stand-in and services on it: started before its first test,
 * closed after its last. `env`: more settings, e.g. PRICES_INCLUDE_TAX.
 */
export function setupStripeServices(env: Record<string, string> = {}): {
  stripe: StripeStandIn;
  t: TestServices;
} {
  const stripe = {} as StripeStandIn;
  const t = {} as TestServices;
  beforeAll(async () => {
    Object.assign(stripe, await startStripeStandIn());
    Object.assign(t, await createTestServices({ ...stripeEnv(stripe), ...env }));
  });
  afterAll(async () => {
    await t.close?.();
    await stripe.close?.();
  });
  return { stripe, t };
}
