import type { S3Client } from "@aws-sdk/client-s3";
import type { Config } from "../config";
import type { Storage } from "./storage";

export type S3StorageOptions = NonNullable<Config["s3"]>;

/** Keys are content-addressed (see core/images.ts): an object never changes, so it may be cached forever. */
const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** A failed S3 call, carrying what the log needs to find the object: operation, bucket and key. */
export class S3StorageError extends Error {
  override name = "S3StorageError";
  readonly operation: "put" | "delete";
  readonly bucket: string;
  readonly key: string;

  constructor(options: { operation: "put" | "delete"; bucket: string; key: string; cause: unknown }) {
    const { operation, bucket, key, cause } = options;
    super(`S3 ${operation} of "${key}" in bucket "${bucket}" failed: ${describe(cause)}`, { cause });
    this.operation = operation;
    this.bucket = bucket;
    this.key = key;
  }
}

/**
 * Objects in an S3 bucket (AWS S3, or an S3-compatible server such as MinIO or Cloudflare R2 when
 * `endpoint` is set), loaded by the browser from `publicUrl`: the bucket's public address or a CDN
 * in front of it.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket, endpoint, region, accessKeyId, secretAccessKey, publicUrl } = options;
  // The AWS SDK is large: it is loaded on the first upload or delete, never when S3 is not configured.
  let connecting: Promise<{ client: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | undefined;
  const connect = () => {
    connecting ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region,
        credentials: { accessKeyId, secretAccessKey },
        ...(endpoint
          ? {
              endpoint,
              // S3-compatible servers rarely resolve bucket sub-domains: address the bucket in the path
              forcePathStyle: true,
              // send the CRC32 checksum headers only where S3 requires them: several S3-compatible
              // servers reject or mishandle them; the SigV4 payload hash still covers the body
              requestChecksumCalculation: "WHEN_REQUIRED" as const,
              responseChecksumValidation: "WHEN_REQUIRED" as const,
            }
          : {}),
        // an unreachable bucket must fail the upload, not hang the admin's request
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
      }),
    }));
    return connecting;
  };

  return {
    async put(key, body, contentType) {
      try {
        const { client, sdk } = await connect();
        await client.send(
          new sdk.PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
        );
      } catch (error) {
        throw new S3StorageError({ operation: "put", bucket, key, cause: error });
      }
    },
    async delete(key) {
      try {
        // S3 answers 204 for a key that does not exist, like the local driver's rm --force
        const { client, sdk } = await connect();
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw new S3StorageError({ operation: "delete", bucket, key, cause: error });
      }
    },
    publicUrl(key) {
      return `${publicUrl}/${key}`;
    },
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = error.name && error.name !== "Error" ? `${error.name}: ` : "";
  return `${name}${error.message}${status ? ` (HTTP ${status})` : ""}`;
}
