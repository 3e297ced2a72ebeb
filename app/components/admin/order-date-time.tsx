import { formatUtcDate, formatUtcTime } from "~/lib/utc-date";

/**
 * A moment shown in UTC with the zone named: the page is rendered on the server, which does not
 * know the admin's time zone, and a date that changed during hydration would be a mismatch.
 */
export function DateTime({
  iso,
  layout = "inline",
  className,
}: {
  iso: string;
  /** "stacked" puts the time under the date (table cells). */
  layout?: "inline" | "stacked";
  className?: string;
}) {
  return (
    <time dateTime={iso} className={className}>
      {layout === "stacked" ? (
        <>
          <span className="block whitespace-nowrap">{formatUtcDate(iso)}</span>
          <span className="block whitespace-nowrap text-muted-foreground text-xs">{formatUtcTime(iso)}</span>
        </>
      ) : (
        <span className="whitespace-nowrap">
          {formatUtcDate(iso)}, {formatUtcTime(iso)}
        </span>
      )}
    </time>
  );
}
