import { ShirtIcon } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { cn } from "~/lib/utils";
import type { ResponsiveImage } from "../../core/images";

/** A responsive product image in a 4:5 frame, with a placeholder icon when there is none or it fails. */
export function ProductImage({
  image,
  alt,
  sizes,
  className,
  priority = false,
  ...props
}: {
  image: ResponsiveImage | null | undefined;
  alt: string;
  sizes: string;
  priority?: boolean;
} & Omit<ComponentProps<"img">, "src" | "srcSet" | "sizes" | "alt">) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={cn("relative aspect-[4/5] overflow-hidden bg-muted", className)}>
      {image && !failed ? (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={sizes}
          alt={alt}
          width={640}
          height={800}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover"
          {...props}
        />
      ) : (
        <div
          className="flex size-full items-center justify-center text-muted-foreground"
          role="img"
          aria-label={alt}
        >
          <ShirtIcon className="size-12" strokeWidth={1.2} />
        </div>
      )}
    </div>
  );
}
