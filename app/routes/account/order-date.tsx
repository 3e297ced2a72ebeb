import { useHydrated } from "~/lib/cart";

const DATE = { year: "numeric", month: "short", day: "numeric" } as const;
const DATE_TIME = {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
} as const;

/**
 * An order's date. The server does not know the shopper's time zone, so the first render (server
 * and hydration) shows UTC and the browser then switches to local time: no hydration mismatch.
 */
export function OrderDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const hydrated = useHydrated();
  const format = new Intl.DateTimeFormat("en-US", {
    ...(withTime ? DATE_TIME : DATE),
    ...(hydrated ? {} : { timeZone: "UTC", timeZoneName: withTime ? "short" : undefined }),
  });
  return <time dateTime={iso}>{format.format(new Date(iso))}</time>;
}
