import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. It does not settle conflicts between Tailwind utilities (tailwind-merge did,
 * for 8 KiB gzip on every page: docs/PERFORMANCE.md#first-load-javascript), and with two utilities
 * for the same property the stylesheet's order decides, not the order here. So a component's
 * className only adds to its own classes; to replace one of them, give the component a variant
 * (DialogContent's width), keep the two apart with a condition, or mark the caller's class with
 * Tailwind's important modifier (`text-2xl!` over a title's `text-lg`).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
