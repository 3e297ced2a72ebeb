// What tests/container/ share: podman commands, and a shopper's HTTP client (cookies, the store's
// origin, no redirects followed) like the browser's.
import { execFile } from "node:child_process";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { expect } from "vitest";

/** An environment variable .ci/container sets; a clear message when the file is run without it. */
export function requireEnv(name: string, what: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: ${what}. .ci/container runs these tests.`);
  return value;
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs podman with `args` (podman as .ci/container configured it: CONTAINERS_CONF). Never throws for a status. */
export function podman(args: string[]): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    execFile("podman", args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== "number") reject(error);
      else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

/** Like `podman`, but a non-zero status fails the test with podman's output. */
export async function podmanOk(args: string[]): Promise<string> {
  const result = await podman(args);
  expect(result.code, `podman ${args.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** A browser of the store at `origin`: keeps the cookies the store sets, sends its Origin on posts. */
export class Shopper {
  private readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  get(pathname: string): Promise<Response> {
    return this.send(pathname);
  }

  /** A form post, as `<form method="post">` sends it. */
  post(pathname: string, form: Record<string, string>): Promise<Response> {
    return this.send(pathname, form);
  }

  /**
   * An action called the way the page's fetcher calls it (React Router's `.data` request), and its
   * answer decoded as the page decodes it.
   */
  async postForData(pathname: string, form: Record<string, string>): Promise<Record<string, unknown>> {
    const response = await this.send(`${pathname}.data`, form);
    expect(response.status, `${pathname}: ${await response.clone().text()}`).toBe(200);
    const decoded = await decodeTurboStream(response.body!, globalThis);
    await decoded.done;
    return (decoded.value as { data: Record<string, unknown> }).data;
  }

  private async send(pathname: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    if (form) {
      headers.Origin = this.origin;
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    }
    const response = await fetch(new URL(pathname, this.origin), {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}
