import { type LucideIcon, RefreshCwIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { AdminLoadError, AdminPageHeader, AdminPagination } from "./admin-list";

/**
 * A searchable admin list screen (orders, returns, receipts): its heading with a live count line
 * and its actions, its filters, then the rows (or why there are none) and the page links. The
 * page links keep the scroll position, so paging does not jump to the top.
 */
export function AdminListScreen({
  title,
  headingId,
  summary,
  actions,
  filters,
  path,
  error,
  isEmpty,
  empty,
  retryIcon,
  page,
  pageCount,
  hrefFor,
  children,
}: {
  title: string;
  headingId: string;
  /** The counts under the heading, read out when they change. */
  summary: ReactNode;
  actions?: ReactNode;
  filters: ReactNode;
  /** The list's address: a navigation there dims the rows shown until it arrives. */
  path: string;
  error: string | null;
  isEmpty: boolean;
  empty: ReactNode;
  retryIcon?: LucideIcon;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId}>
      <AdminPageHeader
        title={title}
        headingId={headingId}
        description={<span aria-live="polite">{summary}</span>}
        actions={actions}
      />
      <div className="mb-6">{filters}</div>
      <AdminListResults path={path} error={error} isEmpty={isEmpty} empty={empty} retryIcon={retryIcon}>
        {children}
      </AdminListResults>
      <AdminPagination
        page={page}
        pageCount={pageCount}
        className="mt-8!"
        preventScrollReset
        hrefFor={hrefFor}
      />
    </section>
  );
}

/** "Refresh Orders": loads the list again, spinning while it does. */
export function AdminRefreshButton({ label }: { label: string }) {
  const revalidator = useRevalidator();
  const refreshing = revalidator.state === "loading";
  return (
    <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={refreshing}>
      <RefreshCwIcon className={cn(refreshing && "animate-spin")} aria-hidden />
      {refreshing ? "Refreshing..." : label}
    </Button>
  );
}

/**
 * What a list screen shows under its filters: why it could not be loaded (with Try again), its
 * empty state when it has no rows, or the rows, dimmed while the next page or search loads.
 */
function AdminListResults({
  path,
  error,
  isEmpty,
  empty,
  retryIcon,
  children,
}: {
  path: string;
  error: string | null;
  isEmpty: boolean;
  empty: ReactNode;
  retryIcon?: LucideIcon;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  if (error)
    return <AdminLoadError message={error} onRetry={() => revalidator.revalidate()} retryIcon={retryIcon} />;
  if (isEmpty) return empty;
  return (
    <div
      className={cn("transition-opacity", (loading || revalidator.state === "loading") && "opacity-60")}
      aria-busy={loading}
    >
      {children}
    </div>
  );
}
