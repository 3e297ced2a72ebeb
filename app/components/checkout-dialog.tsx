import { type FormEvent, useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import type { CartLine } from "../../core/cart";
import {
  checkoutMessages,
  DEFAULT_COUNTRY,
  type OrderSummary,
  type ShippingDetails,
} from "../../core/checkout";
import { couponMessages } from "../../core/coupon";
import { priceOrder } from "../../core/pricing";
import { PaymentStep } from "./checkout-payment-step";
import { ShippingStep } from "./checkout-shipping-step";

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

/**
 * The shipping form's first problem, checked with the server's schema. The schema brings zod
 * (about 24 KiB gzip), so it is fetched when the dialog opens rather than with the cart page,
 * which must stay within the storefront's JavaScript budget (docs/PERFORMANCE.md).
 */
async function shippingProblem(details: ShippingDetails): Promise<string | null> {
  const [{ parseForm }, { shippingSchema }] = await Promise.all([
    import("../../core/validation/form-schema"),
    import("../../core/validation/shipping-form"),
  ]);
  const checked = parseForm(shippingSchema, details);
  return checked.ok ? null : checked.message;
}

function linesPayload(lines: CartLine[]) {
  return JSON.stringify(lines.map((line) => ({ variantId: line.size.id, quantity: line.quantity })));
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
    // loads the shipping check before the shopper needs it
    void shippingProblem(EMPTY_DETAILS);
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

  const continueToPayment = async (event: FormEvent) => {
    event.preventDefault();
    if (lines.length === 0) {
      setFormError(checkoutMessages.cartEmpty);
      toast.error(checkoutMessages.cartEmpty);
      return;
    }
    // if the check cannot be fetched, the server still makes it
    const problem = await shippingProblem(details).catch(() => null);
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
