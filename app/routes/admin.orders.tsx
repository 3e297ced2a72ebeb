import { DownloadIcon, PackageSearchIcon, RefreshCwIcon } from "lucide-react";
import { useCallback, useState } from "react";
import { data, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { AdminLoadError, AdminPagination } from "~/components/admin/admin-page";
import { OrderDetailsDialog } from "~/components/admin/order-details-dialog";
import { OrderEditDialog, type OrderUpdateResult } from "~/components/admin/order-edit-dialog";
import { adminOrderQueryString, OrderFilters, parseAdminOrderQuery } from "~/components/admin/order-filters";
import { type AdminOrderView, OrderTable } from "~/components/admin/order-table";
import { trackingServiceName } from "~/components/admin/order-tracking";
import { Button, buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import { formatUsd } from "../../core/money";
import { formText } from "../../core/validation/form-schema";
import { requireAdmin } from "../../server/auth/guards";
import { handleAction, listLoadFailure } from "../../server/http/errors";
import { searchAdminOrderViews } from "../../server/orders/admin-order.view";
import { cancelPaidOrder } from "../../server/orders/cancel-paid-order";
import { MAX_EXPORT_ROWS } from "../../server/orders/export-orders-csv";
import { UPDATE_ORDER_FAILED, updateOrder } from "../../server/orders/update-order";
import type { Route } from "./+types/admin.orders";

const LOAD_FAILED = "Failed to load orders. Please try again later.";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Manage Orders", description: "Store administration.", noIndex: true });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const query = parseAdminOrderQuery(url.searchParams);
  const shown = { query, trackingService: trackingServiceName(context.config.trackingUrlTemplate) };
  try {
    const result = await searchAdminOrderViews({
      ...context,
      query: query.q,
      status: query.status || undefined,
      includeCheckouts: query.checkouts,
      page: query.page,
    });
    // a shared link to a page that no longer exists shows the last one
    if (query.page > result.pageCount)
      throw redirect(`/admin/orders${adminOrderQueryString({ ...query, page: result.pageCount })}`);
    return { ...shown, ...result, exportLimit: MAX_EXPORT_ROWS, error: null };
  } catch (error) {
    return listLoadFailure(context, error, {
      fallback: LOAD_FAILED,
      what: "admin order list failed",
      details: { query },
      empty: {
        ...shown,
        orders: [] as AdminOrderView[],
        total: 0,
        hiddenCheckouts: 0,
        exportLimit: MAX_EXPORT_ROWS,
        page: 1,
        pageCount: 1,
      },
    });
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { user } = requireAdmin(context, url);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const orderId = formText(form, "orderId");
  if (intent === "cancel-refund") {
    const failure = {
      fallback: UPDATE_ORDER_FAILED,
      what: "order cancel and refund failed",
      extra: { intent: "cancel-refund" as const, ok: false as const },
      details: { orderId },
    };
    return handleAction(context, failure, async () => {
      const result = await cancelPaidOrder({ services: context, orderId, adminId: user.id });
      const refunded = result.outcome === "refunded";
      return {
        intent: "cancel-refund",
        ok: true,
        message: refunded
          ? `Order ${result.orderNumber} cancelled and ${formatUsd(result.amountCents)} refunded`
          : `Order ${result.orderNumber} was already refunded`,
        notice: result.customerNotified ? "The customer was e-mailed about the refund." : null,
        warning:
          result.customerNotified === false
            ? "The refund e-mail to the customer could not be sent; the error is in the server log."
            : null,
      } satisfies OrderUpdateResult;
    });
  }
  if (intent !== "update") throw data("Unknown action", { status: 400 });
  const failure = {
    fallback: UPDATE_ORDER_FAILED,
    what: "order update failed",
    extra: { intent: "update" as const, ok: false as const },
    details: { orderId },
  };
  return handleAction(context, failure, async () => {
    const result = await updateOrder({
      services: context,
      orderId,
      status: formText(form, "status"),
      trackingCode: formText(form, "trackingCode"),
    });
    return {
      intent: "update",
      ok: true,
      message: `Order ${result.orderNumber} updated successfully`,
      notice: result.customerNotified ? "The customer was e-mailed the tracking link." : null,
      warning:
        result.customerNotified === false
          ? "The shipping e-mail to the customer could not be sent; the error is in the server log."
          : null,
    } satisfies OrderUpdateResult;
  });
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { query, orders, total, hiddenCheckouts, exportLimit, page, pageCount, error, trackingService } =
    loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const closeView = useCallback(() => setViewingId(null), []);
  const closeEdit = useCallback(() => setEditingId(null), []);
  const openEdit = useCallback((id: string) => {
    setViewingId(null);
    setEditingId(id);
  }, []);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/orders";
  const refreshing = revalidator.state === "loading";
  const filtered = Boolean(query.q || query.status);
  const exportHref = `/admin/orders/export.csv${adminOrderQueryString({ ...query, page: 1 })}`;

  return (
    <section aria-labelledby="orders-heading">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="orders-heading" className="font-bold text-3xl">
            Manage Orders
          </h1>
          <p className="mt-1 text-muted-foreground text-sm" aria-live="polite">
            {total === 1 ? "1 order" : `${total} orders`}
            {hiddenCheckouts > 0 ? (
              <>
                {" · "}
                <Link
                  to={`/admin/orders${adminOrderQueryString({ ...query, checkouts: true, page: 1 })}`}
                  className="underline underline-offset-4 hover:text-foreground"
                >
                  {hiddenCheckouts === 1
                    ? "1 checkout not taken to payment hidden"
                    : `${hiddenCheckouts} checkouts not taken to payment hidden`}
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex gap-2">
          <a
            href={exportHref}
            download
            className={buttonVariants({ variant: "outline" })}
            title={
              total > exportLimit
                ? `Downloads the newest ${exportLimit} orders of this list`
                : "Downloads the orders of this list as a CSV file"
            }
          >
            <DownloadIcon /> Export CSV
          </a>
          <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={refreshing}>
            <RefreshCwIcon className={cn(refreshing && "animate-spin")} aria-hidden />
            {refreshing ? "Refreshing..." : "Refresh Orders"}
          </Button>
        </div>
      </div>

      <div className="mb-6">
        <OrderFilters query={query} />
      </div>

      {error ? (
        <AdminLoadError message={error} onRetry={() => revalidator.revalidate()} retryIcon={RefreshCwIcon} />
      ) : orders.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-20 text-center">
          <PackageSearchIcon className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="font-semibold text-xl">No orders found</h2>
          <p className="text-muted-foreground">Try a different search term or clear filters.</p>
          {filtered || query.checkouts ? (
            <Link to="/admin/orders" className={cn(buttonVariants({ variant: "outline" }), "mt-2")}>
              Clear filters
            </Link>
          ) : null}
        </div>
      ) : (
        <div
          className={cn("transition-opacity", (loading || refreshing) && "opacity-60")}
          aria-busy={loading}
        >
          <OrderTable orders={orders} onView={setViewingId} onEdit={openEdit} />
        </div>
      )}

      <AdminPagination
        page={page}
        pageCount={pageCount}
        className="mt-8!"
        preventScrollReset
        hrefFor={(target) => `/admin/orders${adminOrderQueryString({ ...query, page: target })}`}
      />

      <OrderDetailsDialog
        order={orders.find((order) => order.id === viewingId) ?? null}
        trackingService={trackingService}
        onClose={closeView}
        onEdit={openEdit}
      />
      <OrderEditDialog order={orders.find((order) => order.id === editingId) ?? null} onClose={closeEdit} />
    </section>
  );
}
