const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const pad = (value: number) => String(value).padStart(2, "0");

/** "Jan 5, 2026" in UTC. Written out by hand so server and browser render the very same text. */
export function formatUtcDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "14:03 UTC". */
export function formatUtcTime(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

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
