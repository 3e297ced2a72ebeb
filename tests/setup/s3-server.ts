import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** The part of s3rver 3.7 (untyped CommonJS) these tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;

export interface TestS3Server {
  /** e.g. http://127.0.0.1:41763; objects are public at `${endpoint}/${bucket}/${key}` (path style). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 and a free port, storing into a fresh temporary
 * folder, with one bucket created. It checks SigV4 signatures against its built-in account.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? "nocturn-media";
  const directory = await mkdtemp(path.join(tmpdir(), "nocturn-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's only account
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async close() {
      const closed = server.close();
      // the SDK keeps connections alive; do not wait for them to time out
      server.httpServer?.closeAllConnections();
      await closed;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
