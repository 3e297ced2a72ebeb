// Requests React Router refuses by itself (issue 30, item 5): its origin check and its router's own
// 4xx are the client's doing, logged once at warn or info without a stack, never as server errors
// (docs/SECURITY.md). Sent over HTTP with node:http, which sends the Host header as given.
import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { type LogEntry, setupTestApp } from "../../tests/setup/test-app";
import { TEST_PUBLIC_URL } from "../../tests/setup/test-services";
import { frameworkRefusal } from "./request-failure";

const app = setupTestApp();
const OWN_HOST = new URL(TEST_PUBLIC_URL).host;
const WARN = 40;
const INFO = 30;

/** A form POST (or `method`) to the app with exactly these headers; its status and request id. */
function send(
  path: string,
  headers: Record<string, string>,
  options: { method?: string; body?: string } = {},
): Promise<{ status: number; requestId: string }> {
  const body = options.body ?? "email=a%40b.io&password=not-it";
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: app.port,
        path,
        method: options.method ?? "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, requestId: String(res.headers["x-request-id"]) }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The lines the app logged for one request, the access log's line aside. */
const linesOf = (requestId: string) =>
  app.logs.filter((entry: LogEntry) => entry.reqId === requestId && entry.msg !== "request completed");

describe("requests React Router refuses", () => {
  it("20 anonymous sign-in posts with a foreign Host and the store's Origin: 400, one warning each, no error", async () => {
    const answers = [];
    for (let i = 0; i < 20; i++) {
      answers.push(await send("/login", { host: "evil.example", origin: TEST_PUBLIC_URL }));
    }
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(20).fill(400));
    expect(app.errors()).toEqual([]);
    for (const { requestId } of answers) {
      const lines = linesOf(requestId);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: WARN,
        msg: "request refused by the origin check",
        method: "POST",
        path: "/login",
        status: 400,
        reason: expect.stringMatching(/origin does not match/),
      });
      expect(lines[0]!.err).toBeUndefined();
    }
  });

  it("refuses a client-side (.data) post and an Origin that is not a URL the same way", async () => {
    const dataPost = await send("/login.data", { host: "evil.example", origin: TEST_PUBLIC_URL });
    const notUrl = await send("/login", {
      host: OWN_HOST,
      "sec-fetch-site": "same-origin",
      origin: "not a url",
    });
    for (const answer of [dataPost, notUrl]) {
      expect(answer.status).toBe(400);
      expect(linesOf(answer.requestId)).toEqual([
        expect.objectContaining({ level: WARN, msg: "request refused by the origin check", status: 400 }),
      ]);
    }
    expect(app.errors()).toEqual([]);
  });

  it("logs a method no route takes at info: a post to a page without an action, a GET of the webhook", async () => {
    const page = await send("/about", { host: OWN_HOST, origin: TEST_PUBLIC_URL });
    const resource = await send("/api/webhooks/stripe", { host: OWN_HOST }, { method: "GET", body: "" });
    expect(page.status).toBe(405);
    expect(resource.status).toBe(400);
    for (const answer of [page, resource]) {
      const lines = linesOf(answer.requestId);
      expect(lines).toEqual([
        expect.objectContaining({ level: INFO, msg: "request refused by the router", status: answer.status }),
      ]);
      expect(lines[0]!.err).toBeUndefined();
    }
    expect(app.errors()).toEqual([]);
  });
});

describe("frameworkRefusal", () => {
  it("is null for faults, even ones with the same words", () => {
    expect(frameworkRefusal(new TypeError("Bad Request"))).toBeNull();
    expect(frameworkRefusal(new Error("database said Bad Request"))).toBeNull();
    expect(frameworkRefusal("Bad Request")).toBeNull();
  });
});
