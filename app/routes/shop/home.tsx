import {
  ArrowRightIcon,
  GemIcon,
  LeafIcon,
  RulerIcon,
  ScissorsIcon,
  ShieldCheckIcon,
  TruckIcon,
} from "lucide-react";
import { Suspense } from "react";
import { Await, Link } from "react-router";
import { ProductGrid, ProductGridSkeleton } from "~/components/product-card";
import { GridVatNote, useTaxMode } from "~/components/vat-note";
import { pageMeta } from "~/lib/meta";
import { useMoney } from "~/lib/money";
import { useStoreName } from "~/lib/store";
import { HomeHero } from "~/routes/shop/home-hero";
import { deliveryTerms, SHIPPING_METHOD } from "../../../core/delivery";
import type { MoneySettings } from "../../../core/money";
import { FEATURED_LIMIT } from "../../../core/product";
import type { TaxMode } from "../../../core/tax";
import { listFeaturedProducts } from "../../../server/catalog/list-featured-products";
import { loadProductPricing, pricingOf } from "../../../server/catalog/product-prices";
import { toProductView } from "../../../server/catalog/product-view";
import type { Route } from "./+types/home";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Premium Streetwear",
    description:
      "Premium streetwear made after dark: heavyweight tees, hoodies, jackets, pants and accessories. Free of compromise, shipped across the EU.",
  });
}

export function loader({ context }: Route.LoaderArgs) {
  // not awaited: the page streams at once with a skeleton, the products follow
  const featured = listFeaturedProducts({ db: context.db }).then(async (found) => {
    const pricing = await loadProductPricing({ db: context.db, products: found });
    return found.map((row) => toProductView(context.storage, row, pricingOf(pricing, row)));
  });
  return { featured };
}

const COMMITMENTS = [
  {
    icon: ScissorsIcon,
    title: "Cut & sewn in small runs",
    text: "Every piece is produced in limited batches with partner ateliers we visit ourselves.",
  },
  {
    icon: GemIcon,
    title: "Heavyweight fabrics",
    text: "400 gsm loopback fleece, 240 gsm combed cotton and hardware that does not give up.",
  },
  {
    icon: LeafIcon,
    title: "Made to last",
    text: "Pre-shrunk, garment-dyed and reinforced at the seams so your favourites stay favourites.",
  },
];

/** The three reasons to shop here; the delivery line names the price checkout charges. */
const reasons = (mode: TaxMode, money: MoneySettings) => [
  {
    icon: TruckIcon,
    title: "Priority shipping",
    text: `${SHIPPING_METHOD} delivery across the EU: ${deliveryTerms(mode, money)}.`,
  },
  {
    icon: ShieldCheckIcon,
    title: "Secure checkout",
    text: "Card payments on a hosted, encrypted payment page. We never see your card number.",
  },
  {
    icon: RulerIcon,
    title: "30-day returns",
    text: "Not the right fit? Return unworn items within 30 days for a full refund.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const storeName = useStoreName();
  const taxMode = useTaxMode();
  const money = useMoney();
  return (
    <>
      <HomeHero />

      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6" aria-labelledby="featured-heading">
        <div className="mb-10 flex items-end justify-between gap-4">
          <div>
            <p className="mb-2 font-semibold text-accent text-xs uppercase tracking-[0.3em]">Curated</p>
            <h2 id="featured-heading" className="font-bold text-3xl sm:text-4xl">
              Featured Collection
            </h2>
          </div>
          <Link
            to="/products"
            className="hidden items-center gap-1 text-muted-foreground text-sm hover:text-foreground sm:flex"
          >
            View all <ArrowRightIcon className="size-4" />
          </Link>
        </div>
        <Suspense fallback={<ProductGridSkeleton count={FEATURED_LIMIT} />}>
          <Await
            resolve={loaderData.featured}
            errorElement={<p className="text-destructive">Failed to load featured products</p>}
          >
            {(products) =>
              products.length === 0 ? (
                <p className="rounded-lg border border-dashed py-16 text-center text-muted-foreground">
                  No featured products available at the moment.
                </p>
              ) : (
                <>
                  <ProductGrid products={products} />
                  <GridVatNote />
                </>
              )
            }
          </Await>
        </Suspense>
      </section>

      <section className="border-y bg-card/50" aria-labelledby="quality-heading">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[1fr_2fr]">
          <div>
            <p className="mb-2 font-semibold text-accent text-xs uppercase tracking-[0.3em]">
              Our Commitment
            </p>
            <h2 id="quality-heading" className="font-bold text-3xl sm:text-4xl">
              Quality you can feel
            </h2>
            <p className="mt-4 text-muted-foreground">
              We would rather make fewer things, better. Each garment is tested for weight, wash and wear
              before it earns the {storeName} label.
            </p>
          </div>
          <div className="grid gap-6 sm:grid-cols-3">
            {COMMITMENTS.map(({ icon: Icon, title, text }) => (
              <div key={title} className="rounded-xl border bg-background/60 p-6">
                <Icon className="mb-4 size-6 text-accent" aria-hidden />
                <h3 className="mb-2 font-semibold text-base">{title}</h3>
                <p className="text-muted-foreground text-sm leading-relaxed">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6" aria-labelledby="reasons-heading">
        <h2 id="reasons-heading" className="mb-10 text-center font-bold text-3xl sm:text-4xl">
          Why shop with us
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {reasons(taxMode, money).map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex flex-col items-center gap-3 rounded-xl border p-8 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-secondary">
                <Icon className="size-5 text-accent" aria-hidden />
              </span>
              <h3 className="font-semibold text-lg">{title}</h3>
              <p className="text-muted-foreground text-sm leading-relaxed">{text}</p>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
