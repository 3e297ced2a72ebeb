import { ReceiptTextIcon, SearchXIcon } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, redirect, useNavigation, useRevalidator } from "react-router";
import { SearchField, useSearchNavigation } from "~/components/search-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import { AdminLoadError, AdminPagination, AdminSearchForm, adminListHref } from "~/routes/admin/admin-list";
import { ReceiptCard, type ReceiptView } from "~/routes/admin/receipts/receipt-card";
import { ReceiptDetailsDialog } from "~/routes/admin/receipts/receipt-dialog";
import { requireAdmin } from "../../../../server/auth/guards";
import { listLoadFailure } from "../../../../server/http/errors";
import { searchReceiptViews } from "../../../../server/receipts/receipt.view";
import type { Route } from "./+types/admin-receipts";

const LOAD_FAILED = "Failed to load receipts";
const MAX_QUERY_LENGTH = 100;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Payment Receipts", description: "Store administration.", noIndex: true });
}

function parseReceiptQuery(params: URLSearchParams) {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

function receiptsHref(query: { q: string; page: number }) {
  return adminListHref("/admin/receipts", query);
}

/** Where the search form goes: the first page of the receipts matching what it says. */
function searchHref(params: URLSearchParams) {
  return receiptsHref({ ...parseReceiptQuery(params), page: 1 });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const query = parseReceiptQuery(url.searchParams);
  try {
    const result = await searchReceiptViews({ db: context.db, query: query.q, page: query.page });
    if (query.page > result.pageCount) throw redirect(receiptsHref({ ...query, page: result.pageCount }));
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
  const search = useSearchNavigation(searchHref);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [viewingId, setViewingId] = useState<string | null>(null);
  const closeView = useCallback(() => setViewingId(null), []);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/receipts";

  return (
    <section aria-labelledby="receipts-heading">
      <div className="mb-6">
        <h1 id="receipts-heading" className="font-bold text-3xl">
          Payment Receipts
        </h1>
        <p className="mt-1 text-muted-foreground text-sm" aria-live="polite">
          {overallTotal === 1 ? "1 receipt" : `${overallTotal} receipts`}
          {query.q ? ` · ${total} matching "${query.q}"` : ""}
        </p>
      </div>

      <AdminSearchForm action="/admin/receipts" key={query.q} className="mb-6 flex gap-3" onSearch={search}>
        <SearchField
          label="Search receipts"
          defaultValue={query.q}
          placeholder="Search by receipt number, email or order number..."
          maxLength={MAX_QUERY_LENGTH}
          className="flex-1"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </AdminSearchForm>

      {error ? (
        <AdminLoadError message={error} onRetry={() => revalidator.revalidate()} />
      ) : receipts.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-20 text-center">
          {query.q ? (
            <SearchXIcon className="size-10 text-muted-foreground" aria-hidden />
          ) : (
            <ReceiptTextIcon className="size-10 text-muted-foreground" aria-hidden />
          )}
          <p className="text-muted-foreground">
            {query.q
              ? "No receipts match your search criteria."
              : "No payment receipts have been created yet."}
          </p>
          {query.q ? (
            <Link to="/admin/receipts" className={cn(buttonVariants({ variant: "outline" }), "mt-2")}>
              Clear search
            </Link>
          ) : null}
        </div>
      ) : (
        <div
          className={cn("grid gap-4 lg:grid-cols-2", loading && "opacity-60 transition-opacity")}
          aria-busy={loading}
        >
          {receipts.map((receipt) => (
            <ReceiptCard key={receipt.id} receipt={receipt} onView={setViewingId} />
          ))}
        </div>
      )}

      <AdminPagination
        page={page}
        pageCount={pageCount}
        className="mt-8!"
        preventScrollReset
        hrefFor={(target) => receiptsHref({ ...query, page: target })}
      />

      <ReceiptDetailsDialog
        receipt={receipts.find((receipt) => receipt.id === viewingId) ?? null}
        onClose={closeView}
      />
    </section>
  );
}
