import { useEffect, useState } from "react";
import { toast } from "~/lib/toast";
import type { ResponsiveImage } from "../../../../core/images";
import {
  checkImageFile,
  MAX_PRODUCT_IMAGES,
  productMessages,
} from "../../../../core/validation/product-form";

const UPLOAD_URL = "/admin/products/images";

export interface UploaderImage extends ResponsiveImage {
  id: string;
  /** Uploaded in this dialog and not saved with the product yet. */
  fresh?: boolean;
}

interface PendingUpload {
  key: string;
  name: string;
  /** 0..1 */
  progress: number;
}

type UploadOutcome = { ok: true; image: UploaderImage } | { ok: false; error: string };

/**
 * Sends one file as the raw request body. XMLHttpRequest rather than fetch: only it reports upload
 * progress. The server decodes the file and answers with the stored image or the reason it refused.
 */
function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_URL);
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { imageId?: string; image?: ResponsiveImage; error?: string } | null;
      if (xhr.status === 201 && body?.imageId && body.image)
        resolve({ ok: true, image: { id: body.imageId, ...body.image, fresh: true } });
      else resolve({ ok: false, error: body?.error ?? productMessages.uploadFailed });
    };
    xhr.onerror = () => resolve({ ok: false, error: productMessages.uploadFailed });
    xhr.send(file);
  });
}

/**
 * The image uploader's queue: files checked and uploaded (one request each, with progress),
 * fresh uploads removed from the server, saved images taken out until the product is saved (with
 * an undo), images reordered. `onImagesChange` gets each change to
 * the list; `onBusyChange` hears while an upload or a removal is under way.
 */
export function useImageUploads({
  images,
  onImagesChange,
  onBusyChange,
  disabled,
}: {
  images: UploaderImage[];
  onImagesChange: (update: (images: UploaderImage[]) => UploaderImage[]) => void;
  onBusyChange: (busy: boolean) => void;
  disabled: boolean;
}) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [removing, setRemoving] = useState<string | null>(null);
  /** Saved images taken out of the list, last one last; they leave the product when it is saved. */
  const [removedSaved, setRemovedSaved] = useState<{ image: UploaderImage; index: number }[]>([]);
  const busy = pending.length > 0 || removing !== null;
  const count = images.length + pending.length;
  const full = count >= MAX_PRODUCT_IMAGES;

  useEffect(() => {
    onBusyChange(busy);
  }, [busy, onBusyChange]);

  async function addFiles(files: File[]) {
    if (files.length === 0 || disabled) return;
    if (count + files.length > MAX_PRODUCT_IMAGES) {
      toast.error(productMessages.tooManyImages);
      return;
    }
    const batch = files.map((file, index) => ({
      file,
      key: `${Date.now()}-${index}-${file.name}`,
      problem: checkImageFile(file),
    }));
    const accepted = batch.filter((item) => item.problem === null);
    setPending((current) => [
      ...current,
      ...accepted.map((item) => ({ key: item.key, name: item.file.name, progress: 0 })),
    ]);
    const outcomes = await Promise.all(
      accepted.map((item) =>
        uploadFile(item.file, (progress) =>
          setPending((current) =>
            current.map((upload) => (upload.key === item.key ? { ...upload, progress } : upload)),
          ),
        ),
      ),
    );
    const keys = new Set(accepted.map((item) => item.key));
    setPending((current) => current.filter((upload) => !keys.has(upload.key)));
    // added in the order chosen, not the order the uploads finished
    const uploaded = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.image] : []));
    if (uploaded.length > 0) {
      onImagesChange((current) => {
        const known = new Set(current.map((image) => image.id));
        // the same file twice is one image (ids are content hashes)
        const added = uploaded.filter((image) => !known.has(image.id) && known.add(image.id));
        return [...current, ...added].slice(0, MAX_PRODUCT_IMAGES);
      });
      toast.success(productMessages.uploaded(uploaded.length));
    }
    const problems = [
      ...batch.flatMap((item) => (item.problem ? [item.problem] : [])),
      ...outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.error])),
    ];
    if (problems.length > 0)
      toast.error(productMessages.uploadFailed, { description: [...new Set(problems)].join("\n") });
  }

  async function remove(image: UploaderImage) {
    if (!image.fresh) {
      // A saved image leaves the product only when the product is saved: it leaves the list now,
      // can be put back until then, and the save's own toast reports the change. No "removed" toast
      // here, which would claim a removal that has not happened (and would not, on Cancel).
      const index = images.findIndex((candidate) => candidate.id === image.id);
      onImagesChange((current) => current.filter((candidate) => candidate.id !== image.id));
      setRemovedSaved((current) => [...current, { image, index }]);
      return;
    }
    // an upload nobody saved yet: the server forgets it now instead of in 24 hours, so it really
    // is removed, and the spec's toast says so
    setRemoving(image.id);
    try {
      const response = await fetch(`${UPLOAD_URL}?id=${encodeURIComponent(image.id)}`, {
        method: "DELETE",
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    } catch {
      toast.error(productMessages.removeFailed);
      return;
    } finally {
      setRemoving(null);
    }
    onImagesChange((current) => current.filter((candidate) => candidate.id !== image.id));
    toast.success(productMessages.imageRemoved);
  }

  /** Puts the last saved image taken out back where it was, while there is room for it. */
  function undoRemove() {
    const last = removedSaved.at(-1);
    if (!last || full) return;
    setRemovedSaved((current) => current.slice(0, -1));
    onImagesChange((current) => {
      if (current.some((candidate) => candidate.id === last.image.id)) return current;
      const next = [...current];
      next.splice(Math.min(last.index, next.length), 0, last.image);
      return next.slice(0, MAX_PRODUCT_IMAGES);
    });
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= images.length || from === to) return;
    onImagesChange((current) => {
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
  }

  return {
    pending,
    busy,
    count,
    full,
    addFiles,
    remove,
    move,
    removedOnSave: removedSaved.length,
    undoRemove,
  };
}
