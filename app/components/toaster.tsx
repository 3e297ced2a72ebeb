import { lazy, Suspense, useEffect } from "react";
import { useHydrated } from "~/lib/cart";
import { toasterMounted } from "~/lib/toast";

const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** Rendered after SonnerToaster inside one boundary: its effect runs once sonner's has subscribed. */
function Ready() {
  useEffect(toasterMounted, []);
  return null;
}

/** sonner's Toaster, loaded after hydration so it is not part of any page's first download. */
export function Toaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster theme="dark" position="bottom-right" richColors closeButton />
      <Ready />
    </Suspense>
  );
}
