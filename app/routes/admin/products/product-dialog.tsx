import { type ComponentProps, type ReactNode, useCallback, useId, useState } from "react";
import { useFetcher } from "react-router";
import { FormError } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading } from "~/components/ui/dialog";
import { Input, Label, Textarea } from "~/components/ui/input";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { schemaAtHand, useFormError } from "~/lib/use-form-error";
import {
  centsToPriceField,
  MAX_PRODUCT_CATEGORY_LENGTH,
  MAX_PRODUCT_DESCRIPTION_LENGTH,
  MAX_PRODUCT_NAME_LENGTH,
  productFormSchema,
  productMessages,
} from "../../../../core/validation/product-form";
import type { AdminProductView } from "../../../../server/catalog/admin-product.view";
import type { action } from "./admin-products";
import { ImageUploader } from "./image-uploader";
import { ProductColorsField } from "./product-colors-field";
import { ProductSafetyFields } from "./product-safety-fields";
import { ProductSaleFields } from "./product-sale-fields";
import type { UploaderImage } from "./use-image-uploads";

/** A labelled field; the asterisk of a required one is for the eye only (the input says required). */
function FieldRow({
  label,
  required,
  children,
  htmlFor,
}: {
  label: string;
  required?: boolean;
  htmlFor: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={htmlFor}>
        {label}
        {required ? (
          <span className="text-accent" aria-hidden>
            *
          </span>
        ) : null}
      </Label>
      {children}
    </div>
  );
}

/** A checkbox with its label, and with a hint under the label when given. */
function CheckboxField({
  label,
  hint,
  ...input
}: ComponentProps<"input"> & { label: string; hint?: string }) {
  const id = useId();
  const hintId = useId();
  const box = (
    <input
      {...input}
      id={id}
      type="checkbox"
      aria-describedby={hint ? hintId : undefined}
      className={
        hint ? "mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]" : "size-4 accent-[var(--color-accent)]"
      }
    />
  );
  if (!hint) {
    return (
      <div className="flex items-center gap-2.5">
        {box}
        <Label htmlFor={id}>{label}</Label>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-2.5">
      {box}
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      </div>
    </div>
  );
}

const loadProductFormSchema = schemaAtHand(productFormSchema);

/** Add mode (`product` null) or edit mode; saves through the products route's action. */
export function ProductDialog({
  open,
  product,
  onOpenChange,
}: {
  open: boolean;
  product: AdminProductView | null;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<typeof action>();
  const [images, setImages] = useState<UploaderImage[]>(product?.images ?? []);
  const [uploading, setUploading] = useState(false);
  const [uploadingColors, setUploadingColors] = useState(false);
  const ids = {
    name: useId(),
    price: useId(),
    category: useId(),
    description: useId(),
  };
  const result = fetcher.data?.intent === "save" ? fetcher.data : undefined;
  // the generic failure is the toast's title already; the box shows what the admin can fix
  const serverError =
    result && !result.ok && result.error !== productMessages.saveFailed ? result.error : undefined;
  const { error, submitting: saving, onSubmit } = useFormError(serverError, loadProductFormSchema, fetcher);

  // after the action and the list's reload: a toast; on success the dialog closes
  useFetcherResult(fetcher, (answer) => {
    if (answer.intent !== "save") return;
    if (answer.ok) {
      toast.success(answer.message);
      onOpenChange(false);
    } else {
      toast.error(productMessages.saveFailed, {
        description: answer.error === productMessages.saveFailed ? undefined : answer.error,
      });
    }
  });

  const updateImages = useCallback(
    (update: (current: UploaderImage[]) => UploaderImage[]) => setImages(update),
    [],
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent width="2xl">
        <DialogHeading
          title={product ? "Edit Product" : "Add Product"}
          description={`${
            product
              ? "Change the product's details and images."
              : "Fill in the product's details and add up to 5 images."
          } Fields marked * are required.`}
        />
        <fetcher.Form method="post" noValidate className="flex flex-col gap-5" onSubmit={onSubmit}>
          <FormError message={error} />
          <input type="hidden" name="intent" value="save" />
          {product ? <input type="hidden" name="id" value={product.id} /> : null}
          {images.map((image) => (
            <input key={image.id} type="hidden" name="images" value={image.id} />
          ))}

          <FieldRow label="Product Name" required htmlFor={ids.name}>
            <Input
              id={ids.name}
              name="name"
              defaultValue={product?.name}
              required
              maxLength={MAX_PRODUCT_NAME_LENGTH}
              autoComplete="off"
            />
          </FieldRow>
          <div className="grid gap-5 sm:grid-cols-2">
            <FieldRow label="Price" required htmlFor={ids.price}>
              <Input
                id={ids.price}
                name="price"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                defaultValue={product ? centsToPriceField(product.priceCents) : undefined}
                placeholder="0.00"
                required
              />
            </FieldRow>
            <FieldRow label="Category" htmlFor={ids.category}>
              <Input
                id={ids.category}
                name="category"
                defaultValue={product?.category ?? ""}
                placeholder="E.g. T-Shirts"
                maxLength={MAX_PRODUCT_CATEGORY_LENGTH}
              />
            </FieldRow>
          </div>
          <ProductSaleFields product={product} disabled={saving} />
          <ProductColorsField product={product} disabled={saving} onBusyChange={setUploadingColors} />
          <FieldRow label="Description" htmlFor={ids.description}>
            <Textarea
              id={ids.description}
              name="description"
              defaultValue={product?.description ?? ""}
              rows={4}
              maxLength={MAX_PRODUCT_DESCRIPTION_LENGTH}
            />
          </FieldRow>
          <CheckboxField
            name="featured"
            label="Featured Product"
            defaultChecked={product?.featured ?? false}
          />
          <CheckboxField
            name="finalSale"
            label="Final sale / non-returnable"
            hint="Customers cannot return this product"
            defaultChecked={product?.finalSale ?? false}
          />

          <ImageUploader
            images={images}
            onImagesChange={updateImages}
            onBusyChange={setUploading}
            disabled={saving}
          />
          <ProductSafetyFields product={product} />

          <DialogActions busy={saving} className="border-t pt-5">
            <Button type="submit" disabled={saving || uploading || uploadingColors}>
              {saving ? "Saving..." : product ? "Update Product" : "Add Product"}
            </Button>
          </DialogActions>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
