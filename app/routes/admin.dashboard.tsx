import { BoxesIcon, PackageXIcon, TriangleAlertIcon } from "lucide-react";
import { pageMeta } from "~/lib/meta";
import { requireAdmin } from "../../server/auth/guards";
import { getCatalogSummary } from "../../server/catalog/get-catalog-summary";
import type { Route } from "./+types/admin.dashboard";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Admin Dashboard", description: "Store administration.", noIndex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireAdmin(context, request);
  return { name: user.name, summary: await getCatalogSummary({ db: context.db }) };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { summary } = loaderData;
  const figures = [
    { label: "Products", value: summary.products, icon: BoxesIcon },
    { label: "Low stock (below 5)", value: summary.lowStock, icon: TriangleAlertIcon },
    { label: "Sold out", value: summary.soldOut, icon: PackageXIcon },
  ];
  return (
    <section>
      <h1 className="font-bold text-3xl">Admin Dashboard</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {loaderData.name}.</p>
      <dl className="mt-8 grid gap-4 sm:grid-cols-3">
        {figures.map(({ label, value, icon: Icon }) => (
          <div key={label} className="rounded-xl border bg-card/60 p-5">
            <dt className="flex items-center gap-2 text-muted-foreground text-sm">
              <Icon className="size-4 text-accent" aria-hidden /> {label}
            </dt>
            <dd className="mt-2 font-bold text-3xl tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
