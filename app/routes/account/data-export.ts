import { redirect } from "react-router";
import { accountPrivacyMessages } from "../../../core/account-privacy";
import { requireUser } from "../../../server/auth/guards";
import { reportFailure } from "../../../server/http/errors";
import { redirectWithToast } from "../../../server/http/flash";
import { customerDataFileName, exportCustomerData } from "../../../server/privacy/export-customer-data";
import type { Route } from "./+types/data-export";

/**
 * POST /account/data-export: "Download my data" in /account Settings, the signed-in customer's own
 * data as a JSON file (GDPR articles 15 and 20). A POST, so the cross-site check applies and no
 * link can start it; the form posts as a document, so the browser saves the answer as a file.
 */
export async function action({ context, url }: Route.ActionArgs) {
  const { user } = requireUser(context, url);
  try {
    const now = new Date();
    const exported = await exportCustomerData({
      db: context.db,
      config: context.config,
      userId: user.id,
      now,
    });
    context.log.info({ userId: user.id, orders: exported.orders.length }, "customer data exported");
    return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${customerDataFileName(context.config.storeName, now)}"`,
        // a person's data: never kept by a cache
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    const { error: text } = reportFailure(context, error, {
      fallback: accountPrivacyMessages.exportFailed,
      what: "customer data export failed",
      details: { userId: user.id },
    });
    return redirectWithToast(context, "/account/settings", { kind: "error", text });
  }
}

/** A visit by address (a bookmarked or reloaded URL) goes to the page with the button. */
export function loader({ context, url }: Route.LoaderArgs) {
  requireUser(context, url);
  return redirect("/account/settings");
}
