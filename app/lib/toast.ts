// Toasts without sonner in the first download (docs/PERFORMANCE.md): sonner (9 KiB gzip) is
// fetched after hydration, with the Toaster (app/components/layout/toaster.tsx), and a toast asked for
// earlier waits until the Toaster listens, so none is lost.
import type { ExternalToast } from "sonner";

type Kind = "success" | "error" | "info" | "warning";

let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called once the Toaster has mounted and subscribed to sonner's toasts. */
export function toasterMounted() {
  markReady();
}

function show(kind: Kind, message: string, options?: ExternalToast) {
  void Promise.all([import("sonner"), toasterReady]).then(([sonner]) => sonner.toast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
  warning: (message: string, options?: ExternalToast) => show("warning", message, options),
};
