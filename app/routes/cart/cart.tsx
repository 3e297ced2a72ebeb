import { ArrowRightIcon, ShoppingBagIcon, Trash2Icon } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { data, Link, useNavigate, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { useTaxMode } from "~/components/vat-note";
import { useCart, useHydrated } from "~/lib/cart";
import { pageMeta } from "~/lib/meta";
import { useMoney } from "~/lib/money";
import { toast } from "~/lib/toast";
import { estimateCart, estimatedTax } from "~/lib/vat-estimate";
import { CartLineRow } from "~/routes/cart/cart-line-row";
import { useRefreshAgainstServer, useReleaseCancelledCheckout } from "~/routes/cart/cart-sync";
import { CartTotals } from "~/routes/cart/cart-totals";
import { checkoutMessages, DEFAULT_COUNTRY, shippingDefaults } from "../../../core/checkout";
import { couponMessages } from "../../../core/coupon";
import { cartActions } from "../../../core/validation/checkout-actions";
import { formText } from "../../../core/validation/form-values";
import { countCheckoutStep } from "../../../server/auth/limit-checkout-step";
import { applyCoupon } from "../../../server/checkout/apply-coupon";
import { cancelCheckout } from "../../../server/checkout/cancel-checkout";
import { parseCheckoutLines } from "../../../server/checkout/checkout-lines";
import { loadCustomerAddress } from "../../../server/checkout/load-customer-address";
import { loadVatRates, type VatRates } from "../../../server/checkout/load-vat-rates";
import { prepareOrder } from "../../../server/checkout/prepare-order";
import { saveCustomerAddress } from "../../../server/checkout/save-customer-address";
import { startPayment } from "../../../server/checkout/start-payment";
import { reportFailure } from "../../../server/http/errors";
import { runAction } from "../../../server/http/run-action";
import { taxMode } from "../../../server/tax/tax-rates";
import type { Route } from "./+types/cart";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Shopping Cart", description: "Your shopping cart.", noIndex: true });
}

/**
 * What the checkout dialog's shipping step starts with, for a signed-in customer: the address
 * they used last, or their account's name. Read on the server, so the form is filled at once.
 * With it come the VAT rates (public), for the estimates: the cart's once the saved address
 * names a country, the shipping step's as the country is chosen.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.session?.user;
  const noRates: VatRates = {};
  if (!user) return { shipping: null, savedCountry: null, vatRates: noRates };
  try {
    const [remembered, vatRates] = await Promise.all([
      loadCustomerAddress({ db: context.db, userId: user.id }),
      loadVatRates({ db: context.db }),
    ]);
    return {
      shipping: shippingDefaults(remembered, user.name),
      savedCountry: remembered?.country ?? null,
      vatRates,
    };
  } catch (error) {
    // the cart itself lives in the browser and stays usable: the form then starts with the name
    // only, and the VAT waits for the payment step, where the server prices the order
    reportFailure(context, error, {
      fallback: "",
      what: "loading the remembered address or the VAT rates failed",
      details: { userId: user.id },
    });
    return { shipping: shippingDefaults(null, user.name), savedCountry: null, vatRates: noRates };
  }
}

/** The checkout's steps (docs/ARCHITECTURE.md#checkout-and-payment). Only ids, quantities, an address and a code come from the browser. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (!context.session) {
    const intent = formText(form, "intent");
    return data(
      { intent, ok: false as const, error: checkoutMessages.signInRequired, signInRequired: true as const },
      { status: 401 },
    );
  }
  const { user } = context.session;
  const services = context;
  const details = { userId: user.id };
  return runAction(context, form, cartActions, {
    coupon: {
      fallback: couponMessages.failed,
      what: "coupon check failed",
      details,
      run: async ({ intent, code, lines }) => {
        const coupon = await applyCoupon({
          db: context.db,
          userId: user.id,
          lines: parseCheckoutLines(lines),
          code,
          money: context.config,
        });
        return {
          intent,
          ok: true as const,
          coupon,
          message: couponMessages.applied(coupon.discountCents, context.config),
        };
      },
    },
    prepare: {
      fallback: checkoutMessages.createOrderFailedGeneric,
      what: "order not created",
      details,
      run: async ({ intent, lines, couponCode, ...shipping }) => {
        // per customer, before any work: each shipping step can create an order
        await countCheckoutStep({ db: context.db, userId: user.id, step: "prepare" });
        const address = { ...shipping, country: shipping.country || DEFAULT_COUNTRY };
        const order = await prepareOrder({
          services,
          userId: user.id,
          lines: parseCheckoutLines(lines),
          shipping: address,
          couponCode,
          taxMode: taxMode(context.config),
        });
        // the order is made: its address is the one to offer next time
        await saveCustomerAddress({ db: context.db, userId: user.id, address });
        return { intent, ok: true as const, order };
      },
    },
    pay: {
      fallback: checkoutMessages.paymentFailed,
      what: "payment not started",
      details,
      run: async ({ intent, orderId }) => {
        // per customer: each Pay holds stock and opens a page at the provider
        await countCheckoutStep({ db: context.db, userId: user.id, step: "pay" });
        const { url } = await startPayment({ services, userId: user.id, customerEmail: user.email, orderId });
        return { intent, ok: true as const, url };
      },
    },
    cancel: {
      fallback: checkoutMessages.paymentFailed,
      what: "cancelled checkout not released",
      details,
      run: async ({ intent, orderId }) => {
        await cancelCheckout({ services, userId: user.id, orderId });
        return { intent, ok: true as const };
      },
    },
  });
}

const loadCheckoutDialog = () => import("~/routes/checkout/checkout-dialog");
/** The dialog (Radix Dialog, the forms) is not part of the cart's first download (docs/PERFORMANCE.md). */
const CheckoutDialog = lazy(() =>
  loadCheckoutDialog().then((module) => ({ default: module.CheckoutDialog })),
);

export default function Cart({ loaderData }: Route.ComponentProps) {
  const money = useMoney();
  const { lines, clear } = useCart();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const account = useRouteLoaderData<{ user: { email: string } | null }>("root")?.user;
  const signedIn = Boolean(account);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  // mounted on first use and kept, so Back and a second opening find the same checkout
  const [checkoutUsed, setCheckoutUsed] = useState(false);
  useEffect(() => {
    // fetched while the shopper looks at the cart, so Proceed to Checkout opens at once
    if (signedIn) void loadCheckoutDialog();
  }, [signedIn]);
  useRefreshAgainstServer();
  useReleaseCancelledCheckout(signedIn);

  const taxMode = useTaxMode();
  const tax = estimatedTax(loaderData.vatRates, loaderData.savedCountry, taxMode);
  const { totalCents } = estimateCart(lines, tax);

  const startCheckout = () => {
    if (signedIn) {
      setCheckoutUsed(true);
      setCheckoutOpen(true);
      return;
    }
    toast.error(checkoutMessages.signInRequired);
    navigate("/login?redirectTo=%2Fcart", { state: { from: "/cart" } });
  };

  if (!hydrated) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6" aria-busy="true">
        <h1 className="mb-10 font-bold text-4xl">Shopping Cart</h1>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }

  if (lines.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-28 text-center">
        <h1 className="font-bold text-4xl">Shopping Cart</h1>
        <ShoppingBagIcon className="mt-6 size-12 text-muted-foreground" aria-hidden />
        <p className="font-semibold text-xl">Your cart is empty</p>
        <p className="text-muted-foreground">Looks like you haven't added anything to your cart yet.</p>
        <Button asChild size="lg" className="mt-2">
          <Link to="/products">Browse Products</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h1 className="font-bold text-4xl">Shopping Cart</h1>
        <Button variant="outline" size="sm" onClick={clear}>
          <Trash2Icon /> Clear Cart
        </Button>
      </div>
      <div className="grid gap-10 lg:grid-cols-[1fr_360px]">
        <ul className="divide-y border-y">
          {lines.map((line) => (
            <CartLineRow key={line.size.id} line={line} />
          ))}
        </ul>
        <aside
          aria-labelledby="summary-heading"
          className="h-fit rounded-xl border bg-card/60 p-6 lg:sticky lg:top-24"
        >
          <h2 id="summary-heading" className="mb-5 font-semibold text-lg">
            Order Summary
          </h2>
          <CartTotals lines={lines} tax={tax} />
          <Button size="lg" className="mt-6 w-full" onClick={startCheckout}>
            Checkout · {money(totalCents)} <ArrowRightIcon />
          </Button>
          <Link
            to="/products"
            className="mt-4 block text-center text-muted-foreground text-sm hover:text-foreground"
          >
            Continue Shopping
          </Link>
        </aside>
      </div>
      {account && loaderData.shipping && checkoutUsed && (
        <Suspense fallback={null}>
          <CheckoutDialog
            open={checkoutOpen}
            onOpenChange={setCheckoutOpen}
            lines={lines}
            defaults={loaderData.shipping}
            vatRates={loaderData.vatRates}
            owner={account.email}
          />
        </Suspense>
      )}
    </div>
  );
}
