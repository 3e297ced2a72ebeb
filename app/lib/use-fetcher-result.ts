import { useEffect, useRef } from "react";

/** The part of React Router's `useFetcher()` this hook reads. */
export interface FetcherLike<T> {
  state: "idle" | "submitting" | "loading";
  data: T | undefined;
}

/**
 * Calls `onResult` once for each answer the fetcher receives, when the fetcher is idle again (the
 * action answered and the page's loaders revalidated), so a dialog closes over up-to-date data.
 *
 * Why not `useEffect(..., [fetcher.data])`: React Router reads `fetcher.data` from a Map that it
 * fills the moment the answer arrives, while the fetcher's state reaches React later, inside a
 * transition. A render in that gap that React then bails out of (nothing it tracks changed) keeps
 * the hooks it rendered, so the effect's dependencies already hold the answer, yet the effect
 * does not run; every later render then compares equal and the answer is never handled. That is
 * how the coupon dialog missed its first save on a busy, freshly loaded page. So this effect has
 * no dependency list: it looks after every render React commits (the fetcher turning idle is
 * one), and a ref remembers which answer was handled.
 */
export function useFetcherResult<T>(fetcher: FetcherLike<T>, onResult: (data: T) => void): void {
  // an answer that was there before this component mounted belongs to someone else
  const handled = useRef(fetcher.data);
  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== "idle" || data === undefined || data === null || data === handled.current) return;
    handled.current = data;
    onResult(data);
  });
}
