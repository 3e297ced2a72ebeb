import { useRouteLoaderData } from "react-router";

/** The configured brand name (STORE_NAME), from the root loader. */
export function useStoreName(): string {
  return useRouteLoaderData<{ storeName: string }>("root")?.storeName ?? "Nocturn";
}
