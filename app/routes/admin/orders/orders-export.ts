import { adminOrderList } from "../../../../core/admin-lists";
import { requireAdmin } from "../../../../server/auth/guards";
import { exportOrdersCsv } from "../../../../server/orders/export-orders-csv";
import type { Route } from "./+types/orders-export";

/** GET /admin/orders/export.csv?q=&status=&checkouts=: the order list's current search as a file. */
export function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const query = adminOrderList.parse(url.searchParams);
  const body = exportOrdersCsv({
    db: context.db,
    log: context.log,
    currency: context.config.currency,
    query: query.q,
    status: query.status || undefined,
    includeCheckouts: query.checkouts,
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      // customer names and addresses: never kept by a shared cache
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
