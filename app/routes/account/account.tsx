import { DownloadIcon, LockIcon, LogOutIcon, PackageIcon, Trash2Icon, UserRoundIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, useFetcher, useLocation, useNavigate } from "react-router";
import { Field, FormError, PasswordField } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { useFormError } from "~/lib/use-form-error";
import { AccountAddress } from "~/routes/account/address-form";
import { DeleteAccountDialog } from "~/routes/account/delete-account-dialog";
import { AccountOrders } from "~/routes/account/order-list";
import { checkoutMessages } from "../../../core/checkout";
import { isProductId } from "../../../core/product";
import { returnMessages } from "../../../core/returns";
import { accountDeletionSchema, accountPrivacyMessages } from "../../../core/validation/account-privacy";
import { authMessages, passwordChangeSchema, profileSchema } from "../../../core/validation/auth";
import { formText } from "../../../core/validation/form-schema";
import { AppError } from "../../../server/app-error";
import { changePassword } from "../../../server/auth/change-password";
import { requireUser } from "../../../server/auth/guards";
import { countCheckoutStep } from "../../../server/auth/limit-checkout-step";
import { updateProfile } from "../../../server/auth/update-profile";
import {
  cancelPendingOrder,
  cancelPendingOrderMessages,
} from "../../../server/checkout/cancel-pending-order";
import { loadCustomerAddress } from "../../../server/checkout/load-customer-address";
import { resumePayment } from "../../../server/checkout/resume-payment";
import { saveCustomerAddress } from "../../../server/checkout/save-customer-address";
import { handleAction, reportFailure } from "../../../server/http/errors";
import { redirectWithToast } from "../../../server/http/flash";
import { CUSTOMER_ORDERS_LOAD_ERROR, listCustomerOrders } from "../../../server/orders/list-customer-orders";
import { deleteAccount } from "../../../server/privacy/delete-account";
import { cancelReturn } from "../../../server/returns/cancel-return";
import type { Route } from "./+types/account";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "My Account",
    description: "Your profile, orders and settings.",
    noIndex: true,
  });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { user } = requireUser(context, url);
  const profile = { name: user.name, email: user.email };
  const tab = tabFromLocation(url.pathname, url.search);
  // the address is read only for the Profile tab, the orders only for the Orders tab: switching
  // tabs changes the URL and reloads. Only the session's own user is ever read.
  if (tab === "profile") {
    return { ...profile, address: await loadCustomerAddress({ db: context.db, userId: user.id }) };
  }
  if (tab !== "orders") return profile;
  try {
    return {
      ...profile,
      orders: { ok: true as const, orders: await listCustomerOrders({ ...context, userId: user.id }) },
    };
  } catch (error) {
    // the rest of the page stays usable; the status tells monitoring that the orders failed
    const { status, error: message } = reportFailure(context, error, {
      fallback: CUSTOMER_ORDERS_LOAD_ERROR,
      what: "loading the customer's orders failed",
      details: { userId: user.id },
    });
    return data({ ...profile, orders: { ok: false as const, message } }, { status });
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const session = requireUser(context, url);
  const { user } = session;
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "profile") {
    const failure = { fallback: "Failed to update profile", what: "profile update failed" };
    return handleAction(context, { ...failure, extra: { intent, ok: false as const } }, async () => {
      const headers = await updateProfile({
        ...context,
        session,
        headers: request.headers,
        fullName: formText(form, "fullName"),
      });
      return data({ intent, ok: true as const }, { headers });
    });
  }
  if (intent === "address") {
    const failure = { fallback: checkoutMessages.addressSaveFailed, what: "address not saved" };
    return handleAction(context, { ...failure, extra: { intent, ok: false as const } }, async () => {
      await saveCustomerAddress({
        db: context.db,
        userId: user.id,
        address: {
          fullName: formText(form, "fullName"),
          addressLine1: formText(form, "addressLine1"),
          addressLine2: formText(form, "addressLine2"),
          city: formText(form, "city"),
          state: formText(form, "state"),
          zipCode: formText(form, "zipCode"),
          country: formText(form, "country"),
        },
      });
      return { intent, ok: true as const };
    });
  }
  if (intent === "password") {
    const failure = { fallback: authMessages.unexpected, what: "password change failed" };
    return handleAction(context, { ...failure, extra: { intent, ok: false as const } }, async () => {
      const headers = await changePassword({
        ...context,
        session,
        headers: request.headers,
        currentPassword: formText(form, "currentPassword"),
        newPassword: formText(form, "newPassword"),
        confirmPassword: formText(form, "confirmPassword"),
      });
      // the other sessions are gone; this browser gets a fresh session cookie
      return data({ intent, ok: true as const }, { headers });
    });
  }
  if (intent === "complete-payment") {
    const failure = { fallback: checkoutMessages.paymentFailed, what: "completing a payment failed" };
    return handleAction(context, { ...failure, extra: { intent, ok: false as const } }, async () => {
      // the checkout's Pay from My Orders: the same per-customer limit (app/routes/cart.tsx)
      await countCheckoutStep({ db: context.db, userId: user.id, step: "pay" });
      const { url } = await resumePayment({
        services: context,
        userId: user.id,
        customerEmail: user.email,
        orderId: readOrderId(form),
      });
      return { intent, ok: true as const, url };
    });
  }
  if (intent === "cancel-order") {
    const failure = { fallback: CANCEL_ORDER_FAILED, what: "cancelling an order failed" };
    return handleAction(context, { ...failure, extra: { intent, ok: false as const } }, async () => {
      const { orderNumber } = await cancelPendingOrder({
        services: context,
        userId: user.id,
        orderId: readOrderId(form),
      });
      return { intent, ok: true as const, message: cancelPendingOrderMessages.cancelled(orderNumber) };
    });
  }
  if (intent === "cancel-return") {
    const failure = { fallback: returnMessages.actionFailed, what: "cancelling a return failed" };
    return handleAction(context, { ...failure, extra: { intent, ok: false as const } }, async () => {
      const returnId = formText(form, "returnId");
      // anything but an id is answered like a return that is not the customer's
      if (!isProductId(returnId)) throw new AppError("return_not_found", returnMessages.notFound, 404);
      const { message } = await cancelReturn({
        services: context,
        user: { id: user.id, email: user.email },
        returnId,
      });
      return { intent, ok: true as const, message };
    });
  }
  if (intent === "delete-account") {
    const failure = {
      fallback: accountPrivacyMessages.deleteFailed,
      what: "account deletion failed",
      details: { userId: user.id },
    };
    return handleAction(context, { ...failure, extra: { intent, ok: false as const } }, async () => {
      const { headers } = await deleteAccount({
        ...context,
        headers: request.headers,
        session,
        password: formText(form, "password"),
      });
      // every session is gone; this browser's cookie is cleared and the toast waits on the home page
      return redirectWithToast(
        context,
        "/",
        { kind: "success", text: accountPrivacyMessages.deleted },
        headers,
      );
    });
  }
  throw data("Unknown action", { status: 400 });
}

const CANCEL_ORDER_FAILED = "Failed to cancel the order. Please try again.";

/** An order id from the form; anything else is answered like an order that is not the customer's. */
function readOrderId(form: FormData): string {
  const orderId = formText(form, "orderId");
  if (!isProductId(orderId)) throw new AppError("order_not_found", checkoutMessages.orderNotFound, 404);
  return orderId;
}

type Tab = "profile" | "orders" | "settings";

function tabFromLocation(pathname: string, search: string): Tab {
  if (pathname.replace(/\/+$/, "").endsWith("/orders")) return "orders";
  return new URLSearchParams(search).get("tab") === "settings" ? "settings" : "profile";
}

const TAB_URLS: Record<Tab, string> = {
  profile: "/account",
  orders: "/account/orders",
  settings: "/account?tab=settings",
};

function ProfileTab({ name, email }: { name: string; email: string }) {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data?.intent === "profile" ? fetcher.data : undefined;
  const { error, onSubmit, onChange } = useFormError(
    result && !result.ok ? result.error : undefined,
    profileSchema,
  );
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success("Profile updated successfully");
    else
      toast.error(
        result.error === "Failed to update profile"
          ? result.error
          : `Failed to update profile: ${result.error}`,
      );
  }, [result]);
  return (
    <section className="max-w-xl rounded-xl border bg-card/60 p-6" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="mb-6 font-semibold text-xl">
        Profile Information
      </h2>
      <FormError message={error} />
      <fetcher.Form
        method="post"
        className="flex flex-col gap-5"
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
      >
        <input type="hidden" name="intent" value="profile" />
        <Field
          label="Full Name"
          name="fullName"
          defaultValue={name}
          autoComplete="name"
          required
          maxLength={100}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          defaultValue={email}
          disabled
          hint="Email address and username cannot be changed"
        />
        <Button type="submit" className="self-start" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving..." : "Save Changes"}
        </Button>
      </fetcher.Form>
    </section>
  );
}

function SettingsTab() {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data?.intent === "password" ? fetcher.data : undefined;
  const { error, onSubmit, onChange } = useFormError(
    result && !result.ok ? result.error : undefined,
    passwordChangeSchema,
  );
  const formKey = result?.ok ? "saved" : "editing";
  useEffect(() => {
    if (result?.ok) toast.success("Password updated successfully");
  }, [result]);
  return (
    <div className="grid max-w-xl gap-6">
      <section className="rounded-xl border bg-card/60 p-6" aria-labelledby="password-heading">
        <h2 id="password-heading" className="mb-6 flex items-center gap-2 font-semibold text-xl">
          <LockIcon className="size-5 text-accent" aria-hidden /> Change Password
        </h2>
        <FormError message={error} />
        {/* a new key empties the fields after a successful change */}
        <fetcher.Form
          key={formKey}
          method="post"
          className="flex flex-col gap-5"
          onSubmit={onSubmit}
          onChange={onChange}
          noValidate
        >
          <input type="hidden" name="intent" value="password" />
          <PasswordField
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            required
          />
          <PasswordField label="New Password" name="newPassword" autoComplete="new-password" required />
          <PasswordField
            label="Confirm New Password"
            name="confirmPassword"
            autoComplete="new-password"
            required
          />
          <Button type="submit" className="self-start" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Updating..." : "Update Password"}
          </Button>
        </fetcher.Form>
      </section>
      <YourDataSection />
      <DeleteAccountSection />
      <section className="rounded-xl border bg-card/60 p-6" aria-labelledby="signout-heading">
        <h2 id="signout-heading" className="mb-2 font-semibold text-xl">
          Sign Out
        </h2>
        <p className="mb-5 text-muted-foreground text-sm">Sign out of your account on this device.</p>
        <Form method="post" action="/logout">
          {/* an everyday action, not a destructive one: only "Delete my account" is red */}
          <Button type="submit" variant="outline">
            <LogOutIcon /> Sign Out
          </Button>
        </Form>
      </section>
    </div>
  );
}

/** "Download my data" (GDPR articles 15 and 20): posted as a document, so the answer is saved as a file. */
function YourDataSection() {
  return (
    <section className="rounded-xl border bg-card/60 p-6" aria-labelledby="data-heading">
      <h2 id="data-heading" className="mb-2 flex items-center gap-2 font-semibold text-xl">
        <DownloadIcon className="size-5 text-accent" aria-hidden /> Your Data
      </h2>
      <p className="mb-5 text-muted-foreground text-sm">
        A copy of everything we hold about you: your profile, saved address, orders with their receipts, VAT
        and refunds, and any returns, as a JSON file you can keep or take to another service.
      </p>
      <Form method="post" action="/account/data-export" reloadDocument>
        <Button type="submit" variant="outline">
          <DownloadIcon /> Download my data
        </Button>
      </Form>
    </section>
  );
}

/**
 * "Delete my account" (GDPR article 17): the password, then a confirmation naming what is erased and
 * what is kept, and only then the post; the server decides.
 */
function DeleteAccountSection() {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data?.intent === "delete-account" ? fetcher.data : undefined;
  const { error, invalidField, onSubmit, onChange } = useFormError(
    result && !result.ok ? result.error : undefined,
    accountDeletionSchema,
  );
  const busy = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  // a refusal (a wrong password, an order in progress) closes the confirmation and is shown in the
  // box above the form; a deletion redirects home
  useFetcherResult(fetcher, (answer) => {
    if (answer.intent === "delete-account") setConfirming(false);
  });
  return (
    <section
      className="rounded-xl border border-destructive/40 bg-card/60 p-6"
      aria-labelledby="delete-account-heading"
    >
      <h2 id="delete-account-heading" className="mb-2 flex items-center gap-2 font-semibold text-xl">
        <Trash2Icon className="size-5 text-destructive" aria-hidden /> Delete Account
      </h2>
      <div className="mb-5 space-y-2 text-muted-foreground text-sm">
        <p>
          This deletes your profile, saved address and sign-in details, and signs you out on every device. It
          cannot be undone.
        </p>
        <p>
          The records of your orders and their receipts are kept, no longer linked to you, for as long as tax
          law requires. While an order is awaiting payment, on its way or has a return in progress, your
          account cannot be deleted yet.
        </p>
      </div>
      <FormError id="delete-account-error" message={error} />
      <fetcher.Form
        ref={form}
        method="post"
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          // the form's own check first (the password is required), then the question
          onSubmit(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          setConfirming(true);
        }}
        onChange={onChange}
        noValidate
      >
        <input type="hidden" name="intent" value="delete-account" />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          aria-invalid={invalidField === "password" || undefined}
          aria-describedby={error ? "delete-account-error" : undefined}
        />
        <Button ref={submit} type="submit" variant="destructive" className="self-start" disabled={busy}>
          <Trash2Icon /> {busy ? "Deleting..." : "Delete my account"}
        </Button>
      </fetcher.Form>
      <DeleteAccountDialog
        open={confirming}
        onOpenChange={setConfirming}
        busy={busy}
        onConfirm={() => form.current && fetcher.submit(form.current, { method: "post" })}
        opener={submit}
      />
    </section>
  );
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabFromLocation(location.pathname, location.search);
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <header className="mb-10 flex items-center gap-4">
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary">
          <UserRoundIcon className="size-6 text-accent" aria-hidden />
        </span>
        <div className="min-w-0">
          <h1 className="truncate font-bold text-3xl">{loaderData.name || "Valued Customer"}</h1>
          <p className="truncate text-muted-foreground">{loaderData.email}</p>
        </div>
      </header>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          navigate(TAB_URLS[value as Tab], { replace: true, preventScrollReset: true })
        }
      >
        <TabsList>
          <TabsTrigger value="profile">
            <UserRoundIcon /> Profile
          </TabsTrigger>
          <TabsTrigger value="orders">
            <PackageIcon /> Orders
          </TabsTrigger>
          <TabsTrigger value="settings">
            <LockIcon /> Settings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="grid gap-6">
          <ProfileTab name={loaderData.name} email={loaderData.email} />
          {"address" in loaderData && (
            <AccountAddress address={loaderData.address} accountName={loaderData.name} />
          )}
        </TabsContent>
        <TabsContent value="orders">
          {"orders" in loaderData && <AccountOrders result={loaderData.orders} />}
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
