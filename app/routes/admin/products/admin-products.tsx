import { PlusIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { plural } from "~/lib/plural";
import { toast } from "~/lib/toast";
import { AdminListFilters, AdminPageHeader, AdminPagination } from "~/routes/admin/admin-list";
import { ProductDeleteDialog } from "~/routes/admin/products/product-delete-dialog";
import { ProductDialog } from "~/routes/admin/products/product-dialog";
import { ProductTable } from "~/routes/admin/products/product-table";
import { adminProductList } from "../../../../core/admin-lists";
import { adminProductActions } from "../../../../core/validation/admin-actions";
import { productFormSchema, productMessages } from "../../../../core/validation/product-form";
import { parseInput } from "../../../../server/app-error";
import { requireAdmin } from "../../../../server/auth/guards";
import { type AdminProductView, listAdminProductViews } from "../../../../server/catalog/admin-product.view";
import { deleteProduct } from "../../../../server/catalog/delete-product";
import { saveProduct } from "../../../../server/catalog/save-product";
import { listLoadFailure } from "../../../../server/http/errors";
import { runAction } from "../../../../server/http/run-action";
import type { Route } from "./+types/admin-products";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Manage Products",
    description: "Add, edit and delete the store's products.",
    noIndex: true,
  });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const { q, page } = adminProductList.parse(url.searchParams);
  try {
    const result = await listAdminProductViews({ db: context.db, storage: context.storage, query: q, page });
    // a page that no longer exists (the last product on it was deleted) shows the last one
    if (page > result.pageCount) throw redirect(adminProductList.href({ q, page: result.pageCount }));
    return { q, ...result, error: null };
  } catch (error) {
    return listLoadFailure(context, error, {
      fallback: productMessages.loadFailed,
      what: "could not list products for the admin",
      details: { q, page },
      empty: { q, page: 1, pageCount: 1, total: 0, products: [] as AdminProductView[] },
    });
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { user } = requireAdmin(context, url);
  const form = await request.formData();
  return runAction(context, form, adminProductActions, {
    save: {
      fallback: productMessages.saveFailed,
      what: "could not save a product",
      run: async ({ intent, id }) => {
        // the product's fields are the form's own (core/validation/product-form.ts)
        const input = parseInput(productFormSchema, form);
        const { created } = await saveProduct({
          ...context,
          productId: id || undefined,
          input,
          changedBy: user.id,
        });
        return {
          intent,
          ok: true as const,
          message: created ? productMessages.added : productMessages.updated,
        };
      },
    },
    delete: {
      fallback: productMessages.deleteFailed,
      what: "could not delete a product",
      run: async ({ intent, id }) => {
        await deleteProduct({ ...context, productId: id });
        return { intent, ok: true as const, message: productMessages.deleted };
      },
    },
  });
}

/** undefined: no dialog; null: the Add dialog; a product: its Edit dialog. */
type Editing = AdminProductView | null | undefined;

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { q, page, pageCount, total, products, error } = loaderData;
  const [editing, setEditing] = useState<Editing>(undefined);
  const [deleting, setDeleting] = useState<AdminProductView | null>(null);
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    navigation.formMethod === undefined &&
    /^\/admin(\/products)?\/?$/.test(navigation.location.pathname);

  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);

  return (
    <div>
      <AdminPageHeader
        title="Manage Products"
        description={<span aria-live="polite">{plural(total, "product")}</span>}
        actions={
          <Button onClick={() => setEditing(null)}>
            <PlusIcon aria-hidden /> Add Product
          </Button>
        }
      />

      <AdminListFilters
        key={q}
        list={adminProductList}
        q={q}
        label="Search products"
        placeholder="Search products by name or description..."
        className="mb-5"
        searchClassName="max-w-md"
        searchButton={false}
      />

      <ProductTable
        products={products}
        loading={loading}
        searching={Boolean(q)}
        onAdd={() => setEditing(null)}
        onEdit={(product) => setEditing(product)}
        onDelete={(product) => setDeleting(product)}
      />
      <AdminPagination
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => adminProductList.href({ q, page: target })}
      />

      <ProductDialog
        // a fresh form (and uploader) for every product opened
        key={editing === undefined ? "closed" : (editing?.id ?? "new")}
        open={editing !== undefined}
        product={editing ?? null}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
      />
      <ProductDeleteDialog
        product={deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
      />
    </div>
  );
}
