// The product image upload endpoint of the admin product dialog.
//   POST   /admin/products/images          raw file as the body, X-File-Name: URI-encoded name
//                                          → 201 { imageId, image: { src, srcSet } } | 4xx/5xx { error, code }
//   DELETE /admin/products/images?id=...   forgets an upload not yet saved with a product → { ok }
import { MAX_IMAGE_BYTES, productMessages } from "../../../../core/validation/product-form";
import { AppError } from "../../../../server/app-error";
import { requireAdmin } from "../../../../server/auth/guards";
import { reportFailure } from "../../../../server/http/errors";
import type { RequestBodyPolicy } from "../../../../server/http/request-body";
import { deleteUnusedImages } from "../../../../server/media/delete-image";
import { displayFileName, uploadImage } from "../../../../server/media/upload-image";
import type { Route } from "./+types/product-images";

/**
 * One image per request (the dialog sends its up to 5 files as 5 requests), and only from an
 * admin: everyone else gets the small default before the body is read. The margin over 5 MB lets
 * a file slightly too large reach uploadImage, whose refusal names the file.
 */
export const requestBody: RequestBodyPolicy = {
  maxBytes: MAX_IMAGE_BYTES + 1024 * 1024,
  kind: "raw",
  adminOnly: true,
};

/** Image ids are content hashes (server/media/store-image.ts). */
const IMAGE_ID_PATTERN = /^[0-9a-f]{24}$/;

export function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  return new Response(null, { status: 405, headers: { Allow: "POST, DELETE" } });
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { user } = requireAdmin(context, url);

  if (request.method === "DELETE") {
    const imageId = url.searchParams.get("id") ?? "";
    try {
      if (!IMAGE_ID_PATTERN.test(imageId)) throw new AppError("unknown_image", productMessages.removeFailed);
      await deleteUnusedImages({ ...context, imageIds: [imageId], discardUploads: true });
      return Response.json({ ok: true });
    } catch (error) {
      const failure = { fallback: productMessages.removeFailed, what: "could not discard an uploaded image" };
      return failureJson(reportFailure(context, error, { ...failure, details: { imageId } }));
    }
  }

  if (request.method !== "POST")
    return new Response(null, { status: 405, headers: { Allow: "POST, DELETE" } });

  const fileName = displayFileName(request.headers.get("X-File-Name"));
  try {
    const uploaded = await uploadImage({
      db: context.db,
      storage: context.storage,
      body: request.body,
      contentLength: request.headers.get("Content-Length"),
      fileName,
      uploadedBy: user.id,
    });
    return Response.json(uploaded, { status: 201 });
  } catch (error) {
    const failure = { fallback: productMessages.uploadFailed, what: "could not store an uploaded image" };
    return failureJson(reportFailure(context, error, { ...failure, details: { fileName } }));
  }
}

/** The dialog reads `{ error, code }` with the failure's status. */
function failureJson({ status, ...failure }: ReturnType<typeof reportFailure>) {
  return Response.json(failure, { status });
}
