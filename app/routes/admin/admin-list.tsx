import {
  AlertCircleIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  type LucideIcon,
  PencilIcon,
  Trash2Icon,
} from "lucide-react";
import type { ComponentProps, FormEvent, ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** The title row of an admin screen: heading, a line under it, and the screen's main actions. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="font-bold text-3xl">{title}</h1>
        {description ? <p className="mt-1.5 text-muted-foreground text-sm">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

/** A bordered, horizontally scrollable table; `caption` names it for assistive technology. */
export function AdminTable({
  caption,
  className,
  children,
  ...props
}: { caption: string } & ComponentProps<"table">) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card/60">
      <table className={cn("w-full border-collapse text-sm", className)} {...props}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A column heading; the cell adds its alignment (text-left, text-right or text-center). */
export const adminHeadCellClass =
  "whitespace-nowrap px-3 py-3 font-medium text-muted-foreground text-xs uppercase tracking-wider";
export const adminCellClass = "px-3 py-3 align-middle";

/**
 * The Edit and Delete icon buttons of an admin list row or card; `name` completes their accessible
 * names ("Edit …", "Delete …"), the tooltips say just "Edit" and "Delete".
 */
export function AdminEditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={`Edit ${name}`}
        title="Edit"
        onClick={onEdit}
      >
        <PencilIcon aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={`Delete ${name}`}
        title="Delete"
        className="text-destructive hover:text-destructive"
        onClick={onDelete}
      >
        <Trash2Icon aria-hidden />
      </Button>
    </>
  );
}

/** What an admin list shows when it has nothing to show. */
export function AdminEmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-16 text-center">
      <Icon className="size-10 text-muted-foreground" strokeWidth={1.4} aria-hidden />
      <h2 className="font-semibold text-xl">{title}</h2>
      <p className="max-w-sm text-muted-foreground text-sm">{description}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

/** A searchable admin list's URL, with only the parameters that differ from the defaults. */
export function adminListHref(path: string, query: { q: string; page: number }): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `${path}${search ? `?${search}` : ""}`;
}

/** What an admin list shows when it could not be loaded, with a button that loads it again. */
export function AdminLoadError({
  message,
  onRetry,
  retryIcon: RetryIcon,
}: {
  message: string;
  onRetry: () => void;
  retryIcon?: LucideIcon;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/50 bg-destructive/10 px-4 py-16 text-center"
    >
      <AlertCircleIcon className="size-8 text-destructive" aria-hidden />
      <p className="font-medium">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {RetryIcon ? <RetryIcon aria-hidden /> : null}
        Try again
      </Button>
    </div>
  );
}

/**
 * Previous / "Page n of m" / Next, as links, so paging works before hydration and each page has
 * its own, shareable URL. `preventScrollReset` keeps the scroll position when the page changes.
 */
export function AdminPagination({
  page,
  pageCount,
  hrefFor,
  preventScrollReset,
  className,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  preventScrollReset?: boolean;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  const linkClass = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <nav aria-label="Pagination" className={cn("mt-6 flex items-center justify-center gap-2", className)}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev" preventScrollReset={preventScrollReset}>
          <ChevronLeftIcon aria-hidden /> Previous
        </Link>
      ) : null}
      <span className="px-3 text-muted-foreground text-sm">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next" preventScrollReset={preventScrollReset}>
          Next <ChevronRightIcon aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * The search form above an admin list: a GET form to `action` (so it works before hydration);
 * with `onSearch`, a submit goes there instead (see useSearchNavigation in ~/components/search-field). Give it a `key` that
 * changes with the URL, so a new URL (back button, shared link) resets the fields to what it says.
 */
export function AdminSearchForm({
  action,
  onSearch,
  className,
  children,
}: {
  action: string;
  onSearch?: (form: HTMLFormElement) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      action={action}
      role="search"
      className={className}
      onSubmit={
        onSearch
          ? (event: FormEvent<HTMLFormElement>) => {
              event.preventDefault();
              onSearch(event.currentTarget);
            }
          : undefined
      }
    >
      {children}
    </Form>
  );
}
