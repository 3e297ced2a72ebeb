import { TriangleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { electronicAddressHref, type ProductSafetyView } from "../../../core/product-safety";

/** One term and its value; stacked on a phone, side by side from `sm` up. */
function SafetyRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-6">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 whitespace-pre-line break-words">{children}</dd>
    </div>
  );
}

/** An e-mail or web address as a link, or as text should it be neither. */
function ElectronicAddress({ value }: { value: string }) {
  const href = electronicAddressHref(value);
  if (!href) return <span>{value}</span>;
  return (
    <a
      href={href}
      className="text-accent underline-offset-4 hover:underline"
      {...(href.startsWith("mailto:") ? {} : { rel: "noopener nofollow", target: "_blank" })}
    >
      {value}
    </a>
  );
}

/**
 * The product's safety information (GPSR Art. 19): who made it and how to reach them, the EU
 * responsible person for a maker outside the EU, its identifier, composition, care and warnings.
 * Always open: the law wants it shown with the offer, not behind a click.
 */
export function ProductSafety({ safety }: { safety: ProductSafetyView }) {
  const { manufacturer } = safety;
  return (
    <section
      aria-labelledby="product-safety-heading"
      className="flex flex-col gap-4 rounded-xl border bg-card/60 p-5 text-sm"
      data-testid="product-safety"
    >
      <h2 id="product-safety-heading" className="font-semibold text-base">
        Product safety
      </h2>
      <dl className="flex flex-col gap-3">
        <SafetyRow term="Manufacturer">
          <span className="block font-medium">{manufacturer.name}</span>
          {manufacturer.address ? <span className="block">{manufacturer.address}</span> : null}
          {manufacturer.contact ? (
            <span className="block">
              <ElectronicAddress value={manufacturer.contact} />
            </span>
          ) : null}
        </SafetyRow>
        {safety.euResponsiblePerson ? (
          <SafetyRow term="EU responsible person">{safety.euResponsiblePerson}</SafetyRow>
        ) : null}
        <SafetyRow term="Product identifier">
          <span className="font-mono">{safety.identifier}</span>
        </SafetyRow>
        {safety.composition ? <SafetyRow term="Composition">{safety.composition}</SafetyRow> : null}
        {safety.careInstructions ? (
          <SafetyRow term="Care instructions">{safety.careInstructions}</SafetyRow>
        ) : null}
        {safety.safetyWarnings ? (
          <SafetyRow term="Safety warnings">
            <span className="flex gap-2 text-amber-200">
              <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{safety.safetyWarnings}</span>
            </span>
          </SafetyRow>
        ) : null}
      </dl>
    </section>
  );
}
