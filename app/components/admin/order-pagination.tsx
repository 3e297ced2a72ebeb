import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** Previous / "Page n of m" / Next, as links, so each page has its own URL. */
export function AdminPagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={hrefFor(page - 1)}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          rel="prev"
          preventScrollReset
        >
          <ChevronLeftIcon /> Previous
        </Link>
      ) : null}
      <span className="px-3 text-muted-foreground text-sm">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link
          to={hrefFor(page + 1)}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          rel="next"
          preventScrollReset
        >
          Next <ChevronRightIcon />
        </Link>
      ) : null}
    </nav>
  );
}
