import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { estimatedTax } from "~/lib/vat-estimate";
import type { action as cartAction } from "~/routes/cart/cart";
import type { CartLine } from "../../../core/cart";
import {
  checkoutMessages,
  type OrderSummary,
  type ShippingDetails,
  shippingDefaults,
} from "../../../core/checkout";
import { couponMessages } from "../../../core/coupon";
import { priceOrder } from "../../../core/pricing";
import { type FormProblem, isProblemFixed } from "../../../core/validation/form-problem";
import type { VatRates } from "../../../server/checkout/load-vat-rates";
import { useTaxMode } from "../../components/vat-note";
import { PaymentStep } from "./payment-step";
import { ShippingStep } from "./shipping-step";

/**
 * The shipping form's problems, in order, checked with the server's schema. The schema brings zod
 * and the postcode patterns (about 28 KiB gzip), so it is fetched when the dialog opens rather
 * than with the cart page, which must stay within the storefront's JavaScript budget
 * (docs/PERFORMANCE.md).
 */
async function shippingProblems(details: ShippingDetails): Promise<FormProblem[]> {
  const [{ formProblems }, { shippingSchema }] = await Promise.all([
    import("../../../core/validation/form-schema"),
    import("../../../core/validation/shipping-form"),
  ]);
  return formProblems(shippingSchema, details);
}

/**
 * What was typed in the shipping step, kept for this visit: closing the dialog, or going to the
 * shop and back, keeps it. It lives in memory only (never in storage, where the next person at
 * a shared computer could read it) and belongs to one account: a draft of someone who signed
 * out is not shown to the next. A new page load starts from the server's defaults again.
 */
let draft: { owner: string; details: ShippingDetails } | null = null;

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
  defaults,
  owner,
  vatRates,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lines: CartLine[];
  /** The remembered address, or the account's name (the cart's loader). */
  defaults: ShippingDetails;
  /** Whose checkout this is (the account's e-mail): the draft of this visit is theirs only. */
  owner: string;
  /** Every country's VAT rate (the cart's loader), for the shipping step's estimate. */
  vatRates: VatRates;
}) {
  const navigate = useNavigate();
  const taxMode = useTaxMode();
  const [step, setStep] = useState<1 | 2>(1);
  const [details, setDetails] = useState<ShippingDetails>(() =>
    draft?.owner === owner ? draft.details : defaults,
  );
  // the form's problems as of the last check, to tell when the message shown has been fixed
  const problems = useRef<FormProblem[]>([]);
  const [couponCode, setCouponCode] = useState("");
  const [applied, setApplied] = useState<{ code: string; discountCents: number } | null>(null);
  const [summary, setSummary] = useState<OrderSummary | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const couponFetcher = useFetcher<typeof cartAction>();
  const prepareFetcher = useFetcher<typeof cartAction>();
  const payFetcher = useFetcher<typeof cartAction>();

  const handleSignInRequired = (data: object) => {
    if (!("signInRequired" in data)) return false;
    toast.error(checkoutMessages.signInRequired);
    navigate("/login?redirectTo=%2Fcart", { state: { from: "/cart" } });
    return true;
  };

  useFetcherResult(couponFetcher, (data) => {
    if (!data.ok) {
      if (!handleSignInRequired(data)) toast.error(data.error);
      return;
    }
    if (data.intent !== "coupon") return;
    setApplied(data.coupon);
    setCouponCode(data.coupon.code);
    toast.success(data.message);
  });

  useFetcherResult(prepareFetcher, (data) => {
    if (!data.ok) {
      if (handleSignInRequired(data)) return;
      setFormError(data.error);
      toast.error(data.error);
      return;
    }
    if (data.intent !== "prepare") return;
    setSummary(data.order);
    setFormError(null);
    setStep(2);
  });

  useFetcherResult(payFetcher, (data) => {
    if (!data.ok) {
      if (handleSignInRequired(data)) return;
      toast.error(data.error);
      // the order changed or ended meanwhile: Continue saves the checkout again
      if ("code" in data && data.code === "order_not_payable") setStep(1);
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
    setSummary(null);
    setFormError(null);
    setRedirecting(false);
    // loads the shipping check before the shopper needs it
    void shippingProblems(shippingDefaults(null, "")).catch(() => null);
  }, [open]);

  const setField = (field: keyof ShippingDetails) => (value: string) => {
    const next = { ...details, [field]: value };
    setDetails(next);
    draft = { owner, details: next };
    if (formError) void recheck(formError, next);
  };

  /** A message whose problem the change fixed disappears; the others wait for Continue. */
  const recheck = async (shown: string, next: ShippingDetails) => {
    const after = await shippingProblems(next).catch(() => null);
    if (!after) return;
    if (isProblemFixed(shown, problems.current, after))
      setFormError((current) => (current === shown ? null : current));
    problems.current = after;
  };

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
    problems.current = await shippingProblems(details).catch(() => []);
    const problem = problems.current[0]?.message;
    if (problem) {
      // shown in the box above the form only: a toast would cover the footer's buttons
      setFormError(problem);
      return;
    }
    prepareFetcher.submit(
      {
        intent: "prepare",
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

  // the estimate follows the country chosen; the payment step shows the order the server priced
  const estimate = priceOrder(
    lines.map((line) => ({ priceCents: line.product.priceCents, quantity: line.quantity })),
    // the discount the server answered for this cart: as a fixed amount it is spread over the
    // lines as the server spreads it
    applied
      ? {
          discountType: "fixed",
          amountOffCents: applied.discountCents,
          percentBasisPoints: null,
          minimumOrderCents: 0,
        }
      : null,
    estimatedTax(vatRates, details.country, taxMode),
  );
  const paying = payFetcher.state !== "idle" || redirecting;

  return (
    <Dialog open={open} onOpenChange={(next) => !paying && onOpenChange(next)}>
      {/* a column: the header and the footer stay in view, the step's body scrolls between them */}
      <DialogContent width="2xl" sections>
        <DialogHeader className="shrink-0 border-b px-6 pt-5 pb-4">
          <p className="font-medium text-accent text-xs uppercase tracking-[0.2em]">Step {step} of 2</p>
          <DialogTitle className="text-2xl!">Complete Your Purchase</DialogTitle>
          <DialogDescription>
            {step === 1 ? "Where should we send your order?" : "Check your order, then pay securely."}
          </DialogDescription>
        </DialogHeader>

        {step === 1 ? (
          <ShippingStep
            details={details}
            setField={setField}
            formError={formError}
            invalidField={problems.current.find((problem) => problem.message === formError)?.field ?? null}
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
            totals={estimate}
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
