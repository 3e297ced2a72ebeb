import { ArrowRightIcon } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "~/lib/meta";
import { LEGAL_ICONS } from "~/routes/legal/legal-icons";
import { LEGAL_INDEX, LEGAL_SECTION_IDS, LEGAL_TITLES } from "~/routes/legal/legal-titles";
import type { Route } from "./+types/legal";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: LEGAL_INDEX.title, description: LEGAL_INDEX.summary });
}

export default function Legal() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <header className="max-w-2xl">
        <p className="mb-3 font-semibold text-accent text-xs uppercase tracking-[0.3em]">Policies</p>
        <h1 className="font-bold text-4xl sm:text-5xl">{LEGAL_INDEX.title}</h1>
        <p className="mt-5 text-lg text-muted-foreground leading-relaxed">
          Everything you need to know about shopping with us: how returns, withdrawals and refunds work, how
          we protect your personal data, the terms that apply to every order and who we are.
        </p>
      </header>

      <ul className="mt-12 grid gap-5 md:grid-cols-3">
        {LEGAL_SECTION_IDS.map((id) => {
          const Icon = LEGAL_ICONS[id];
          const policy = LEGAL_TITLES[id];
          return (
            <li
              key={id}
              className="group relative flex flex-col rounded-xl border bg-card p-6 transition-colors hover:border-accent/60 has-[a:focus-visible]:border-accent has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-ring has-[a:focus-visible]:outline-offset-2 sm:p-7"
            >
              <span className="mb-6 flex size-12 items-center justify-center rounded-full bg-secondary">
                <Icon className="size-5 text-accent" aria-hidden />
              </span>
              <h2 className="font-semibold text-xl">
                <Link
                  to={`/legal/${id}`}
                  prefetch="intent"
                  className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
                >
                  {policy.title}
                </Link>
              </h2>
              <p className="mt-3 flex-1 text-muted-foreground text-sm leading-relaxed">{policy.summary}</p>
              <span
                aria-hidden
                className="mt-6 inline-flex items-center gap-1.5 font-medium text-foreground text-sm transition-colors group-hover:text-accent"
              >
                Read more
                <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </li>
          );
        })}
      </ul>

      <p className="mt-12 text-muted-foreground text-sm">
        Questions about our policies? Contact our customer support using the details at the bottom of this
        page.
      </p>
    </div>
  );
}
