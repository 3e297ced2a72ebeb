import { ArrowRightIcon, GemIcon, MoonStarIcon, ScissorsIcon } from "lucide-react";
import { LinkButtons } from "~/components/ui/link-buttons";
import { pageMeta } from "~/lib/meta";
import { useStoreName } from "~/lib/store";
import type { Route } from "./+types/about";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Our Story",
    description:
      "Founded in 2024 to make luxury streetwear accessible: heavyweight fabrics, considered cuts and small-batch production, sold directly to you.",
  });
}

const FIGURES = [
  { label: "Founded", value: "2024" },
  { label: "Heavyweight fleece", value: "400 gsm" },
  { label: "Hassle-free returns", value: "30 days" },
  { label: "Priority EU delivery", value: "2-4 days" },
];

const VALUES = [
  {
    icon: GemIcon,
    title: "Luxury, made accessible",
    text: "Premium materials and finishing at prices that make sense, because we sell directly to you and skip the layers of markup.",
  },
  {
    icon: ScissorsIcon,
    title: "Small runs, no shortcuts",
    text: "Limited batches with partner workshops we know personally mean less overproduction and more attention to every seam.",
  },
  {
    icon: MoonStarIcon,
    title: "Designed after dark",
    text: "Muted palettes, sharp silhouettes and a quiet confidence that carries from late nights to the morning after.",
  },
];

export default function About() {
  const storeName = useStoreName();
  return (
    <>
      <section className="relative isolate overflow-hidden border-b">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(55%_80%_at_80%_10%,rgba(217,178,111,0.16),transparent_60%),radial-gradient(45%_60%_at_5%_100%,rgba(120,110,255,0.08),transparent_60%)]"
        />
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28 lg:py-32">
          <p className="mb-4 font-semibold text-accent text-xs uppercase tracking-[0.35em]">Est. 2024</p>
          <h1 className="font-bold text-5xl leading-[0.95] sm:text-7xl">Our Story</h1>
          <p className="mt-6 max-w-2xl text-lg text-muted-foreground leading-relaxed sm:text-xl">
            Luxury streetwear, made accessible. Crafted like the best, priced for the rest of us.
          </p>
        </div>
      </section>

      <section aria-labelledby="story-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.5fr] lg:gap-16">
          <div>
            <p className="mb-3 font-semibold text-accent text-xs uppercase tracking-[0.3em]">
              How it started
            </p>
            <h2 id="story-heading" className="font-bold text-3xl leading-tight sm:text-4xl">
              Born from a simple frustration
            </h2>
          </div>
          <div className="space-y-6 text-lg text-muted-foreground leading-relaxed">
            <p>
              {storeName} was founded in 2024 because the streetwear we loved was either made to fall apart or
              priced like fine art. We believed there was room for a label that takes the craft of luxury
              seriously, without the luxury price tag.
            </p>
            <p>
              So we built one. We work with a small circle of partner workshops, choose heavyweight fabrics
              that hold their shape, and produce in limited runs instead of chasing every trend. Selling
              directly to you online lets us skip the markups that usually sit between a garment and the
              person who wears it.
            </p>
            <p className="text-foreground">
              The result is clothing designed for the city after dark and built for every day after that:
              considered cuts, honest materials and details you notice the second time you wear it.
            </p>
          </div>
        </div>

        <h2 className="sr-only">{storeName} in numbers</h2>
        <dl className="mt-16 grid grid-cols-2 gap-4 sm:gap-5 lg:grid-cols-4">
          {FIGURES.map((figure) => (
            <div
              key={figure.label}
              className="flex flex-col-reverse justify-end gap-2 rounded-xl border bg-card p-5 sm:p-7"
            >
              <dt className="text-muted-foreground text-sm">{figure.label}</dt>
              <dd className="font-bold font-display text-3xl text-foreground tracking-tight sm:text-4xl">
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="values-heading" className="border-y bg-card/50">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
          <p className="mb-3 font-semibold text-accent text-xs uppercase tracking-[0.3em]">
            What we stand for
          </p>
          <h2 id="values-heading" className="font-bold text-3xl sm:text-4xl">
            Our values
          </h2>
          <ul className="mt-10 grid gap-5 md:grid-cols-3">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border bg-background/60 p-6 sm:p-7">
                <span className="mb-5 flex size-12 items-center justify-center rounded-full bg-secondary">
                  <Icon className="size-5 text-accent" aria-hidden />
                </span>
                <h3 className="font-semibold text-lg">{title}</h3>
                <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 pt-20 sm:px-6 sm:pt-24">
        <div className="flex flex-col items-start justify-between gap-8 rounded-2xl border bg-card p-6 sm:p-12 lg:flex-row lg:items-center">
          <div className="max-w-xl">
            <h2 id="cta-heading" className="font-bold text-3xl">
              Wear the story
            </h2>
            <p className="mt-3 text-muted-foreground leading-relaxed">
              Explore the current collection, or read how we handle returns, privacy and your orders.
            </p>
          </div>
          <LinkButtons
            className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row"
            links={[
              {
                to: "/products",
                prefetch: "intent",
                label: (
                  <>
                    Shop Collections <ArrowRightIcon aria-hidden />
                  </>
                ),
              },
              { to: "/legal", label: "Our Policies" },
            ]}
          />
        </div>
      </section>
    </>
  );
}
