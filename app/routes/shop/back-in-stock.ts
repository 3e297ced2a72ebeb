// POST /back-in-stock: "Notify me when it's back" on a sold-out size (docs/BACK-IN-STOCK.md). An
// action of its own, so the product page stays the same for every visitor (and cacheable); the page
// cache only ever keeps GETs.
import { backInStockActions, backInStockMessages } from "../../../core/validation/back-in-stock";
import { runAction } from "../../../server/http/run-action";
import { requestStockAlert } from "../../../server/stock-alerts/request-stock-alert";
import type { Route } from "./+types/back-in-stock";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return runAction(context, form, backInStockActions, {
    notify: {
      fallback: backInStockMessages.failed,
      what: "stock alert request failed",
      run: async ({ intent, variantId, email }) => {
        const user = context.session?.user;
        const { message } = await requestStockAlert({
          ...context,
          user: user ? { id: user.id, email: user.email } : null,
          variantId,
          email,
        });
        return { intent, ok: true as const, message };
      },
    },
  });
}
