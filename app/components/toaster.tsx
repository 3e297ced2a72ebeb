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
 * While a dialog is open, in the top 6.5rem of the screen that every dialog and sheet leaves free
 * (app/components/ui/dialog.tsx): above the dialog, over its overlay, so a toast covers none of
 * its buttons wherever its content scrolls, and an error the dialog raises is read right above it.
 * The band holds a stack of three one-line toasts.
 */
const ABOVE_DIALOG: Placement = {
  position: "top-center",
  offset: { top: "1rem" },
  mobileOffset: { top: "1rem" },
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
      <SonnerToaster theme="dark" richColors closeButton {...(dialogOpen ? ABOVE_DIALOG : BESIDE_PAGE)} />
      <Ready />
    </Suspense>
  );
}
