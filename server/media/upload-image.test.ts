import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  action as imagesAction,
  loader as imagesLoader,
} from "../../app/routes/admin/products/product-images";
import { IMAGE_WIDTHS, imageKey } from "../../core/images";
import { MAX_IMAGE_BYTES, productMessages } from "../../core/validation/product-form";
import { makeImage, makeNoisyPng, SVG_IMAGE } from "../../tests/fixtures/images";
import { callRoute } from "../../tests/setup/route-call";
import { setupAdminAndCustomer } from "../../tests/setup/test-commerce";
import { setupTestServices, TEST_PUBLIC_URL } from "../../tests/setup/test-services";
import { mediaUpload, product } from "../db/schema";

const t = setupTestServices();
const { admin, customer } = setupAdminAndCustomer(t);

const mediaFolder = () => path.join(t.dataDir, "media", "products");
const storedFiles = async () => (await readdir(mediaFolder()).catch(() => [] as string[])).sort();

type Body = Buffer | ReadableStream<Uint8Array> | null;

function uploadRequest(
  body: Body,
  options: {
    fileName?: string;
    cookie?: string;
    contentLength?: number;
    method?: string;
    search?: string;
  } = {},
): Request {
  const headers = new Headers({ Origin: TEST_PUBLIC_URL });
  if (options.fileName !== undefined) headers.set("X-File-Name", encodeURIComponent(options.fileName));
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.contentLength !== undefined) headers.set("Content-Length", String(options.contentLength));
  return new Request(new URL(`/admin/products/images${options.search ?? ""}`, TEST_PUBLIC_URL), {
    method: options.method ?? "POST",
    headers,
    // a copy typed as the fetch API wants it (Buffer's backing store may be shared)
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
    duplex: "half",
  } as RequestInit);
}

/** The route's action (or loader) answers with a Response, or throws a redirect. */
const call = async (fn: typeof imagesAction | typeof imagesLoader, request: Request) =>
  (await callRoute(fn, request, { services: t.services })) as Response;

const upload = (body: Body, fileName: string, extra = {}) =>
  call(imagesAction, uploadRequest(body, { fileName, cookie: admin.cookie, ...extra }));

async function expectRefused(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error: message, code: expect.any(String) });
}

describe("image upload (POST /admin/products/images)", () => {
  it.each([
    ["png", "tee-front.png"],
    ["jpeg", "tee-back.jpg"],
    ["webp", "tee-detail.webp"],
  ] as const)("accepts a real %s and stores WebP variants at every width", async (format, fileName) => {
    const input = await makeImage(format, { hue: format.length * 20 });
    const response = await upload(input, fileName, { contentLength: input.length });

    expect(response.status).toBe(201);
    const body = (await response.json()) as { imageId: string; image: { src: string; srcSet: string } };
    expect(body.imageId).toMatch(/^[0-9a-f]{24}$/);
    expect(body.image.src).toBe(`/media/${imageKey(body.imageId, 640)}`);
    for (const width of IMAGE_WIDTHS) {
      expect(body.image.srcSet).toContain(`/media/${imageKey(body.imageId, width)} ${width}w`);
      const stored = await readFile(path.join(t.dataDir, "media", imageKey(body.imageId, width)));
      const metadata = await sharp(stored).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width).toBe(width);
    }
    const [row] = await t.services.db.select().from(mediaUpload).where(eq(mediaUpload.imageId, body.imageId));
    expect(row?.uploadedBy).toBe(admin.id);
  });

  it("strips the camera's metadata (EXIF, GPS, colour profile)", async () => {
    const photo = await sharp(await makeImage("jpeg", { hue: 90 }))
      .withExif({ IFD0: { Make: "PhoneMaker", Copyright: "Jane Doe" }, IFD3: { GPSLatitudeRef: "N" } })
      .withIccProfile("p3")
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const response = await upload(photo, "holiday.jpg");

    expect(response.status).toBe(201);
    const { imageId } = (await response.json()) as { imageId: string };
    const stored = await readFile(path.join(t.dataDir, "media", imageKey(imageId, 960)));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
  });

  it("refuses a text file renamed to .png, and stores nothing", async () => {
    const before = await storedFiles();
    await expectRefused(
      await upload(Buffer.from("just some notes, not a picture\n"), "notes.png"),
      415,
      productMessages.notAnImage("notes.png"),
    );
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses an SVG, whatever it is called", async () => {
    await expectRefused(await upload(SVG_IMAGE, "logo.svg"), 415, productMessages.notAnImage("logo.svg"));
    await expectRefused(await upload(SVG_IMAGE, "logo.png"), 415, productMessages.notAnImage("logo.png"));
  });

  it("refuses a truncated PNG whose header is intact", async () => {
    const png = await makeNoisyPng();
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    expect((await sharp(truncated).metadata()).format).toBe("png");

    await expectRefused(
      await upload(truncated, "cut-off.png"),
      415,
      productMessages.notAnImage("cut-off.png"),
    );
  });

  it("refuses an empty body and a GIF", async () => {
    await expectRefused(await upload(null, "empty.png"), 415, productMessages.notAnImage("empty.png"));
    const gif = await sharp(await makeImage("png"))
      .gif()
      .toBuffer();
    await expectRefused(await upload(gif, "moving.gif"), 415, productMessages.notAnImage("moving.gif"));
  });

  it("refuses a 6 MB body sent without a Content-Length, reading no more than 5 MB of it", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x42);
    let sent = 0;
    const sixMegabytes = 6 * 1024 * 1024;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (sent >= sixMegabytes) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    const before = await storedFiles();

    await expectRefused(await upload(body, "huge.png"), 413, productMessages.tooLarge("huge.png"));

    expect(sent).toBeLessThanOrEqual(MAX_IMAGE_BYTES + 2 * chunk.length);
    expect(sent).toBeLessThan(sixMegabytes);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a 6 MB image body with its Content-Length", async () => {
    const big = await makeNoisyPng(1600, 1400);
    expect(big.length).toBeGreaterThan(MAX_IMAGE_BYTES);
    await expectRefused(
      await upload(big, "poster.png", { contentLength: big.length }),
      413,
      productMessages.tooLarge("poster.png"),
    );
  });

  it("refuses a declared Content-Length over 5 MB before reading the body", async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls++;
          controller.enqueue(new Uint8Array(1024));
        },
      },
      { highWaterMark: 0 },
    );

    await expectRefused(
      await upload(body, "declared.jpg", { contentLength: MAX_IMAGE_BYTES + 1 }),
      413,
      productMessages.tooLarge("declared.jpg"),
    );
    expect(pulls).toBe(0);
  });

  it("names the file safely in its messages: no folders, no control characters", async () => {
    await expectRefused(
      await upload(Buffer.from("nope"), "../../etc/pass\nwd.png"),
      415,
      productMessages.notAnImage("passwd.png"),
    );
  });
});

describe("discarding an upload (DELETE /admin/products/images?id=)", () => {
  it("forgets a fresh upload and deletes its files", async () => {
    const response = await upload(await makeImage("png", { hue: 200 }), "discard-me.png");
    const { imageId } = (await response.json()) as { imageId: string };

    const discarded = await call(
      imagesAction,
      uploadRequest(null, { method: "DELETE", search: `?id=${imageId}`, cookie: admin.cookie }),
    );

    expect(discarded.status).toBe(200);
    expect(await t.services.db.select().from(mediaUpload).where(eq(mediaUpload.imageId, imageId))).toEqual(
      [],
    );
    for (const width of IMAGE_WIDTHS) expect(await storedFiles()).not.toContain(`${imageId}-${width}.webp`);
  });

  it("keeps the files of an image a product shows", async () => {
    const response = await upload(await makeImage("png", { hue: 220 }), "kept.png");
    const { imageId } = (await response.json()) as { imageId: string };
    await t.services.db.insert(product).values({ name: "Keeper Tee", priceCents: 2500, images: [imageId] });

    const discarded = await call(
      imagesAction,
      uploadRequest(null, { method: "DELETE", search: `?id=${imageId}`, cookie: admin.cookie }),
    );

    expect(discarded.status).toBe(200);
    expect(await storedFiles()).toContain(`${imageId}-640.webp`);
  });

  it("answers 400 to an id that is not an image id", async () => {
    const response = await call(
      imagesAction,
      uploadRequest(null, { method: "DELETE", search: "?id=../../secret", cookie: admin.cookie }),
    );
    await expectRefused(response, 400, productMessages.removeFailed);
  });
});

describe("who may upload", () => {
  it("sends a customer to /forbidden from the upload, the discard and a GET", async () => {
    const before = await storedFiles();
    const requests = [
      uploadRequest(await makeImage("png"), { fileName: "sneaky.png", cookie: customer.cookie }),
      uploadRequest(null, {
        method: "DELETE",
        search: "?id=0123456789abcdef01234567",
        cookie: customer.cookie,
      }),
    ];
    for (const request of requests) {
      const response = await call(imagesAction, request);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/forbidden");
    }
    const get = await call(
      imagesLoader,
      new Request(new URL("/admin/products/images", TEST_PUBLIC_URL), {
        headers: { Cookie: customer.cookie },
      }),
    );
    expect(get.headers.get("Location")).toBe("/forbidden");
    expect(await storedFiles()).toEqual(before);
  });

  it("sends a visitor to /login", async () => {
    const response = await call(
      imagesAction,
      uploadRequest(await makeImage("png"), { fileName: "anon.png" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fproducts%2Fimages");
  });

  it("answers 405 to an admin's GET", async () => {
    const response = await call(
      imagesLoader,
      new Request(new URL("/admin/products/images", TEST_PUBLIC_URL), { headers: { Cookie: admin.cookie } }),
    );
    expect(response.status).toBe(405);
  });
});
