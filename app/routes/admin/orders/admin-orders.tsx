import { DownloadIcon, PackageSearchIcon, RefreshCwIcon } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, redirect } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { plural } from "~/lib/plural";
import { AdminEmptyState } from "~/routes/admin/admin-list";
import { AdminListScreen, AdminRefreshButton } from "~/routes/admin/admin-list-screen";
import { OrderDetailsDialog } from "~/routes/admin/orders/admin-order-dialog";
import { OrderEditDialog } from "~/routes/admin/orders/order-edit-dialog";
import { OrderFilters } from "~/routes/admin/orders/order-filters";
import { OrderTable } from "~/routes/admin/orders/order-table";
import { adminOrderList } from "../../../../core/admin-lists";
import { formatMoney } from "../../../../core/money";
import { trackingServiceName } from "../../../../core/order";
import { adminOrderActions } from "../../../../core/validation/admin-actions";
import { requireAdmin } from "../../../../server/auth/guards";
import { listLoadFailure } from "../../../../server/http/errors";
import { runAction } from "../../../../server/http/run-action";
import { type AdminOrderView, searchAdminOrderViews } from "../../../../server/orders/admin-order.view";
import { cancelPaidOrder } from "../../../../server/orders/cancel-paid-order";
import { MAX_EXPORT_ROWS } from "../../../../server/orders/export-orders-csv";
import { UPDATE_ORDER_FAILED, updateOrder } from "../../../../server/orders/update-order";
import type { Route } from "./+types/admin-orders";

const LOAD_FAILED = "Failed to load orders. Please try again later.";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Manage Orders", description: "Store administration.", noIndex: true });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const query = adminOrderList.parse(url.searchParams);
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
      throw redirect(adminOrderList.href({ ...query, page: result.pageCount }));
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
  return runAction(context, await request.formData(), adminOrderActions, {
    "cancel-refund": {
      fallback: UPDATE_ORDER_FAILED,
      what: "order cancel and refund failed",
      run: async ({ intent, orderId }) => {
        const result = await cancelPaidOrder({ services: context, orderId, by: { adminId: user.id } });
        const refunded = result.outcome === "refunded";
        return {
          intent,
          ok: true as const,
          message: refunded
            ? `Order ${result.orderNumber} cancelled and ${formatMoney(result.amountCents, { currency: result.currency, locale: context.config.locale })} refunded`
            : `Order ${result.orderNumber} was already refunded`,
          notice: result.customerNotified ? "The customer was e-mailed about the refund." : null,
          warning:
            result.customerNotified === false
              ? "The refund e-mail to the customer could not be sent; the error is in the server log."
              : null,
        };
      },
    },
    update: {
      fallback: UPDATE_ORDER_FAILED,
      what: "order update failed",
      run: async ({ intent, orderId, status, trackingCode }) => {
        const result = await updateOrder({ services: context, orderId, status, trackingCode });
        return {
          intent,
          ok: true as const,
          message: `Order ${result.orderNumber} updated successfully`,
          notice: result.customerNotified ? "The customer was e-mailed the tracking link." : null,
          warning:
            result.customerNotified === false
              ? "The shipping e-mail to the customer could not be sent; the error is in the server log."
              : null,
        };
      },
    },
  });
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { query, orders, total, hiddenCheckouts, exportLimit, page, pageCount, error, trackingService } =
    loaderData;
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const closeView = useCallback(() => setViewingId(null), []);
  const closeEdit = useCallback(() => setEditingId(null), []);
  const openEdit = useCallback((id: string) => {
    setViewingId(null);
    setEditingId(id);
  }, []);
  const filtered = Boolean(query.q || query.status || query.checkouts);

  return (
    <>
      <AdminListScreen
        title="Manage Orders"
        headingId="orders-heading"
        summary={
          <>
            {plural(total, "order")}
            {hiddenCheckouts > 0 ? (
              <>
                {" · "}
                <Link
                  to={adminOrderList.href({ ...query, checkouts: true, page: 1 })}
                  className="underline underline-offset-4 hover:text-foreground"
                >
                  {hiddenCheckouts === 1
                    ? "1 checkout not taken to payment hidden"
                    : `${hiddenCheckouts} checkouts not taken to payment hidden`}
                </Link>
              </>
            ) : null}
          </>
        }
        actions={
          <>
            <a
              href={`/admin/orders/export.csv${adminOrderList.search({ ...query, page: 1 })}`}
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
            <AdminRefreshButton label="Refresh Orders" />
          </>
        }
        filters={<OrderFilters query={query} />}
        path={adminOrderList.path}
        error={error}
        isEmpty={orders.length === 0}
        retryIcon={RefreshCwIcon}
        empty={
          <AdminEmptyState
            icon={PackageSearchIcon}
            title="No orders found"
            description="Try a different search term or clear filters."
            clearHref={filtered ? adminOrderList.path : undefined}
          />
        }
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => adminOrderList.href({ ...query, page: target })}
      >
        <OrderTable orders={orders} onView={setViewingId} onEdit={openEdit} />
      </AdminListScreen>

      <OrderDetailsDialog
        order={orders.find((order) => order.id === viewingId) ?? null}
        trackingService={trackingService}
        onClose={closeView}
        onEdit={openEdit}
      />
      <OrderEditDialog order={orders.find((order) => order.id === editingId) ?? null} onClose={closeEdit} />
    </>
  );
}
