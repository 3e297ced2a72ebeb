import { useDateFormat } from "~/lib/date-format";

/**
 * A moment in the store's time zone, with the zone named: the page is rendered on the server, which
 * does not know the admin's time zone, and a date that changed during hydration would be a mismatch.
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
  const format = useDateFormat();
  return (
    <time dateTime={iso} className={className}>
      {layout === "stacked" ? (
        <>
          <span className="block whitespace-nowrap">{format.date(iso)}</span>
          <span className="block whitespace-nowrap text-muted-foreground text-xs">{format.time(iso)}</span>
        </>
      ) : (
        <span className="whitespace-nowrap">{format.dateTime(iso)}</span>
      )}
    </time>
  );
}
