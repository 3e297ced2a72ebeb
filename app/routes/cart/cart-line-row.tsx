import { XIcon } from "lucide-react";
import { Link } from "react-router";
import { ProductImage } from "~/components/product-image";
import { QuantityStepper } from "~/components/quantity-stepper";
import { PriceTag } from "~/components/sale-price";
import { Button } from "~/components/ui/button";
import { useCart } from "~/lib/cart";
import { type CartLine, lineName, lineQuantityLimit } from "../../../core/cart";
import { LOW_STOCK_THRESHOLD, variantLabel } from "../../../core/product";

/** One line of the cart page: picture, name, size, stock warning, price, quantity and Remove. */
export function CartLineRow({ line }: { line: CartLine }) {
  const { update, remove } = useCart();
  const { product, size, quantity } = line;
  // a line of a colour leads back to the product in that colour
  const productUrl = size.color
    ? `/products/${product.id}?color=${encodeURIComponent(size.color.slug)}`
    : `/products/${product.id}`;
  return (
    <li className="flex gap-4 py-6 sm:gap-6" data-testid="cart-line">
      <Link to={productUrl} className="w-24 shrink-0 overflow-hidden rounded-lg border sm:w-28" tabIndex={-1}>
        <ProductImage image={product.image} alt={product.name} sizes="112px" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <Link to={productUrl} className="font-medium hover:underline">
              {product.name}
            </Link>
            <p className="text-muted-foreground text-sm">
              {product.category ?? "Uncategorized"} · {variantLabel(size.label, size.color?.name)}
            </p>
            {size.stock < LOW_STOCK_THRESHOLD && (
              <p className="mt-1 font-medium text-warning text-xs">Only {size.stock} left</p>
            )}
          </div>
          <p className="shrink-0 font-semibold" data-testid="line-price">
            <PriceTag
              priceCents={product.priceCents * quantity}
              regularPriceCents={
                product.regularPriceCents === undefined ? null : product.regularPriceCents * quantity
              }
              className="justify-end"
            />
          </p>
        </div>
        <div className="mt-auto flex items-center justify-between gap-4">
          <QuantityStepper
            value={quantity}
            min={0}
            max={lineQuantityLimit(size.stock)}
            onChange={(next) => update(size.id, next)}
            label={`Quantity of ${lineName(line)}`}
            size="sm"
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => remove(size.id)}
            aria-label={`Remove ${lineName(line)}`}
            className="text-muted-foreground"
          >
            <XIcon /> Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
