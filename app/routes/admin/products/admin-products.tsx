import { PlusIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { data, redirect, useNavigation } from "react-router";
import { SearchField } from "~/components/search-field";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import { AdminPageHeader, AdminPagination, AdminSearchForm, adminListHref } from "~/routes/admin/admin-list";
import { ProductDeleteDialog } from "~/routes/admin/products/product-delete-dialog";
import { type AdminProduct, ProductDialog } from "~/routes/admin/products/product-dialog";
import { ProductTable } from "~/routes/admin/products/product-table";
import { formText } from "../../../../core/validation/form-schema";
import { productFormSchema, productMessages } from "../../../../core/validation/product-form";
import { parseInput } from "../../../../server/app-error";
import { requireAdmin } from "../../../../server/auth/guards";
import { listAdminProductViews } from "../../../../server/catalog/admin-product.view";
import { deleteProduct } from "../../../../server/catalog/delete-product";
import { saveProduct } from "../../../../server/catalog/save-product";
import { handleAction, listLoadFailure } from "../../../../server/http/errors";
import type { Route } from "./+types/admin-products";

const MAX_QUERY_LENGTH = 100;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Manage Products",
    description: "Add, edit and delete the store's products.",
    noIndex: true,
  });
}

/** The list's URL: /admin/products with only the parameters that differ from the defaults. */
function listHref(query: { q: string; page: number }) {
  return adminListHref("/admin/products", query);
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const params = url.searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const requested = Number.parseInt(params.get("page") ?? "1", 10);
  const page = Number.isSafeInteger(requested) && requested > 0 ? requested : 1;
  try {
    const result = await listAdminProductViews({ db: context.db, storage: context.storage, query: q, page });
    // a page that no longer exists (the last product on it was deleted) shows the last one
    if (page > result.pageCount) throw redirect(listHref({ q, page: result.pageCount }));
    return { q, ...result, error: null };
  } catch (error) {
    return listLoadFailure(context, error, {
      fallback: productMessages.loadFailed,
      what: "could not list products for the admin",
      details: { q, page },
      empty: { q, page: 1, pageCount: 1, total: 0, products: [] as AdminProduct[] },
    });
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  requireAdmin(context, url);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const productId = formText(form, "id") || undefined;
  const failure = (fallback: string, what: string) => ({
    fallback,
    what,
    extra: { intent, ok: false as const },
    details: { productId },
  });

  if (intent === "save") {
    return handleAction(
      context,
      failure(productMessages.saveFailed, "could not save a product"),
      async () => {
        const input = parseInput(productFormSchema, form);
        const { created } = await saveProduct({ ...context, productId, input });
        return {
          intent,
          ok: true as const,
          message: created ? productMessages.added : productMessages.updated,
        };
      },
    );
  }

  if (intent === "delete" && productId) {
    return handleAction(
      context,
      failure(productMessages.deleteFailed, "could not delete a product"),
      async () => {
        await deleteProduct({ ...context, productId });
        return { intent, ok: true as const, message: productMessages.deleted };
      },
    );
  }

  throw data("Unknown action", { status: 400 });
}

/** undefined: no dialog; null: the Add dialog; a product: its Edit dialog. */
type Editing = AdminProduct | null | undefined;

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { q, page, pageCount, total, products, error } = loaderData;
  const [editing, setEditing] = useState<Editing>(undefined);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
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
        description={<span aria-live="polite">{total === 1 ? "1 product" : `${total} products`}</span>}
        actions={
          <Button onClick={() => setEditing(null)}>
            <PlusIcon aria-hidden /> Add Product
          </Button>
        }
      />

      <AdminSearchForm action="/admin/products" key={q} className="mb-5">
        <SearchField
          label="Search products"
          defaultValue={q}
          placeholder="Search products by name or description..."
          maxLength={MAX_QUERY_LENGTH}
          className="max-w-md"
        />
      </AdminSearchForm>

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
        hrefFor={(target) => listHref({ q, page: target })}
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
