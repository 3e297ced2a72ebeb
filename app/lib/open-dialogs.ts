// Whether a dialog is open, for the toasts (app/components/layout/toaster.tsx), which move out of the way
// of its buttons while one is. Every dialog and sheet renders DialogOpenMarker inside its content,
// which Radix mounts only while it is open.
import { useEffect, useSyncExternalStore } from "react";

let openDialogs = 0;
const listeners = new Set<() => void>();

function count(change: 1 | -1) {
  openDialogs += change;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Counts the dialog it is rendered in as open, for as long as it is mounted. */
export function DialogOpenMarker(): null {
  useEffect(() => {
    count(1);
    return () => count(-1);
  }, []);
  return null;
}

export function useIsDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openDialogs > 0,
    () => false,
  );
}
