import { ArrowLeftIcon, LockIcon, TagIcon, TruckIcon, XIcon } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input, Label, NativeSelect, Textarea } from "~/components/ui/input";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import type { CartLine } from "../../core/cart";
import type { OrderSummary } from "../../core/checkout";
import {
  checkoutMessages,
  DEFAULT_COUNTRY,
  EU_COUNTRIES,
  type ShippingDetails,
  shippingProblem,
} from "../../core/checkout";
import { couponMessages } from "../../core/coupon";
import { formatUsd } from "../../core/money";
import { priceOrder, SHIPPING_CENTS, SHIPPING_DAYS, SHIPPING_METHOD } from "../../core/pricing";

/** What the cart route's action answers, per intent. */
export type CheckoutActionData =
  | { intent: "coupon"; coupon: { code: string; discountCents: number }; message: string }
  | { intent: "prepare"; order: OrderSummary }
  | { intent: "pay"; url: string }
  | { intent: "cancel"; released: true }
  | { intent?: string; error: string; code?: string; signInRequired?: boolean };

const EMPTY_DETAILS: ShippingDetails = {
  fullName: "",
  addressLine1: "",
  addressLine2: "",
  city: "",
  state: "",
  zipCode: "",
  country: DEFAULT_COUNTRY,
  note: "",
};

function linesPayload(lines: CartLine[]) {
  return JSON.stringify(lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })));
}

/**
 * "Complete Your Purchase": shipping details (step 1), then the order as the server priced it and
 * the Pay button (step 2), which leads to the hosted payment page. The browser only ever sends
 * product ids and quantities; every amount shown in step 2 comes from the server.
 */
export function CheckoutDialog({
  open,
  onOpenChange,
  lines,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lines: CartLine[];
}) {
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  // one id per checkout: going Back and Continue again updates the same order
  const [checkoutKey, setCheckoutKey] = useState(() => crypto.randomUUID());
  const [details, setDetails] = useState<ShippingDetails>(EMPTY_DETAILS);
  const [couponCode, setCouponCode] = useState("");
  const [applied, setApplied] = useState<{ code: string; discountCents: number } | null>(null);
  const [summary, setSummary] = useState<OrderSummary | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const couponFetcher = useFetcher<CheckoutActionData>();
  const prepareFetcher = useFetcher<CheckoutActionData>();
  const payFetcher = useFetcher<CheckoutActionData>();

  const failed = (data: CheckoutActionData): data is Extract<CheckoutActionData, { error: string }> =>
    "error" in data;

  const handleSignInRequired = (data: { signInRequired?: boolean }) => {
    if (!data.signInRequired) return false;
    toast.error(checkoutMessages.signInRequired);
    navigate("/login?redirectTo=%2Fcart", { state: { from: "/cart" } });
    return true;
  };

  useFetcherResult(couponFetcher, (data) => {
    if (failed(data)) {
      if (!handleSignInRequired(data)) toast.error(data.error);
      return;
    }
    if (data.intent !== "coupon") return;
    setApplied(data.coupon);
    setCouponCode(data.coupon.code);
    toast.success(data.message);
  });

  useFetcherResult(prepareFetcher, (data) => {
    if (failed(data)) {
      if (handleSignInRequired(data)) return;
      setFormError(data.error);
      toast.error(data.error);
      // the server no longer accepts this checkout's order: the next attempt starts a new one
      if (data.code === "order_locked") setCheckoutKey(crypto.randomUUID());
      return;
    }
    if (data.intent !== "prepare") return;
    setSummary(data.order);
    setFormError(null);
    setStep(2);
  });

  useFetcherResult(payFetcher, (data) => {
    if (failed(data)) {
      if (handleSignInRequired(data)) return;
      toast.error(data.error);
      if (data.code === "order_not_payable") {
        setCheckoutKey(crypto.randomUUID());
        setStep(1);
      }
      return;
    }
    if (data.intent !== "pay") return;
    setRedirecting(true);
    // a full navigation: the payment page is the provider's, not part of this app
    window.location.assign(data.url);
  });

  // a fresh checkout each time the dialog opens
  useEffect(() => {
    if (!open) return;
    setStep(1);
    setCheckoutKey(crypto.randomUUID());
    setSummary(null);
    setFormError(null);
    setRedirecting(false);
  }, [open]);

  const setField = (field: keyof ShippingDetails) => (value: string) =>
    setDetails((current) => ({ ...current, [field]: value }));

  const applyCoupon = () => {
    const code = couponCode.trim().toUpperCase();
    if (!code) {
      toast.error(couponMessages.empty);
      return;
    }
    couponFetcher.submit(
      { intent: "coupon", code, lines: linesPayload(lines) },
      { method: "post", action: "/cart" },
    );
  };

  const removeCoupon = () => {
    setApplied(null);
    setCouponCode("");
    toast.success(couponMessages.removed);
  };

  const continueToPayment = (event: FormEvent) => {
    event.preventDefault();
    if (lines.length === 0) {
      setFormError(checkoutMessages.cartEmpty);
      toast.error(checkoutMessages.cartEmpty);
      return;
    }
    const problem = shippingProblem(details);
    if (problem) {
      setFormError(problem);
      toast.error(problem);
      return;
    }
    prepareFetcher.submit(
      {
        intent: "prepare",
        checkoutKey,
        lines: linesPayload(lines),
        couponCode: applied?.code ?? "",
        ...details,
      },
      { method: "post", action: "/cart" },
    );
  };

  const pay = () => {
    if (!summary) return;
    payFetcher.submit({ intent: "pay", orderId: summary.orderId }, { method: "post", action: "/cart" });
  };

  const estimate = priceOrder(
    lines.map((line) => ({ priceCents: line.product.priceCents, quantity: line.quantity })),
    null,
  );
  const discountEstimate = Math.min(applied?.discountCents ?? 0, estimate.subtotalCents);
  const paying = payFetcher.state !== "idle" || redirecting;

  return (
    <Dialog open={open} onOpenChange={(next) => !paying && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <p className="font-medium text-accent text-xs uppercase tracking-[0.2em]">Step {step} of 2</p>
          <DialogTitle className="text-2xl">Complete Your Purchase</DialogTitle>
          <DialogDescription>
            {step === 1 ? "Where should we send your order?" : "Check your order, then pay securely."}
          </DialogDescription>
        </DialogHeader>

        {step === 1 ? (
          <ShippingStep
            details={details}
            setField={setField}
            formError={formError}
            onSubmit={continueToPayment}
            submitting={prepareFetcher.state !== "idle"}
            coupon={{
              code: couponCode,
              setCode: (value) => setCouponCode(value.toUpperCase()),
              applied,
              apply: applyCoupon,
              remove: removeCoupon,
              applying: couponFetcher.state !== "idle",
            }}
            totals={{ ...estimate, discountCents: discountEstimate }}
          />
        ) : summary ? (
          <PaymentStep
            summary={summary}
            onBack={() => setStep(1)}
            onPay={pay}
            paying={paying}
            redirecting={redirecting}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ShippingStep(props: {
  details: ShippingDetails;
  setField: (field: keyof ShippingDetails) => (value: string) => void;
  formError: string | null;
  onSubmit: (event: FormEvent) => void;
  submitting: boolean;
  coupon: {
    code: string;
    setCode: (value: string) => void;
    applied: { code: string; discountCents: number } | null;
    apply: () => void;
    remove: () => void;
    applying: boolean;
  };
  totals: { subtotalCents: number; discountCents: number };
}) {
  const { details, setField, coupon, totals } = props;
  const id = useId();
  const field = (
    name: keyof ShippingDetails,
    label: string,
    options: { optional?: boolean; autoComplete?: string } = {},
  ) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${name}`}>
        {label}
        {options.optional && <span className="font-normal text-muted-foreground"> (optional)</span>}
      </Label>
      <Input
        id={`${id}-${name}`}
        name={name}
        value={details[name]}
        onChange={(event) => setField(name)(event.target.value)}
        autoComplete={options.autoComplete}
        maxLength={200}
        required={!options.optional}
      />
    </div>
  );
  const total = totals.subtotalCents + SHIPPING_CENTS - totals.discountCents;

  return (
    <form onSubmit={props.onSubmit} noValidate className="grid gap-5">
      {props.formError && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          {props.formError}
        </p>
      )}
      <fieldset className="grid gap-4">
        <legend className="mb-3 font-semibold">Shipping details</legend>
        {field("fullName", "Full Name", { autoComplete: "name" })}
        {field("addressLine1", "Address Line 1", { autoComplete: "address-line1" })}
        {field("addressLine2", "Address Line 2", { optional: true, autoComplete: "address-line2" })}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("city", "City", { autoComplete: "address-level2" })}
          {field("state", "State", { autoComplete: "address-level1" })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {field("zipCode", "ZIP Code", { autoComplete: "postal-code" })}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-country`}>Country</Label>
            <NativeSelect
              id={`${id}-country`}
              name="country"
              value={details.country}
              onChange={(event) => setField("country")(event.target.value)}
              autoComplete="country"
            >
              {EU_COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-note`}>
            Delivery note <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Textarea
            id={`${id}-note`}
            name="note"
            value={details.note}
            onChange={(event) => setField("note")(event.target.value)}
            maxLength={500}
            placeholder="E.g. leave the parcel with the neighbour"
          />
        </div>
      </fieldset>

      <div className="grid gap-2 rounded-lg border bg-card/60 p-4">
        <Label htmlFor={`${id}-coupon`}>Coupon code</Label>
        {coupon.applied ? (
          <div className="flex items-center justify-between gap-3">
            <span
              className="inline-flex items-center gap-2 font-medium font-mono text-sm"
              data-testid="applied-coupon"
            >
              <TagIcon className="size-4 text-accent" aria-hidden /> {coupon.applied.code}
              <span className="font-sans text-muted-foreground">−{formatUsd(totals.discountCents)}</span>
            </span>
            <Button type="button" variant="ghost" size="sm" onClick={coupon.remove}>
              <XIcon /> Remove
            </Button>
          </div>
        ) : (
          <div className="flex gap-2">
            <Input
              id={`${id}-coupon`}
              value={coupon.code}
              onChange={(event) => coupon.setCode(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  coupon.apply();
                }
              }}
              placeholder="Enter code"
              autoComplete="off"
              className="font-mono uppercase"
              maxLength={40}
            />
            <Button type="button" variant="outline" onClick={coupon.apply} disabled={coupon.applying}>
              {coupon.applying ? "Applying..." : "Apply"}
            </Button>
          </div>
        )}
      </div>

      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd>{formatUsd(totals.subtotalCents)}</dd>
        </div>
        {totals.discountCents > 0 && (
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Discount</dt>
            <dd>−{formatUsd(totals.discountCents)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Shipping ({SHIPPING_METHOD})</dt>
          <dd>{formatUsd(SHIPPING_CENTS)}</dd>
        </div>
        <div className="flex justify-between border-t pt-2 font-semibold text-base">
          <dt>Total</dt>
          <dd>{formatUsd(total)}</dd>
        </div>
      </dl>

      <Button type="submit" size="lg" disabled={props.submitting}>
        {props.submitting ? "Saving..." : "Continue to Payment"}
      </Button>
    </form>
  );
}

function PaymentStep(props: {
  summary: OrderSummary;
  onBack: () => void;
  onPay: () => void;
  paying: boolean;
  redirecting: boolean;
}) {
  const { summary } = props;
  return (
    <div className="grid gap-5">
      <section aria-labelledby="checkout-summary" className="grid gap-4">
        <h3 id="checkout-summary" className="font-semibold">
          Order summary{" "}
          <span className="font-normal text-muted-foreground text-sm">· {summary.orderNumber}</span>
        </h3>
        <ul className="divide-y rounded-lg border">
          {summary.lines.map((line) => (
            <li
              key={`${line.productId}-${line.name}`}
              className="flex justify-between gap-4 px-4 py-3 text-sm"
            >
              <span>
                {line.name} <span className="text-muted-foreground">× {line.quantity}</span>
              </span>
              <span className="shrink-0">{formatUsd(line.lineTotalCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="grid gap-2 text-sm" data-testid="checkout-totals">
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd>{formatUsd(summary.subtotalCents)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">
              <span className="inline-flex items-center gap-1.5">
                <TruckIcon className="size-4" aria-hidden /> Shipping: {summary.shippingMethod}
              </span>
              <span className="block text-xs">{SHIPPING_DAYS}</span>
            </dt>
            <dd>{formatUsd(summary.shippingCents)}</dd>
          </div>
          {summary.discountCents > 0 && (
            <div className="flex justify-between">
              <dt className="text-muted-foreground">
                Discount{summary.couponCode ? ` (${summary.couponCode})` : ""}
              </dt>
              <dd>−{formatUsd(summary.discountCents)}</dd>
            </div>
          )}
          <div className="flex justify-between border-t pt-2 font-semibold text-base">
            <dt>Total</dt>
            <dd data-testid="checkout-total">{formatUsd(summary.totalCents)}</dd>
          </div>
        </dl>
        <div className="text-sm">
          <p className="font-medium">Shipping to</p>
          <p className="whitespace-pre-line text-muted-foreground">{summary.shippingAddress}</p>
        </div>
      </section>
      <p className="flex items-center gap-2 text-muted-foreground text-xs">
        <LockIcon className="size-3.5" aria-hidden /> You will be taken to our payment provider's secure page
        to pay by card.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={props.onBack} disabled={props.paying}>
          <ArrowLeftIcon /> Back
        </Button>
        <Button type="button" size="lg" onClick={props.onPay} disabled={props.paying}>
          <LockIcon />{" "}
          {props.redirecting
            ? "Redirecting..."
            : props.paying
              ? "Processing..."
              : `Pay ${formatUsd(summary.totalCents)}`}
        </Button>
      </div>
    </div>
  );
}
