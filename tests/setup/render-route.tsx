// Rendering components inside a real React Router (a memory router) in happy-dom, for the browser
// side's tests: the one place that mounts, flushes and unmounts them.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach } from "vitest";

// tells React that `act` drives these tests, so updates are flushed at the end of each act()
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: { root: Root; dispose: () => void }[] = [];
afterEach(() => {
  for (const { root, dispose } of mounted.splice(0)) {
    act(() => root.unmount());
    dispose();
  }
});

/**
 * Mounts these routes in a memory router, in a container of their own in the document; unmounted
 * after the test. (Give `hydrationData` with a loader's data to render it at once.)
 */
export function renderRoutes(...args: Parameters<typeof createMemoryRouter>) {
  const router = createMemoryRouter(...args);
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<RouterProvider router={router} />));
  mounted.push({ root, dispose: () => router.dispose() });
  return { container, router };
}

/** Lets the router's promise chains run (an action's answer reaches the router a few ticks later). */
export async function settleRouter() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}
