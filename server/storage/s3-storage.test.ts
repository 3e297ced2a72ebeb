import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, imageKey } from "../../core/images";
import { startS3Server, type TestS3Server } from "../../tests/setup/s3-server";
import { parseConfig } from "../config";
import { storeImage } from "../media/store-image";
import { createStorage } from "./create-storage";
import { createS3Storage, S3StorageError } from "./s3-storage";

const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.close();
});

/** The driver as production builds it: from the environment, through parseConfig. */
function s3Environment(overrides: Record<string, string> = {}) {
  return {
    NODE_ENV: "test",
    DATA_DIR: path.join(tmpdir(), "nocturn-unused-data-dir"),
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    // s3rver serves objects path-style, as MinIO does without a CDN in front; trailing slash on purpose
    S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}/`,
    ...overrides,
  };
}

function s3Storage(overrides: Record<string, string> = {}) {
  const config = parseConfig(s3Environment(overrides));
  return createS3Storage(config.s3!);
}

/** A photo as a phone sends it: JPEG with EXIF (camera and GPS) and an ICC profile. */
async function photoWithMetadata(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 90 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 9", Copyright: "Jane Doe" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1" },
    })
    .withIccProfile("p3")
    .toBuffer();
}

describe("S3 storage on an S3-compatible server", () => {
  it("stores an object that the browser can load from its public URL, with type and immutable caching", async () => {
    const storage = s3Storage();
    const key = "products/put-test-320.webp";
    const body = Buffer.from(Array.from({ length: 2048 }, (_, index) => (index * 7) % 256));

    await storage.put(key, body, "image/webp");

    const url = storage.publicUrl(key);
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/products/put-test-320.webp`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
  });

  it("overwrites an object put again under the same key", async () => {
    const storage = s3Storage();
    const key = "products/overwrite-640.webp";
    await storage.put(key, Buffer.from("first"), "image/webp");
    await storage.put(key, Buffer.from("second"), "image/png");

    const response = await fetch(storage.publicUrl(key));
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(await response.text()).toBe("second");
  });

  it("deletes an object so its URL answers 404, and deleting a missing key succeeds", async () => {
    const storage = s3Storage();
    const key = "products/delete-test-960.webp";
    await storage.put(key, Buffer.from("to be deleted"), "image/webp");
    expect((await fetch(storage.publicUrl(key))).status).toBe(200);

    await storage.delete(key);

    expect((await fetch(storage.publicUrl(key))).status).toBe(404);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("stores every WebP variant of an uploaded image, readable, cropped 4:5 and without metadata", async () => {
    const storage = s3Storage();
    const input = await photoWithMetadata(1600, 1200);
    const inputMetadata = await sharp(input).metadata();
    expect(inputMetadata.exif).toBeDefined();
    expect(inputMetadata.icc).toBeDefined();

    const imageId = await storeImage({ storage, input });

    expect(imageId).toMatch(/^[0-9a-f]{24}$/);
    for (const width of IMAGE_WIDTHS) {
      const response = await fetch(storage.publicUrl(imageKey(imageId, width)));
      expect(response.status, `variant ${width}`).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(metadata.format).toBe("webp");
      expect({ width: metadata.width, height: metadata.height }).toEqual({
        width,
        height: Math.round((width * 5) / 4),
      });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
    }
  });

  it("reports a missing bucket with the operation, bucket and key", async () => {
    const storage = s3Storage({ S3_BUCKET: "no-such-bucket" });
    const key = "products/missing-bucket-320.webp";

    const failure = await storage.put(key, Buffer.from("x"), "image/webp").catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(S3StorageError);
    expect(failure).toMatchObject({ operation: "put", bucket: "no-such-bucket", key });
    expect((failure as Error).message).toContain(key);
    expect((failure as Error).message).toContain("no-such-bucket");
    expect((failure as Error).message).toContain("NoSuchBucket");
    await expect(storage.delete(key)).rejects.toThrow(`S3 delete of "${key}"`);
  });

  it("reports credentials the server does not know", async () => {
    const storage = s3Storage({ S3_ACCESS_KEY_ID: "WRONG", S3_SECRET_ACCESS_KEY: "WRONG" });
    const key = "products/wrong-credentials-640.webp";

    await expect(storage.put(key, Buffer.from("x"), "image/webp")).rejects.toThrow(
      new RegExp(`S3 put of "${key}" in bucket "${s3.bucket}" failed: InvalidAccessKeyId`),
    );
    expect((await fetch(storage.publicUrl(key))).status).toBe(404);
  });

  it("reports an unreachable endpoint instead of hanging", async () => {
    // a port nothing listens on: the test server's, after a throw-away server closed it
    const closed = await startS3Server();
    await closed.close();
    const storage = s3Storage({ S3_ENDPOINT: closed.endpoint });

    await expect(
      storage.put("products/unreachable-320.webp", Buffer.from("x"), "image/webp"),
    ).rejects.toThrow(/S3 put of "products\/unreachable-320.webp" .*ECONNREFUSED/);
  });
});

describe("createStorage", () => {
  it("uses S3 when S3_BUCKET is configured, and leaves nothing for the app to serve at /media", async () => {
    const { storage, mediaRoot } = createStorage(parseConfig(s3Environment()));

    expect(mediaRoot).toBeUndefined();
    const key = "products/create-storage-320.webp";
    await storage.put(key, Buffer.from("via createStorage"), "image/webp");
    expect(storage.publicUrl(key)).toBe(`${s3.endpoint}/${s3.bucket}/${key}`);
    expect(await (await fetch(storage.publicUrl(key))).text()).toBe("via createStorage");
  });

  it("loads the AWS SDK on the first S3 call, and never for the local folder", async () => {
    // in a fresh process: this one loaded the SDK with the tests above
    const script = `
      import { createRequire } from "node:module";
      import { parseConfig } from "${path.resolve("server/config.ts")}";
      import { createStorage } from "${path.resolve("server/storage/create-storage.ts")}";
      const sdkLoaded = () =>
        Object.keys(createRequire(import.meta.url).cache).some((id) => id.includes("/@aws-sdk/client-s3/"));
      const local = createStorage(parseConfig({ ...process.env, S3_BUCKET: "" }));
      await local.storage.put("products/local-320.webp", Buffer.from("x"), "image/webp");
      const afterLocal = sdkLoaded();
      const s3 = createStorage(parseConfig(process.env));
      const afterCreate = sdkLoaded();
      await s3.storage.put("products/lazy-sdk-320.webp", Buffer.from("x"), "image/webp");
      console.log(JSON.stringify({ afterLocal, afterCreate, afterPut: sdkLoaded() }));
    `;
    const dataDir = await mkdtemp(path.join(tmpdir(), "nocturn-storage-"));
    await writeFile(path.join(dataDir, "check.mts"), script);
    const tsx = path.resolve("node_modules/.bin/tsx");
    const { stdout } = await promisify(execFile)(tsx, [path.join(dataDir, "check.mts")], {
      env: { ...process.env, ...s3Environment({ DATA_DIR: dataDir }) },
    });
    expect(JSON.parse(stdout)).toEqual({ afterLocal: false, afterCreate: false, afterPut: true });
  });

  it("uses the local folder served at /media otherwise", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "nocturn-storage-"));
    const { storage, mediaRoot } = createStorage(parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir }));

    expect(mediaRoot).toBe(path.join(dataDir, "media"));
    const key = "products/local-320.webp";
    await storage.put(key, Buffer.from("on disk"), "image/webp");
    expect(storage.publicUrl(key)).toBe("/media/products/local-320.webp");
    expect(await readFile(path.join(dataDir, "media", key), "utf8")).toBe("on disk");
  });
});
