import { ArrowLeftIcon, ArrowRightIcon } from "lucide-react";
import { data, Link } from "react-router";
import { pageMeta } from "~/lib/meta";
import { LEGAL_ICONS } from "~/routes/legal/legal-icons";
import {
  currencyName,
  type LegalBlock,
  type LegalDocument,
  type LegalFacts,
  type LegalParagraph,
  legalDocument,
} from "~/routes/legal/legal-texts";
import {
  isLegalSectionId,
  LEGAL_INDEX,
  LEGAL_SECTION_IDS,
  LEGAL_TITLES,
  type LegalSectionId,
} from "~/routes/legal/legal-titles";
import type { Route } from "./+types/legal-section";

export function loader({ params, context }: Route.LoaderArgs) {
  if (isLegalSectionId(params.section)) {
    // the texts name the seller and the return window as configured: public, the same for everyone
    const facts: LegalFacts = {
      seller: context.config.seller,
      returnWindowDays: context.config.returnWindowDays,
      currencyName: currencyName(context.config.currency),
    };
    // the document travels as data, filled in here: its texts (some 9 KiB gzip) are not in the
    // page's code (docs/PERFORMANCE.md#first-load-javascript)
    return { section: params.section, policy: legalDocument(params.section, facts) };
  }
  // Unknown section: still render the "Legal Information" overview, but answer 404 so it is not indexed.
  return data({ section: null, policy: null }, { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  const id = args.loaderData?.section;
  if (!id) {
    return pageMeta(args, {
      title: LEGAL_INDEX.title,
      description: LEGAL_INDEX.summary,
      canonicalPath: "/legal",
      noIndex: true,
    });
  }
  const policy = LEGAL_TITLES[id];
  return pageMeta(args, { title: policy.title, description: policy.summary, canonicalPath: `/legal/${id}` });
}

function anchorId(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export default function LegalSection({ loaderData }: Route.ComponentProps) {
  return loaderData.section && loaderData.policy ? (
    <Policy id={loaderData.section} policy={loaderData.policy} />
  ) : (
    <UnknownSection />
  );
}

function Policy({ id, policy }: { id: LegalSectionId; policy: LegalDocument }) {
  const others = LEGAL_SECTION_IDS.filter((other) => other !== id);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <Link
        to="/legal"
        className="inline-flex items-center gap-2 rounded-sm text-muted-foreground text-sm transition-colors hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        Back to Legal Information
      </Link>

      <header className="mt-10 border-b pb-10">
        <p className="mb-3 font-semibold text-accent text-xs uppercase tracking-[0.3em]">Legal</p>
        <h1 className="font-bold text-4xl leading-tight sm:text-5xl">{policy.title}</h1>
        <p className="mt-5 text-lg text-muted-foreground leading-relaxed">{policy.summary}</p>
        <p className="mt-6 text-muted-foreground text-sm">
          Last updated: <time dateTime={policy.lastUpdated.iso}>{policy.lastUpdated.label}</time>
        </p>
      </header>

      <nav aria-labelledby="toc-heading" className="mt-10 rounded-xl border bg-card p-6">
        <h2
          id="toc-heading"
          className="font-semibold text-muted-foreground text-xs uppercase tracking-[0.2em]"
        >
          On this page
        </h2>
        {/* two columns read top to bottom, then left to right */}
        <ol
          className="mt-4 grid gap-x-8 gap-y-2.5 text-sm sm:grid-flow-col sm:grid-cols-2"
          style={{ gridTemplateRows: `repeat(${Math.ceil(policy.sections.length / 2)}, auto)` }}
        >
          {policy.sections.map((block, index) => (
            <li key={block.heading} className="flex gap-3">
              <span className="w-5 shrink-0 text-muted-foreground tabular-nums" aria-hidden>
                {String(index + 1).padStart(2, "0")}
              </span>
              <a
                href={`#${anchorId(block.heading)}`}
                className="rounded-sm text-foreground underline-offset-4 hover:text-accent hover:underline"
              >
                {block.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-4">
        {policy.sections.map((block, index) => (
          <PolicyBlock key={block.heading} block={block} number={index + 1} />
        ))}
      </div>

      <footer className="mt-16 border-t pt-10">
        <h2 className="font-semibold text-lg">Related policies</h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {others.map((other) => (
            <li key={other}>
              <PolicyLink id={other} />
            </li>
          ))}
        </ul>
      </footer>
    </article>
  );
}

function PolicyBlock({ block, number }: { block: LegalBlock; number: number }) {
  const id = anchorId(block.heading);
  const ListTag = block.list?.ordered ? "ol" : "ul";
  return (
    <section aria-labelledby={id} className="pt-12">
      <h2 id={id} className="flex scroll-mt-24 items-baseline gap-3 font-semibold text-2xl">
        <span className="font-medium text-accent text-sm tabular-nums" aria-hidden>
          {String(number).padStart(2, "0")}
        </span>
        {block.heading}
      </h2>
      <div className="mt-4 space-y-4 text-muted-foreground leading-7">
        {block.paragraphs.map((paragraph) => (
          <Paragraph key={typeof paragraph === "string" ? paragraph : paragraph.text} paragraph={paragraph} />
        ))}
        {block.facts && (
          <dl className="grid gap-x-8 gap-y-3 rounded-xl border bg-card p-5 sm:grid-cols-[auto_1fr] sm:items-baseline">
            {block.facts.map((fact) => (
              <div key={fact.label} className="contents">
                <dt className="text-sm">{fact.label}</dt>
                <dd className="-mt-2 text-foreground sm:mt-0">{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {block.list && (
          <ListTag
            className={
              block.list.ordered
                ? "list-decimal space-y-2.5 pl-6 marker:font-semibold marker:text-accent"
                : "list-disc space-y-2.5 pl-6 marker:text-accent"
            }
          >
            {block.list.items.map((item) => (
              <li key={item} className="pl-1.5">
                {item}
              </li>
            ))}
          </ListTag>
        )}
        {block.note && <p>{block.note}</p>}
        {block.links && (
          <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {block.links.map((link) => (
              <li key={link.to}>
                <StoreLink link={link} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function StoreLink({ link }: { link: { to: string; label: string } }) {
  return (
    <Link to={link.to} className="font-medium text-accent underline-offset-4 hover:underline">
      {link.label}
    </Link>
  );
}

function Paragraph({ paragraph }: { paragraph: LegalParagraph }) {
  if (typeof paragraph === "string") return <p>{paragraph}</p>;
  return (
    <p>
      {paragraph.text} <StoreLink link={paragraph.link} />
    </p>
  );
}

function PolicyLink({ id, withSummary = false }: { id: LegalSectionId; withSummary?: boolean }) {
  const Icon = LEGAL_ICONS[id];
  const policy = LEGAL_TITLES[id];
  return (
    <Link
      to={`/legal/${id}`}
      prefetch="intent"
      className="group flex h-full items-center gap-4 rounded-xl border bg-card p-5 transition-colors hover:border-accent/60"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary">
        <Icon className="size-4 text-accent" aria-hidden />
      </span>
      <span className="flex-1">
        <span className="block font-medium">{policy.title}</span>
        {withSummary && (
          <span className="mt-1 block text-muted-foreground text-sm leading-relaxed">{policy.summary}</span>
        )}
      </span>
      <ArrowRightIcon
        className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-foreground"
        aria-hidden
      />
    </Link>
  );
}

/** Shown for /legal/<anything else>: the default "Legal Information" heading and the policies. */
function UnknownSection() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
      <header>
        <p className="mb-3 font-semibold text-accent text-xs uppercase tracking-[0.3em]">Policies</p>
        <h1 className="font-bold text-4xl sm:text-5xl">{LEGAL_INDEX.title}</h1>
        <p className="mt-5 text-lg text-muted-foreground leading-relaxed">
          We couldn't find the policy you were looking for. Please choose one of our policies below.
        </p>
      </header>
      <ul className="mt-10 grid gap-4">
        {LEGAL_SECTION_IDS.map((id) => (
          <li key={id}>
            <PolicyLink id={id} withSummary />
          </li>
        ))}
      </ul>
    </div>
  );
}
