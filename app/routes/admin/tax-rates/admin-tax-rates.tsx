import { RefreshCwIcon } from "lucide-react";
import { useRevalidator } from "react-router";
import { pageMeta } from "~/lib/meta";
import { AdminLoadError, AdminPageHeader } from "~/routes/admin/admin-list";
import { TaxRateHistory } from "~/routes/admin/tax-rates/tax-rate-history";
import { TaxRateTable } from "~/routes/admin/tax-rates/tax-rate-table";
import { adminTaxRateActions } from "../../../../core/validation/admin-actions";
import { taxRateMessages } from "../../../../core/validation/tax-rate-form";
import { requireAdmin } from "../../../../server/auth/guards";
import { listLoadFailure } from "../../../../server/http/errors";
import { runAction } from "../../../../server/http/run-action";
import {
  listTaxRates,
  type TaxRateChangeView,
  type TaxRateView,
} from "../../../../server/tax/list-tax-rates";
import { setTaxRate } from "../../../../server/tax/set-tax-rate";
import type { Route } from "./+types/admin-tax-rates";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Tax Rates", description: "Store administration.", noIndex: true });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  try {
    return { ...(await listTaxRates({ db: context.db })), error: null };
  } catch (error) {
    return listLoadFailure(context, error, {
      fallback: taxRateMessages.loadFailed,
      what: "loading the tax rates failed",
      empty: { rates: [] as TaxRateView[], history: [] as TaxRateChangeView[] },
    });
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { user } = requireAdmin(context, url);
  const form = await request.formData();
  return runAction(context, form, adminTaxRateActions, {
    save: {
      fallback: taxRateMessages.saveFailed,
      what: "tax rate not saved",
      run: async ({ intent }) => {
        // the rate and the country are the form's own (core/validation/tax-rate-form.ts)
        const saved = await setTaxRate({
          db: context.db,
          admin: { id: user.id, email: user.email },
          input: form,
        });
        const message = saved.changed
          ? taxRateMessages.saved(saved.countryName, saved.rateBasisPoints)
          : taxRateMessages.unchanged(saved.countryName, saved.rateBasisPoints);
        return { intent, ok: true as const, message };
      },
    },
  });
}

export default function AdminTaxRates({ loaderData }: Route.ComponentProps) {
  const { rates, history, error } = loaderData;
  const revalidator = useRevalidator();
  return (
    <div className="@container">
      <AdminPageHeader
        title="Tax Rates"
        description="The standard VAT rate of each country the store ships to. A new rate applies to orders placed from then on; placed orders keep the rate they were charged."
      />
      {error ? (
        <AdminLoadError message={error} onRetry={() => revalidator.revalidate()} retryIcon={RefreshCwIcon} />
      ) : (
        <div className="flex flex-col gap-8">
          <TaxRateTable rates={rates} />
          <TaxRateHistory changes={history} />
        </div>
      )}
    </div>
  );
}
