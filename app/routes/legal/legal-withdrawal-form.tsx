import { ArrowLeftIcon, PrinterIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { MODEL_WITHDRAWAL_FORM_LINES, WITHDRAWAL_LINKS } from "~/routes/legal/legal-filled-texts";
import type { Route } from "./+types/legal-withdrawal-form";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Model Withdrawal Form",
    description:
      "The model withdrawal form, with our name and address filled in, to print, complete and send us if you wish to withdraw from your purchase.",
  });
}

export function loader({ context }: Route.LoaderArgs) {
  const { legalName, address, email } = context.config.seller;
  // Annex I(B): the trader's name, geographical address and e-mail address in the "To" line
  return { to: [legalName, address, email && `e-mail: ${email}`].filter(Boolean).join(", ") };
}

/**
 * The model withdrawal form of Annex I(B) Consumer Rights Directive, to print: on paper the
 * store's header, footer and buttons are left out and the form is dark ink on white (print:).
 */
export default function LegalWithdrawalForm({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-4 print:hidden">
        <Link
          to={WITHDRAWAL_LINKS.instructions.to}
          className="inline-flex items-center gap-2 rounded-sm text-muted-foreground text-sm transition-colors hover:text-foreground"
        >
          <ArrowLeftIcon className="size-4" aria-hidden />
          Back to Withdrawal Instructions
        </Link>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <PrinterIcon aria-hidden /> Print
        </Button>
      </div>

      <article
        aria-labelledby="form-heading"
        className="mt-10 rounded-xl border bg-card p-6 sm:p-10 print:mt-0 print:rounded-none print:border-0 print:bg-white print:p-0 print:text-black"
      >
        <h1 id="form-heading" className="font-bold text-3xl sm:text-4xl">
          Model withdrawal form
        </h1>
        <p className="mt-3 text-muted-foreground print:text-black">
          (complete and return this form only if you wish to withdraw from the contract)
        </p>
        <ul className="mt-8 space-y-7 leading-7">
          <li>
            — To <span data-testid="form-to">{loaderData.to}</span>:
          </li>
          {MODEL_WITHDRAWAL_FORM_LINES.map((line) => (
            <li key={line}>
              <p>— {line}</p>
              {/* room to write by hand: the blank lines of the paper form */}
              <div aria-hidden className="mt-7 border-muted-foreground/60 border-b print:border-black" />
              {line.startsWith("I/We") ? (
                <div aria-hidden className="mt-8 border-muted-foreground/60 border-b print:border-black" />
              ) : null}
            </li>
          ))}
        </ul>
        <p className="mt-10 text-muted-foreground text-sm print:text-black">(*) Delete as appropriate.</p>
      </article>

      <p className="mt-8 text-muted-foreground text-sm leading-relaxed print:hidden">
        Using this form is not obligatory: any clear statement by post or e-mail will do, and the quickest way
        is the{" "}
        <Link
          to={WITHDRAWAL_LINKS.withdraw.to}
          className="font-medium text-accent underline-offset-4 hover:underline"
        >
          withdrawal function on our website
        </Link>
        .
      </p>
    </div>
  );
}
