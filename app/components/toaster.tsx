import { lazy, Suspense, useEffect } from "react";
import type { ToasterProps } from "sonner";
import { useHydrated } from "~/lib/cart";
import { useIsDialogOpen } from "~/lib/open-dialogs";
import { toasterMounted } from "~/lib/toast";

const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

type Placement = Pick<ToasterProps, "position" | "offset" | "mobileOffset">;

/** Out of the page's way, in the corner (the whole width at the bottom of a phone). */
const BESIDE_PAGE: Placement = { position: "bottom-right" };

/**
 * A dialog keeps its buttons at the bottom (its footer, Cancel and the primary action) and its
 * close button in the top right corner, and on a phone it takes the whole screen: so while one is
 * open, toasts go to the top centre, over the dialog's heading, and on a phone leave the corners
 * free. An error a dialog raises is then seen where the shopper is looking, above its overlay.
 */
const OVER_DIALOG: Placement = {
  position: "top-center",
  offset: { top: "1rem" },
  mobileOffset: { top: "1rem", left: "4.5rem", right: "4.5rem" },
};

/** Rendered after SonnerToaster inside one boundary: its effect runs once sonner's has subscribed. */
function Ready() {
  useEffect(toasterMounted, []);
  return null;
}

/** sonner's Toaster, loaded after hydration so it is not part of any page's first download. */
export function Toaster() {
  const hydrated = useHydrated();
  const dialogOpen = useIsDialogOpen();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster theme="dark" richColors closeButton {...(dialogOpen ? OVER_DIALOG : BESIDE_PAGE)} />
      <Ready />
    </Suspense>
  );
}
