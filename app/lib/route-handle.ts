import type { UIMatch } from "react-router";

/** What a route module may export as `handle`, for the root layout (app/root.tsx) to read. */
export interface RouteHandle {
  /**
   * A page on its own, like a payment provider's hosted page: the root renders it without the
   * store's header, navigation and footer.
   */
  standalone?: boolean;
}

/** Whether the page being shown asked for no store header, navigation or footer. */
export function isStandalonePage(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.standalone === true);
}
