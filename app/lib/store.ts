import { useRouteLoaderData } from "react-router";
import type { Seller } from "../../core/seller";

/** The configured brand name (STORE_NAME), from the root loader. */
export function useStoreName(): string {
  return useRouteLoaderData<{ storeName: string }>("root")?.storeName ?? "Nocturn";
}

/** Who the seller is (SELLER_*), from the root loader; null only on the root's error page. */
export function useSeller(): Seller | null {
  return useRouteLoaderData<{ seller: Seller }>("root")?.seller ?? null;
}
