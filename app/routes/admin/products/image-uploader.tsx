import { ArrowLeftIcon, ArrowRightIcon, ImageOffIcon, UploadIcon, XIcon } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { ACCEPTED_IMAGE_TYPES, MAX_PRODUCT_IMAGES } from "../../../../core/validation/product-form";
import { type UploaderImage, useImageUploads } from "./use-image-uploads";

/** One stored image: the picture (or a placeholder when it fails to load) and its controls. */
function ImageTile({
  image,
  index,
  count,
  disabled,
  onMove,
  onRemove,
  dragHandlers,
}: {
  image: UploaderImage;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  dragHandlers: {
    onDragStart: () => void;
    onDragOver: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
    onDragEnd: () => void;
  };
}) {
  const [failed, setFailed] = useState(false);
  const position = index + 1;
  return (
    <li
      className="group relative aspect-[4/5] overflow-hidden rounded-lg border bg-muted"
      draggable={!disabled}
      {...dragHandlers}
    >
      {failed ? (
        <div
          role="img"
          aria-label={`Upload ${position} of ${count} could not be loaded`}
          className="flex size-full flex-col items-center justify-center gap-1 p-2 text-center text-muted-foreground"
        >
          <ImageOffIcon className="size-6" strokeWidth={1.4} aria-hidden />
          <span className="text-[11px] leading-tight" aria-hidden>
            Image unavailable
          </span>
        </div>
      ) : (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="120px"
          alt={`Upload ${position} of ${count}${index === 0 ? ", cover" : ""}`}
          className="size-full object-cover"
          draggable={false}
          onError={() => setFailed(true)}
        />
      )}
      {index === 0 ? (
        <span className="absolute top-1.5 left-1.5 rounded bg-accent px-1.5 py-0.5 font-semibold text-[10px] text-accent-foreground uppercase tracking-wide">
          Cover
        </span>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove image ${position}`}
        className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-black/75 text-white hover:bg-destructive disabled:opacity-50"
      >
        <XIcon className="size-3.5" aria-hidden />
      </button>
      <div className="absolute inset-x-0 bottom-0 flex justify-between bg-gradient-to-t from-black/80 to-transparent p-1 pt-4">
        <button
          type="button"
          onClick={() => onMove(index, index - 1)}
          disabled={disabled || index === 0}
          aria-label={`Move image ${position} earlier`}
          className="flex size-7 items-center justify-center rounded-md text-white hover:bg-white/20 disabled:invisible"
        >
          <ArrowLeftIcon className="size-3.5" aria-hidden />
        </button>
        <button
          type="button"
          onClick={() => onMove(index, index + 1)}
          disabled={disabled || index === count - 1}
          aria-label={`Move image ${position} later`}
          className="flex size-7 items-center justify-center rounded-md text-white hover:bg-white/20 disabled:invisible"
        >
          <ArrowRightIcon className="size-3.5" aria-hidden />
        </button>
      </div>
    </li>
  );
}

/**
 * The product dialog's images: up to 5, dropped or chosen, uploaded one request per file with a
 * progress bar each, reorderable (the first is the card image) and removable. The images' ids go
 * into the product form as hidden `images` fields, in order.
 */
export function ImageUploader({
  images,
  onImagesChange,
  onBusyChange,
  disabled = false,
  label = "Product Images",
  chooseLabel = "Choose product images",
}: {
  images: UploaderImage[];
  onImagesChange: (update: (images: UploaderImage[]) => UploaderImage[]) => void;
  onBusyChange: (busy: boolean) => void;
  disabled?: boolean;
  /** The group's heading: a colour's uploader names the colour. */
  label?: string;
  chooseLabel?: string;
}) {
  const { pending, busy, count, full, addFiles, remove, move, removedOnSave, undoRemove } = useImageUploads({
    images,
    onImagesChange,
    onBusyChange,
    disabled,
  });
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();
  const [dropActive, setDropActive] = useState(false);
  const [dragIndex, setDragIndex] = useState<number | null>(null);

  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

  return (
    <fieldset aria-labelledby={headingId} aria-describedby={hintId} className="flex min-w-0 flex-col gap-3">
      <div className="flex items-baseline justify-between">
        <span id={headingId} className="font-medium text-sm">
          {label}
        </span>
        <span className="text-muted-foreground text-xs tabular-nums" aria-live="polite">
          <span className="sr-only">Images: </span>
          {count}/{MAX_PRODUCT_IMAGES}
        </span>
      </div>

      {images.length + pending.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2.5 sm:grid-cols-5">
          {images.map((image, index) => (
            <ImageTile
              key={image.id}
              image={image}
              index={index}
              count={images.length}
              disabled={disabled || busy}
              onMove={move}
              onRemove={() => remove(image)}
              dragHandlers={{
                onDragStart: () => setDragIndex(index),
                onDragOver: (event) => {
                  if (dragIndex !== null) event.preventDefault();
                },
                onDrop: (event) => {
                  if (dragIndex === null) return;
                  event.preventDefault();
                  event.stopPropagation();
                  move(dragIndex, index);
                  setDragIndex(null);
                },
                onDragEnd: () => setDragIndex(null),
              }}
            />
          ))}
          {pending.map((upload) => (
            <li
              key={upload.key}
              className="flex aspect-[4/5] flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-muted/50 p-2"
            >
              <UploadIcon className="size-5 animate-pulse text-muted-foreground" aria-hidden />
              <span className="w-full truncate text-center text-[11px] text-muted-foreground">
                {upload.name}
              </span>
              <div
                role="progressbar"
                aria-label={`Uploading ${upload.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(upload.progress * 100)}
                className="h-1.5 w-full overflow-hidden rounded-full bg-secondary"
              >
                <div
                  className="h-full rounded-full bg-accent transition-[width]"
                  style={{ width: `${Math.round(upload.progress * 100)}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      <div aria-live="polite">
        {removedOnSave > 0 ? (
          <p
            className="flex items-center justify-between gap-3 rounded-md border border-dashed px-3 py-2 text-muted-foreground text-xs"
            data-testid="images-removed-on-save"
          >
            <span>
              {removedOnSave === 1 ? "1 image" : `${removedOnSave} images`} will be removed when you save the
              product.
            </span>
            <Button
              type="button"
              variant="link"
              className="h-auto! p-0! text-accent! text-xs!"
              disabled={disabled || busy || full}
              onClick={undoRemove}
            >
              Undo
            </Button>
          </p>
        ) : null}
      </div>

      {full ? null : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the drop target for mouse users; the button inside serves everyone
        <div
          onDragOver={(event) => {
            if (!carriesFiles(event) || disabled) return;
            event.preventDefault();
            setDropActive(true);
          }}
          onDragLeave={() => setDropActive(false)}
          onDrop={(event) => {
            if (!carriesFiles(event)) return;
            event.preventDefault();
            setDropActive(false);
            void addFiles([...event.dataTransfer.files]);
          }}
          className={cn(
            "flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
            dropActive ? "border-accent bg-accent/10" : "border-input",
          )}
        >
          <UploadIcon className="size-6 text-muted-foreground" aria-hidden />
          <p className="text-sm">
            Drag and drop images here, or{" "}
            <Button
              type="button"
              variant="link"
              className="h-auto! p-0! text-accent!"
              disabled={disabled}
              onClick={() => inputRef.current?.click()}
            >
              choose files
            </Button>
          </p>
          <p id={hintId} className="text-muted-foreground text-xs">
            PNG, JPG, WEBP up to 5MB each
          </p>
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(",")}
            multiple
            hidden
            aria-label={chooseLabel}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              // the same file can be chosen again after a failure
              event.currentTarget.value = "";
              void addFiles(files);
            }}
          />
        </div>
      )}
      {full ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          PNG, JPG, WEBP up to 5MB each. Remove an image to add another.
        </p>
      ) : null}
    </fieldset>
  );
}
