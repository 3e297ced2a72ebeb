import { PlusIcon, TicketPercentIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import { DeleteCouponDialog } from "~/routes/admin/coupons/coupon-delete-dialog";
import { CouponDialog } from "~/routes/admin/coupons/coupon-dialog";
import { CouponList } from "~/routes/admin/coupons/coupon-list";
import { adminCouponActions } from "../../../../core/validation/admin-actions";
import { couponAdminMessages } from "../../../../core/validation/coupon-form";
import { requireAdmin } from "../../../../server/auth/guards";
import { deleteCoupon } from "../../../../server/coupons/delete-coupon";
import { type AdminCouponView, listCoupons } from "../../../../server/coupons/list-coupons";
import { saveCoupon } from "../../../../server/coupons/save-coupon";
import { setCouponActive } from "../../../../server/coupons/set-coupon-active";
import { listLoadFailure } from "../../../../server/http/errors";
import { runAction } from "../../../../server/http/run-action";
import type { Route } from "./+types/admin-coupons";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Manage Coupons",
    description: "Create and manage coupons.",
    noIndex: true,
  });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  try {
    return { coupons: await listCoupons({ db: context.db }), error: null };
  } catch (error) {
    return listLoadFailure(context, error, {
      fallback: couponAdminMessages.loadFailed,
      what: "loading the admin coupon list failed",
      empty: { coupons: [] as AdminCouponView[] },
    });
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  requireAdmin(context, url);
  const form = await request.formData();
  const { db } = context;
  const what = "admin coupon action failed";
  return runAction(context, form, adminCouponActions, {
    save: {
      fallback: couponAdminMessages.saveFailed,
      what,
      run: async ({ intent, id }) => {
        // the coupon's fields are the form's own (core/validation/coupon-form.ts), parsed by saveCoupon
        const saved = await saveCoupon({ db, id: id || undefined, input: form });
        const message = saved.created ? couponAdminMessages.created : couponAdminMessages.updated;
        return { intent, ok: true as const, message };
      },
    },
    "set-active": {
      fallback: couponAdminMessages.statusFailed,
      what,
      run: async ({ intent, id, isActive }) => {
        await setCouponActive({ db, id, isActive });
        const message = isActive ? couponAdminMessages.activated : couponAdminMessages.deactivated;
        return { intent, ok: true as const, message };
      },
    },
    delete: {
      fallback: couponAdminMessages.deleteFailed,
      what,
      run: async ({ intent, id }) => {
        const { unlinkedOrders } = await deleteCoupon({ db, id });
        return { intent, ok: true as const, message: couponAdminMessages.deleted(unlinkedOrders) };
      },
    },
  });
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  const { coupons, error } = loaderData;
  // null: closed; "new": creating; otherwise the coupon being edited
  const [editing, setEditing] = useState<AdminCouponView | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminCouponView | null>(null);

  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);

  return (
    <div className="@container flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl">Manage Coupons</h1>
          <p className="mt-1 text-muted-foreground text-sm">
            {coupons.length === 1 ? "1 coupon" : `${coupons.length} coupons`}
          </p>
        </div>
        <Button onClick={() => setEditing("new")}>
          <PlusIcon aria-hidden /> Add Coupon
        </Button>
      </header>

      {error ? (
        <div
          role="alert"
          className="rounded-xl border border-destructive/50 bg-destructive/10 px-4 py-10 text-center"
        >
          <p className="font-semibold">{error}</p>
          <p className="mt-1 text-muted-foreground text-sm">Reload the page to try again.</p>
        </div>
      ) : coupons.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-20 text-center">
          <TicketPercentIcon className="size-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold text-lg">No coupons created yet.</p>
          <Button variant="outline" onClick={() => setEditing("new")}>
            <PlusIcon aria-hidden /> Add Coupon
          </Button>
        </div>
      ) : (
        <CouponList coupons={coupons} onEdit={setEditing} onDelete={setDeleting} />
      )}

      <DeleteCouponDialog coupon={deleting} onClose={() => setDeleting(null)} />
      <CouponDialog
        coupon={editing === "new" ? null : editing}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
    </div>
  );
}
