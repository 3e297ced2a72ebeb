import { ArrowLeftIcon, CreditCardIcon, FlaskConicalIcon, LandmarkIcon, LockIcon } from "lucide-react";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { formatCardExpiry, formatCardNumber } from "~/lib/card-format";
import { pageMeta } from "~/lib/meta";
import { useMoney } from "~/lib/money";
import type { RouteHandle } from "~/lib/route-handle";
import { checkoutMessages } from "../../../core/checkout";
import { vatLabel } from "../../../core/tax";
import { formText } from "../../../core/validation/form-values";
import { syncPaymentSession } from "../../../server/checkout/sync-payment";
import { handleAction } from "../../../server/http/errors";
import {
  finishTestDelayedPayment,
  getTestCheckoutSession,
  submitTestDebit,
  submitTestPayment,
  type TestCheckoutContents,
} from "../../../server/payments/test-provider";
import type { Route } from "./+types/test-checkout";
import { TestBankPanel } from "./test-bank-panel";
import { TestDebitForm } from "./test-debit-form";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Test Checkout", description: "Test payment page.", noIndex: true });
}

/** A hosted payment page of its own, as Stripe's is: none of the store's header, navigation or footer. */
export const handle: RouteHandle = { standalone: true };

/** The built-in test checkout exists only while the store runs without Stripe. */
function requireTestProvider(context: Route.LoaderArgs["context"]) {
  if (context.payments.id !== "test") throw data(null, { status: 404 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requireTestProvider(context);
  const session = await getTestCheckoutSession({ db: context.db, sessionId: params.session });
  if (!session) throw data(null, { status: 404 });
  const open = session.status === "open" && session.expiresAt.getTime() > Date.now();
  return {
    open,
    /** A test debit's bank answer, shown as the test bank's page: processing, succeeded or failed. */
    delayedOutcome: session.status === "complete" ? session.delayedOutcome : null,
    ibanLast4: session.ibanLast4,
    storeName: context.config.storeName,
    amountCents: session.amountCents,
    // the order's, as Stripe's page shows the session's
    currency: session.currency,
    customerEmail: session.customerEmail,
    items: session.lineItems as TestCheckoutContents,
    cancelUrl: session.cancelUrl,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireTestProvider(context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const sessionId = params.session;
  const failure = { fallback: checkoutMessages.paymentFailed, what: "test payment failed" };
  return handleAction(context, { ...failure, details: { sessionId, intent } }, async () => {
    if (intent === "settle" || intent === "fail") {
      // the test bank answers a debit: what Stripe's async_payment_succeeded / _failed webhook
      // makes the store do, here at once; a failed sync is thrown, and pressing again retries it
      await finishTestDelayedPayment({
        db: context.db,
        sessionId,
        outcome: intent === "settle" ? "succeeded" : "failed",
      });
      await syncPaymentSession({
        services: context,
        sessionId,
        eventType: `checkout.session.async_payment_${intent === "settle" ? "succeeded" : "failed"}`,
      });
      return redirect(`/test-checkout/${sessionId}`);
    }
    const successUrl =
      intent === "sepa_debit"
        ? await submitTestDebit({
            db: context.db,
            sessionId,
            iban: formText(form, "iban"),
            acceptsMandate: form.get("mandate") === "on",
          })
        : await submitTestPayment({
            db: context.db,
            sessionId,
            cardNumber: formText(form, "cardNumber"),
            expiry: formText(form, "expiry"),
            cvc: formText(form, "cvc"),
          });
    // what Stripe's webhook would trigger; the success page does it too, so a failure here waits for it
    await syncPaymentSession({ services: context, sessionId }).catch((err: unknown) =>
      context.log.error({ err, sessionId }, "test payment taken but not yet settled"),
    );
    return redirect(successUrl);
  });
}

function SummaryRow(props: { label: string; quantity?: number; description?: string; amount: string }) {
  return (
    <li className="flex justify-between gap-4 py-3">
      <span>
        {props.label}
        {props.quantity !== undefined && props.quantity > 1 && (
          <span className="text-muted-foreground"> × {props.quantity}</span>
        )}
        {props.description && (
          <span className="block text-muted-foreground text-xs">{props.description}</span>
        )}
      </span>
      <span className="tabular-nums">{props.amount}</span>
    </li>
  );
}

/** The VAT as the order charged it: already in the amounts above, or added to them. */
function VatRow({ tax, currency }: { tax: NonNullable<TestCheckoutContents["tax"]>; currency: string }) {
  const money = useMoney(currency);
  const isIncluded = tax.behavior === "inclusive";
  return (
    <li className="flex justify-between gap-4 py-3" data-testid="vat-row">
      <span>
        {vatLabel(tax.rateBasisPoints, tax.countryName)}{" "}
        <span className="text-muted-foreground">{isIncluded ? "included" : "added"}</span>
      </span>
      <span className="tabular-nums">
        {isIncluded ? "" : "+"}
        {money(tax.amountCents)}
      </span>
    </li>
  );
}

/**
 * Rewrites the field in the card form's shape (uncontrolled, so what was typed before hydration
 * stays). A rewrite puts the caret at the end, which is where it is in fields this short.
 */
function reformat(field: HTMLInputElement, format: (value: string) => string) {
  const formatted = format(field.value);
  if (formatted !== field.value) field.value = formatted;
}

/** A numeric card field, reformatted as the shopper types when `format` is given (no browser autofill). */
function CardField({
  name,
  label,
  placeholder,
  format,
}: {
  name: string;
  label: string;
  placeholder: string;
  format?: (value: string) => string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={name}>{label}</Label>
      <Input
        id={name}
        name={name}
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        // as the shopper types, and once at hydration for what was typed while the page loaded
        onInput={format && ((event) => reformat(event.currentTarget, format))}
        ref={
          format &&
          ((field) => {
            if (field) reformat(field, format);
          })
        }
        required
      />
    </div>
  );
}

/** The card tab: Stripe's test numbers decide the outcome. */
function CardForm(props: { customerEmail: string; amount: string; cancelUrl: string; paying: boolean }) {
  return (
    <Form method="post" className="grid gap-4" noValidate>
      <input type="hidden" name="intent" value="card" />
      <div className="grid gap-2">
        <Label htmlFor="email">Email</Label>
        <Input id="email" value={props.customerEmail} readOnly />
      </div>
      <CardField
        name="cardNumber"
        label="Card number"
        placeholder="4242 4242 4242 4242"
        format={formatCardNumber}
      />
      <div className="grid grid-cols-2 gap-4">
        <CardField name="expiry" label="Expiry (MM/YY)" placeholder="12/34" format={formatCardExpiry} />
        <CardField name="cvc" label="CVC" placeholder="123" />
      </div>
      <p className="text-muted-foreground text-xs">
        Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry date and any
        3 digits.
      </p>
      <Button type="submit" size="lg" disabled={props.paying}>
        <LockIcon /> {props.paying ? "Processing..." : `Pay ${props.amount}`}
      </Button>
      <Button asChild variant="ghost">
        <a href={props.cancelUrl}>Cancel</a>
      </Button>
    </Form>
  );
}

const PAYMENT_METHODS = [
  { value: "card", label: "Card", icon: CreditCardIcon },
  { value: "sepa_debit", label: "SEPA Direct Debit", icon: LandmarkIcon },
] as const;

type PaymentMethodChoice = (typeof PAYMENT_METHODS)[number]["value"];

/**
 * Card or SEPA Direct Debit: one choice of two, so a radio group (the browser gives it its keys and
 * its semantics; Radix Tabs cost this page some 10 KiB gzip: docs/PERFORMANCE.md#first-load-javascript),
 * drawn as a segmented control. Each radio covers its whole label, so a click anywhere on it is the radio's.
 */
function PaymentMethodPicker({
  method,
  onChange,
}: {
  method: PaymentMethodChoice;
  onChange: (method: PaymentMethodChoice) => void;
}) {
  return (
    <fieldset className="inline-flex h-11 items-center gap-1 rounded-lg border bg-muted/60 p-1">
      <legend className="sr-only">Payment method</legend>
      {PAYMENT_METHODS.map(({ value, label, icon: Icon }) => (
        <label
          key={value}
          className="relative inline-flex h-full items-center justify-center gap-2 rounded-md px-4 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground has-checked:bg-background has-checked:text-foreground has-checked:shadow has-focus-visible:outline-2 has-focus-visible:outline-ring has-focus-visible:outline-offset-2 [&_svg]:size-4"
        >
          <input
            type="radio"
            name="payment-method"
            value={value}
            checked={method === value}
            onChange={() => onChange(value)}
            className="absolute inset-0 cursor-pointer appearance-none rounded-md focus-visible:outline-none"
          />
          <Icon aria-hidden /> {label}
        </label>
      ))}
    </fieldset>
  );
}

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  const [method, setMethod] = useState<PaymentMethodChoice>("card");
  const money = useMoney(loaderData.currency);
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      {/* the merchant, as a hosted payment page names it, with the way back to its cart */}
      <header className="mb-8 flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <a
          href={loaderData.cancelUrl}
          className="inline-flex items-center gap-2 text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon className="size-4" aria-hidden />
          <span className="sr-only">Back to</span>
          <span className="font-bold font-display text-foreground text-lg uppercase tracking-[0.2em]">
            {loaderData.storeName}
          </span>
        </a>
        <p className="inline-flex items-center gap-2 rounded-full border border-amber-400/40 bg-amber-400/10 px-3 py-1 font-semibold text-amber-200 text-xs">
          <FlaskConicalIcon className="size-3.5" aria-hidden /> Test mode - no real payment
        </p>
      </header>
      <div className="grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="pay-summary">
          <h1 id="pay-summary" className="text-muted-foreground">
            Pay {loaderData.storeName}
          </h1>
          <p className="mt-1 font-bold text-4xl tabular-nums" data-testid="amount-due">
            {money(loaderData.amountCents)}
          </p>
          <ul className="mt-8 divide-y border-y text-sm">
            {items.lines.map((line) => (
              <SummaryRow
                key={line.name}
                label={line.name}
                quantity={line.quantity}
                description={line.description}
                amount={money(line.unitAmountCents * line.quantity)}
              />
            ))}
            <SummaryRow
              label={items.shipping.label}
              description={items.shipping.description}
              amount={money(items.shipping.amountCents)}
            />
            {items.tax && <VatRow tax={items.tax} currency={loaderData.currency} />}
            <li className="flex justify-between gap-4 py-3 font-semibold">
              <span>Total due</span>
              <span>{money(loaderData.amountCents)}</span>
            </li>
          </ul>
        </section>

        {loaderData.delayedOutcome ? (
          <TestBankPanel
            outcome={loaderData.delayedOutcome}
            ibanLast4={loaderData.ibanLast4}
            amount={money(loaderData.amountCents)}
            error={actionData?.error}
          />
        ) : (
          <section aria-labelledby="pay-heading" className="rounded-xl border bg-card/60 p-6">
            <h2 id="pay-heading" className="font-semibold text-lg">
              Payment method
            </h2>
            {loaderData.open ? (
              <div className="mt-4">
                <PaymentMethodPicker method={method} onChange={setMethod} />
                {actionData?.error && (
                  <p
                    role="alert"
                    className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
                  >
                    {actionData.error}
                  </p>
                )}
                <div className="mt-6">
                  {method === "card" ? (
                    <CardForm
                      customerEmail={loaderData.customerEmail}
                      amount={money(loaderData.amountCents)}
                      cancelUrl={loaderData.cancelUrl}
                      paying={paying}
                    />
                  ) : (
                    <TestDebitForm
                      storeName={loaderData.storeName}
                      amount={money(loaderData.amountCents)}
                      cancelUrl={loaderData.cancelUrl}
                      paying={paying}
                    />
                  )}
                </div>
              </div>
            ) : (
              <div className="mt-6 grid gap-4">
                <p role="alert">This checkout session is no longer open. Nothing was charged.</p>
                <Button asChild variant="outline">
                  <a href={loaderData.cancelUrl}>Return to cart</a>
                </Button>
              </div>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
