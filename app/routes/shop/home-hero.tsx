import { ArrowRightIcon } from "lucide-react";
import { preload } from "react-dom";
import { LinkButtons } from "~/components/ui/link-buttons";
import { SIZES, TALL, WIDE } from "./hero-images";

export function HomeHero() {
  // The largest paint: each crop preloaded for the screens that show it, so the browser fetches it
  // before it has laid out the page. React writes high-priority image preloads first in <head>,
  // ahead of the scripts' module preloads (a route's `links` would come after them and the
  // inlined stylesheet, and on HTTP/1.1 wait for a free connection behind the scripts).
  for (const crop of [WIDE, TALL]) {
    preload(crop.src, {
      as: "image",
      imageSrcSet: crop.srcSet,
      imageSizes: SIZES,
      media: crop.media,
      fetchPriority: "high",
    });
  }
  return (
    <section
      className="relative isolate overflow-hidden border-b bg-[#09090b]"
      aria-labelledby="hero-heading"
    >
      {/* absolutely placed, so the section's size never waits for the picture: no layout shift */}
      <picture>
        <source
          media={WIDE.media}
          srcSet={WIDE.srcSet}
          sizes={SIZES}
          width={WIDE.width}
          height={WIDE.height}
        />
        <img
          src={TALL.src}
          srcSet={TALL.srcSet}
          sizes={SIZES}
          width={TALL.width}
          height={TALL.height}
          fetchPriority="high"
          alt="The current drop under a crescent moon: the Oxblood Varsity Bomber, the Eclipse Heavyweight Hoodie, the Ember Graphic Tee, the Phantom Cargo Pants and the Crescent Six-Panel Cap."
          className="absolute inset-x-0 top-0 -z-10 h-auto w-full lg:h-full lg:object-cover lg:object-right"
          data-testid="home-hero-image"
        />
      </picture>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 pt-[74vw] pb-12 sm:px-6 lg:min-h-[min(calc(100svh-6rem),52rem)] lg:justify-center lg:py-24">
        <p className="font-semibold text-accent text-xs uppercase tracking-[0.35em]">
          Fall / Winter Collection
        </p>
        {/* two lines whatever the font: the fallback font, shown until the web font loads, would wrap
            differently and the text below would jump */}
        <h1 id="hero-heading" className="font-bold text-5xl leading-[0.95] sm:text-6xl lg:text-7xl">
          <span className="block whitespace-nowrap">Made for the</span>{" "}
          <span className="block whitespace-nowrap text-accent">night shift.</span>
        </h1>
        <p className="max-w-md text-lg text-muted-foreground">
          Premium streetwear in heavyweight fabrics and considered cuts. Designed for the city after dark,
          built for every day after that.
        </p>
        {/* stacked on phones: side by side they would fit in one font and wrap in the other */}
        <LinkButtons
          className="flex flex-col gap-3 sm:flex-row"
          links={[
            {
              to: "/products",
              label: (
                <>
                  Shop the Collection <ArrowRightIcon />
                </>
              ),
            },
            { to: "/about", label: "Our Story" },
          ]}
        />
      </div>
    </section>
  );
}
