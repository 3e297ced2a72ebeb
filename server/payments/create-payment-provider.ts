import type { Config } from "../config";
import type { Database } from "../db/client";
import type { PaymentProvider } from "./payment-provider";
import { createProviderTaxRateStore } from "./provider-tax-rates";
import { createTestPaymentProvider } from "./test-provider";

/**
 * Stripe when its keys are configured; otherwise the built-in test checkout. Stripe's SDK is only
 * loaded when it is used.
 */
export async function createPaymentProvider(options: {
  config: Pick<Config, "stripe" | "publicUrl">;
  db: Database;
}): Promise<PaymentProvider> {
  const { config, db } = options;
  if (config.stripe) {
    const { createStripeProvider } = await import("./stripe-provider");
    const taxRates = createProviderTaxRateStore({ db, provider: "stripe" });
    return createStripeProvider({ ...config.stripe, taxRates });
  }
  return createTestPaymentProvider({ db, publicUrl: config.publicUrl });
}
