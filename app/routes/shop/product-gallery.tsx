import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "~/lib/utils";
import type { ResponsiveImage } from "../../../core/images";
import { ProductImage } from "../../components/product-image";

const MAIN_SIZES = "(min-width: 1024px) 560px, 100vw";

export function ProductGallery({ images, name }: { images: ResponsiveImage[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const count = images.length;
  const show = (index: number) => setCurrent((index + count) % count);

  return (
    <div className="flex flex-col gap-4">
      <div className="relative overflow-hidden rounded-xl border">
        <ProductImage
          image={images[current]}
          alt={count > 1 ? `${name}, image ${current + 1} of ${count}` : name}
          sizes={MAIN_SIZES}
          priority
          data-testid="gallery-main-image"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => show(current - 1)}
              aria-label="Previous image"
              className="absolute top-1/2 left-3 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-background/80 backdrop-blur hover:bg-background"
            >
              <ChevronLeftIcon className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => show(current + 1)}
              aria-label="Next image"
              className="absolute top-1/2 right-3 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-background/80 backdrop-blur hover:bg-background"
            >
              <ChevronRightIcon className="size-5" />
            </button>
            <p
              className="absolute right-3 bottom-3 rounded-full bg-background/80 px-2.5 py-1 text-xs"
              aria-hidden
            >
              {current + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="grid grid-cols-5 gap-2" aria-label="Product images">
          {images.map((image, index) => (
            <li key={image.src}>
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-label={`Show image ${index + 1}`}
                aria-current={index === current}
                className={cn(
                  "block w-full overflow-hidden rounded-md border-2 transition-opacity",
                  index === current ? "border-accent" : "border-transparent opacity-60 hover:opacity-100",
                )}
              >
                <ProductImage image={image} alt="" sizes="96px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
