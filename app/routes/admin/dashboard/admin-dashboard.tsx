import {
  AlertCircleIcon,
  CalendarDaysIcon,
  CalendarRangeIcon,
  ReceiptIcon,
  SunIcon,
  TriangleAlertIcon,
} from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useDateFormat } from "~/lib/date-format";
import { pageMeta } from "~/lib/meta";
import { useMoney } from "~/lib/money";
import { plural } from "~/lib/plural";
import { MostWantedSizes } from "~/routes/admin/dashboard/dashboard-most-wanted";
import {
  DashboardPanel,
  LatestOrders,
  LowStockList,
  OrdersByStatus,
  PanelLink,
  SalesFigure,
} from "~/routes/admin/dashboard/dashboard-panels";
import { RevenueChart, RevenueTable } from "~/routes/admin/dashboard/dashboard-revenue-chart";
import { useQuarterSpan, VatCollectedTable } from "~/routes/admin/dashboard/dashboard-vat";
import { LOW_STOCK_THRESHOLD } from "../../../../core/product";
import { requireAdmin } from "../../../../server/auth/guards";
import { getSalesDashboard } from "../../../../server/dashboard/get-sales-dashboard";
import { listMostWantedSizes } from "../../../../server/dashboard/list-most-wanted-sizes";
import { listLoadFailure } from "../../../../server/http/errors";
import type { Route } from "./+types/admin-dashboard";

const LOAD_FAILED = "Failed to load the dashboard. Please try again later.";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Admin Dashboard", description: "Store administration.", noIndex: true });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { user } = requireAdmin(context, url);
  try {
    // `summary` keeps the catalog figures under the name this route has always given them
    const [{ catalog, ...sales }, mostWanted] = await Promise.all([
      getSalesDashboard({
        db: context.db,
        timeZone: context.config.timeZone,
        currency: context.config.currency,
      }),
      listMostWantedSizes({ db: context.db }),
    ]);
    return { name: user.name, summary: catalog, dashboard: { ...sales, mostWanted }, error: null };
  } catch (error) {
    return listLoadFailure(context, error, {
      fallback: LOAD_FAILED,
      what: "could not load the sales dashboard",
      details: { userId: user.id },
      empty: { name: user.name, summary: null, dashboard: null },
    });
  }
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, summary, error } = loaderData;
  const format = useDateFormat();
  return (
    <div>
      <header className="mb-6">
        <h1 className="font-bold text-3xl">Dashboard</h1>
        <p className="mt-1.5 text-muted-foreground text-sm">
          {dashboard ? (
            <>
              Sales by UTC day (days start at 00:00 UTC), as of{" "}
              <time dateTime={dashboard.now}>{format.dateTime(dashboard.now)}</time>. Paid orders only;
              refunds are not counted. Signed in as {loaderData.name}.
            </>
          ) : (
            `Sales, orders and stock at a glance. Signed in as ${loaderData.name}.`
          )}
        </p>
      </header>

      {dashboard && summary ? (
        <Dashboard dashboard={dashboard} catalog={summary} />
      ) : (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-12 text-center"
        >
          <AlertCircleIcon className="size-8 text-destructive" aria-hidden />
          <p>{error}</p>
          <Link
            to="/admin/dashboard"
            reloadDocument
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            Try again
          </Link>
        </div>
      )}
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function Dashboard({
  dashboard,
  catalog,
}: {
  dashboard: NonNullable<LoaderData["dashboard"]>;
  catalog: NonNullable<LoaderData["summary"]>;
}) {
  const { today, last7Days, last30Days, vatLastQuarter } = dashboard;
  const belowThreshold = catalog.lowStock + catalog.soldOut;
  const quarterSpan = useQuarterSpan(vatLastQuarter.quarter);
  // the sums in the store's currency
  const money = useMoney();
  return (
    <div className="space-y-6">
      {dashboard.overdueWithdrawals > 0 ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2.5">
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            {plural(dashboard.overdueWithdrawals, "withdrawal")} past the 14-day refund deadline: refund them
            now.
          </p>
          <Link to="/admin/returns" className={buttonVariants({ variant: "outline", size: "sm" })}>
            Open Returns
          </Link>
        </div>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {(
          [
            { icon: SunIcon, label: "Revenue today", sales: today, span: " since 00:00 UTC" },
            { icon: CalendarDaysIcon, label: "Last 7 days", sales: last7Days, span: ", today included" },
            { icon: CalendarRangeIcon, label: "Last 30 days", sales: last30Days, span: ", today included" },
          ] as const
        ).map(({ icon, label, sales, span }) => (
          <SalesFigure
            key={label}
            icon={icon}
            label={label}
            value={money(sales.revenueCents)}
            net={money(sales.netRevenueCents)}
            detail={`${plural(sales.paidOrders, "paid order")}${span}`}
          />
        ))}
        <SalesFigure
          icon={ReceiptIcon}
          label="Average order value"
          value={dashboard.averageOrderCents === null ? "No orders" : money(dashboard.averageOrderCents)}
          detail="Per paid order, last 30 days"
        />
      </dl>

      <DashboardPanel
        title="Revenue per day"
        description={`Last ${dashboard.daily.length} days by UTC day: ${money(last30Days.revenueCents)} from ${plural(last30Days.paidOrders, "paid order")}.`}
      >
        <RevenueChart days={dashboard.daily} />
        <details className="group mt-4 border-t pt-3">
          <summary className="cursor-pointer select-none rounded-sm text-muted-foreground text-sm hover:text-foreground">
            Show the figures as a table
          </summary>
          {/* focusable, so the scrolling table can be scrolled with the keyboard */}
          <section
            aria-label="Revenue per day, as a table"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
            tabIndex={0}
            className="mt-3 max-h-80 overflow-y-auto rounded-md pr-1"
          >
            <RevenueTable days={dashboard.daily} />
          </section>
        </details>
      </DashboardPanel>

      <DashboardPanel
        title="VAT collected last quarter"
        description={`${vatLastQuarter.quarter.label} (${quarterSpan}): the VAT of the orders paid in the quarter less the VAT refunded in it, per destination country and rate, with the net sales it was charged on. What the One-Stop-Shop return asks for.`}
      >
        <VatCollectedTable collected={vatLastQuarter} />
      </DashboardPanel>

      <div className="grid gap-6 lg:grid-cols-3">
        <DashboardPanel
          title="Latest orders"
          description="Newest first; open one to see its details."
          action={<PanelLink to="/admin/orders">All orders</PanelLink>}
          className="lg:col-span-2"
        >
          <LatestOrders orders={dashboard.latestOrders} />
        </DashboardPanel>
        <DashboardPanel title="Orders by status" description="All placed orders, paid or awaiting payment.">
          <OrdersByStatus counts={dashboard.ordersByStatus} openCheckouts={dashboard.openCheckouts} />
        </DashboardPanel>
      </div>

      <DashboardPanel
        title="Low stock"
        description={
          <>
            {plural(belowThreshold, "product")} below {LOW_STOCK_THRESHOLD} in stock ({catalog.soldOut} sold
            out), of {plural(catalog.products, "product")} in the catalog.
            {belowThreshold > dashboard.lowStock.length
              ? ` The ${dashboard.lowStock.length} with the least stock are shown.`
              : null}
          </>
        }
        action={<PanelLink to="/admin/products">All products</PanelLink>}
      >
        <LowStockList products={dashboard.lowStock} />
      </DashboardPanel>

      <DashboardPanel
        title="Most wanted sold-out sizes"
        description="The sizes shoppers asked to be told about when they are back, most requests first. Restocking one e-mails each of them once."
        action={<PanelLink to="/admin/products">All products</PanelLink>}
      >
        <MostWantedSizes sizes={dashboard.mostWanted} />
      </DashboardPanel>
    </div>
  );
}
