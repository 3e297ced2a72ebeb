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
import { SearchField, useSearchNavigation } from "~/components/search-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { NoticePanel } from "~/components/ui/notice-panel";
import { cn } from "~/lib/utils";
import { MAX_SEARCH_LENGTH } from "../../../core/list-query";

/** The title row of an admin screen: heading, a line under it, and the screen's main actions. */
export function AdminPageHeader({
  title,
  headingId,
  description,
  actions,
}: {
  title: string;
  /** For a section the heading names (`aria-labelledby`). */
  headingId?: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 id={headingId} className="font-bold text-3xl">
          {title}
        </h1>
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

/**
 * What an admin list shows when it has nothing to show; `clearHref` adds the link that drops the
 * search and filters (`clearLabel`, "Clear filters" unless told).
 */
export function AdminEmptyState({
  icon: Icon,
  title,
  description,
  action,
  clearHref,
  clearLabel = "Clear filters",
}: {
  icon: LucideIcon;
  title?: string;
  description: string;
  action?: ReactNode;
  clearHref?: string;
  clearLabel?: string;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-16 text-center">
      <Icon className="size-10 text-muted-foreground" strokeWidth={1.4} aria-hidden />
      {title ? <h2 className="font-semibold text-xl">{title}</h2> : null}
      <p className="max-w-sm text-muted-foreground text-sm">{description}</p>
      {action ? <div className="mt-2">{action}</div> : null}
      {clearHref ? (
        <Link to={clearHref} className={cn(buttonVariants({ variant: "outline" }), "mt-2")}>
          {clearLabel}
        </Link>
      ) : null}
    </div>
  );
}

/** The parts of a list's URL state (core/list-query.ts) its filter form needs. */
interface FilteredList {
  path: string;
  formHref(fields: URLSearchParams): string;
}

/**
 * The search box above a list and its filters (`children`), with a Search button unless
 * `searchButton` is false. A GET form, so it works before hydration; with JavaScript, a search goes
 * to the list's first page with only what differs from the defaults in its URL. Give it a `key`
 * that changes with the URL's search and filters, so a new URL (back button, shared link) resets
 * the fields to what it says.
 */
export function AdminListFilters({
  list,
  q,
  label,
  placeholder,
  className,
  searchClassName = "flex-1",
  controlsClassName = "flex items-center gap-3",
  searchButton = true,
  children,
}: {
  list: FilteredList;
  q: string;
  label: string;
  placeholder: string;
  className?: string;
  searchClassName?: string;
  controlsClassName?: string;
  searchButton?: boolean;
  children?: ReactNode;
}) {
  const search = useSearchNavigation(list.formHref);
  return (
    <AdminSearchForm action={list.path} className={className} onSearch={search}>
      <SearchField
        label={label}
        defaultValue={q}
        placeholder={placeholder}
        maxLength={MAX_SEARCH_LENGTH}
        className={searchClassName}
      />
      {children || searchButton ? (
        <div className={controlsClassName}>
          {children}
          {searchButton ? (
            <Button type="submit" variant="secondary">
              Search
            </Button>
          ) : null}
        </div>
      ) : null}
    </AdminSearchForm>
  );
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
    <NoticePanel icon={AlertCircleIcon} tone="error">
      <p className="font-medium">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {RetryIcon ? <RetryIcon aria-hidden /> : null}
        Try again
      </Button>
    </NoticePanel>
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
function AdminSearchForm({
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
