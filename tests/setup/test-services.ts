import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import { parseConfig } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/client";
import type { RequestContext } from "../../server/http/context";
import type { Services } from "../../server/services";
import { createServices } from "../../server/services";
import { createTestDatabase } from "./test-database";

export const TEST_PUBLIC_URL = "http://localhost:3999";

/**
 * The app's real services on a fresh database of their own: better-auth, the outbox mailer in a
 * temporary folder, local storage. Nothing is mocked. The mail queue delivers when a use case wakes
 * it (no poll runs, so a test decides when retries happen): before reading the outbox, await
 * `services.mailQueue.settled()` (or `services.auth.background.settled()`, which includes it).
 * `database`: one the test opened itself (closed with the services); default: createTestDatabase.
 */
export async function createTestServices(
  env: Record<string, string> = {},
  options: { database?: DatabaseHandle } = {},
) {
  const handle: DatabaseHandle = options.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(tmpdir(), "nocturn-test-"));
  const config = parseConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    AUTH_SECRET: "test-secret-that-is-long-enough-to-sign-cookies",
    ...env,
  });
  const { services } = await createServices({ config, db: handle.db, log: pino({ level: "silent" }) });
  return {
    services,
    handle,
    outboxFolder: path.join(dataDir, "outbox"),
    dataDir,
    async close() {
      // the delivery in flight finishes before its database goes
      await services.mailQueue.stop();
      await handle.close();
    },
  };
}

export type TestServices = Awaited<ReturnType<typeof createTestServices>>;

/** This test file's services: made before its first test, closed after its last. */
export function setupTestServices(env: Record<string, string> = {}): TestServices {
  const t = {} as TestServices;
  beforeAll(async () => {
    Object.assign(t, await createTestServices(env));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/** The `context` a loader or action gets, with the session resolved from `cookie` as the app does. */
export async function requestContext(
  services: Services,
  options: { cookie?: string; clientIp?: string } = {},
): Promise<RequestContext> {
  const session = options.cookie
    ? await services.auth.api.getSession({ headers: new Headers({ cookie: options.cookie }) })
    : null;
  return {
    ...services,
    requestId: "test",
    cspNonce: undefined,
    pageCacheFill: false,
    session,
    clientIp: options.clientIp ?? "203.0.113.7",
  };
}

/** The "name=value" pairs of Set-Cookie headers, ready to send back as a Cookie header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}

/** A form POST to the app, as a browser on the store's own origin sends it. */
export function formRequest(pathname: string, fields: Record<string, string>, cookie?: string): Request {
  const headers = new Headers({
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: TEST_PUBLIC_URL,
  });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(pathname, TEST_PUBLIC_URL), {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
}
