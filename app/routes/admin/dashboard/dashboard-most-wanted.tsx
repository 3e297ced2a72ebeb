import { BellIcon } from "lucide-react";
import { Link } from "react-router";
import type { MostWantedSize } from "../../../../server/dashboard/list-most-wanted-sizes";

const headClass = "py-2 pr-3 font-medium last:pr-0 sm:pr-4";
const cellClass = "py-2 pr-3 last:pr-0 sm:pr-4";

/**
 * "Most wanted sold-out sizes": the sizes shoppers asked to be told about, most requests first
 * (docs/BACK-IN-STOCK.md). Restocking one in the product form e-mails its requests.
 */
export function MostWantedSizes({ sizes }: { sizes: MostWantedSize[] }) {
  if (sizes.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
        <BellIcon className="size-8 text-muted-foreground" strokeWidth={1.4} aria-hidden />
        <p className="text-muted-foreground text-sm">Nobody is waiting for a sold-out size.</p>
      </div>
    );
  }
  const hasColors = sizes.some((size) => size.color !== null);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-muted-foreground text-xs uppercase tracking-wider">
            <th scope="col" className={headClass}>
              Product
            </th>
            {hasColors && (
              <th scope="col" className={headClass}>
                Colour
              </th>
            )}
            <th scope="col" className={headClass}>
              Size
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              In stock
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Waiting
            </th>
          </tr>
        </thead>
        <tbody>
          {sizes.map((size) => (
            <tr key={size.variantId} className="border-border/60 border-b" data-testid="most-wanted-row">
              <th scope="row" className={`${cellClass} text-left font-normal`}>
                <Link
                  to={`/admin/products?q=${encodeURIComponent(size.productName)}`}
                  className="underline-offset-4 hover:underline"
                >
                  {size.productName}
                </Link>
              </th>
              {hasColors && <td className={cellClass}>{size.color ?? "—"}</td>}
              <td className={cellClass}>{size.size}</td>
              <td className={`${cellClass} text-right tabular-nums`}>
                {size.stock === 0 ? <span className="text-red-300">Sold out</span> : size.stock}
              </td>
              <td className={`${cellClass} text-right font-semibold tabular-nums`}>{size.waiting}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
