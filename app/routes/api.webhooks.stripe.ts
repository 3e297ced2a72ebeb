// PLACEHOLDER: replaced by the work on this route (not to be shipped as is).
import { requireAdmin } from "../../server/auth/guards";
import type { Route } from "./+types/api.webhooks.stripe";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return new Response(null, { status: 404 });
}
