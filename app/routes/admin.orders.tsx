// PLACEHOLDER: replaced by the work on this screen (not to be shipped as is).
import { requireAdmin } from "../../server/auth/guards";
import type { Route } from "./+types/admin.orders";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function Placeholder() {
  return <h1 className="font-bold text-3xl">admin.orders</h1>;
}
