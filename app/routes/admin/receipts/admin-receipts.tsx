import { ReceiptTextIcon, SearchXIcon } from "lucide-react";
import { useCallback, useState } from "react";
import { redirect } from "react-router";
import { pageMeta } from "~/lib/meta";
import { plural } from "~/lib/plural";
import { AdminEmptyState, AdminListFilters } from "~/routes/admin/admin-list";
import { AdminListScreen } from "~/routes/admin/admin-list-screen";
import { ReceiptCard } from "~/routes/admin/receipts/receipt-card";
import { ReceiptDetailsDialog } from "~/routes/admin/receipts/receipt-dialog";
import { adminReceiptList } from "../../../../core/admin-lists";
import { requireAdmin } from "../../../../server/auth/guards";
import { listLoadFailure } from "../../../../server/http/errors";
import { type ReceiptView, searchReceiptViews } from "../../../../server/receipts/receipt.view";
import type { Route } from "./+types/admin-receipts";

const LOAD_FAILED = "Failed to load receipts";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Payment Receipts", description: "Store administration.", noIndex: true });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const query = adminReceiptList.parse(url.searchParams);
  try {
    const result = await searchReceiptViews({
      db: context.db,
      query: query.q,
      page: query.page,
      locale: context.config.locale,
    });
    if (query.page > result.pageCount)
      throw redirect(adminReceiptList.href({ ...query, page: result.pageCount }));
    return { query, ...result, error: null };
  } catch (error) {
    return listLoadFailure(context, error, {
      fallback: LOAD_FAILED,
      what: "receipt list failed",
      details: { query },
      empty: { query, receipts: [] as ReceiptView[], total: 0, overallTotal: 0, page: 1, pageCount: 1 },
    });
  }
}

export default function AdminReceipts({ loaderData }: Route.ComponentProps) {
  const { query, receipts, total, overallTotal, page, pageCount, error } = loaderData;
  const [viewingId, setViewingId] = useState<string | null>(null);
  const closeView = useCallback(() => setViewingId(null), []);

  return (
    <>
      <AdminListScreen
        title="Payment Receipts"
        headingId="receipts-heading"
        summary={
          <>
            {plural(overallTotal, "receipt")}
            {query.q ? ` · ${total} matching "${query.q}"` : ""}
          </>
        }
        filters={
          <AdminListFilters
            key={query.q}
            list={adminReceiptList}
            q={query.q}
            label="Search receipts"
            placeholder="Search by receipt number, email or order number..."
            className="flex gap-3"
          />
        }
        path={adminReceiptList.path}
        error={error}
        isEmpty={receipts.length === 0}
        empty={
          <AdminEmptyState
            icon={query.q ? SearchXIcon : ReceiptTextIcon}
            description={
              query.q
                ? "No receipts match your search criteria."
                : "No payment receipts have been created yet."
            }
            clearHref={query.q ? adminReceiptList.path : undefined}
            clearLabel="Clear search"
          />
        }
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => adminReceiptList.href({ ...query, page: target })}
      >
        <div className="grid gap-4 lg:grid-cols-2">
          {receipts.map((receipt) => (
            <ReceiptCard key={receipt.id} receipt={receipt} onView={setViewingId} />
          ))}
        </div>
      </AdminListScreen>

      <ReceiptDetailsDialog
        receipt={receipts.find((receipt) => receipt.id === viewingId) ?? null}
        onClose={closeView}
      />
    </>
  );
}
