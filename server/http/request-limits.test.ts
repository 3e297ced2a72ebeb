// Request size and shape limits, over HTTP against the real app (tests/setup/test-app.ts): what a
// client that sends too much, or sends junk, gets back, and how much of it the server read.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { Socket } from "node:net";
import sharp from "sharp";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../tests/setup/test-app";
import { signUpTestAdmin, signUpTestUser } from "../../tests/setup/test-commerce";
import { DRAIN_MAX_BYTES } from "./refuse-request";
import { bodyPolicyFor, FORM_BODY, REFUSAL_MESSAGES } from "./request-body";

const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString("hex")}`;
const app = setupTestApp({ STRIPE_SECRET_KEY: "sk_test_nocturn", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });

const MB = 1024 * 1024;
const HUNDRED_MB = 100 * MB;
/**
 * What the server may have read when it answers: the largest small allowance (the webhook's 1 MB)
 * and what sits in socket buffers. Far below the bodies sent.
 */
const READ_BOUND = 2 * MB;

/** The server's side of each connection, by the client's port, to see how much it read. */
const serverSockets = new Map<number, Socket>();
beforeAll(() => {
  app.server.on("connection", (socket: Socket) => {
    if (socket.remotePort) serverSockets.set(socket.remotePort, socket);
  });
});

interface Sent {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Bytes the client had handed to its socket when the response arrived. */
  sentAtResponse: number;
  /** Bytes the server had read off that connection when the response arrived. */
  serverRead: number;
  reusedSocket: boolean;
}

/**
 * Sends `total` bytes (the first ones `prefix`) to `path`, declared with Content-Length or
 * chunked, the way a client that does not wait for an early answer does: it keeps writing until
 * it is done or the connection refuses more. Resolves once the response has been read.
 */
function send(options: {
  path: string;
  total: number;
  chunked?: boolean;
  method?: string;
  prefix?: string;
  headers?: Record<string, string>;
  agent?: http.Agent;
}): Promise<Sent> {
  const { total, prefix = "a=" } = options;
  return new Promise((resolve, reject) => {
    const req = http.request(`${app.url}${options.path}`, {
      method: options.method ?? "POST",
      agent: options.agent ?? false,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(options.chunked ? {} : { "Content-Length": String(total) }),
        ...options.headers,
      },
    });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, "a");
    const write = () => {
      while (sent < total && !answered && !req.destroyed) {
        const size = Math.min(chunk.length, total - sent);
        const piece = sent === 0 ? Buffer.concat([Buffer.from(prefix), chunk]).subarray(0, size) : chunk;
        sent += size;
        if (!req.write(piece.subarray(0, size))) return void req.once("drain", write);
      }
      if (sent >= total) req.end();
    };
    // an error after the answer is the client writing on after a refusal: not this test's concern
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.on("response", (res) => {
      answered = true;
      const sentAtResponse = sent;
      const serverSocket = serverSockets.get(req.socket?.localPort ?? -1);
      const serverRead = serverSocket?.bytesRead ?? Number.NaN;
      const chunks: Buffer[] = [];
      res.on("data", (data: Buffer) => chunks.push(data));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
          sentAtResponse,
          serverRead,
          reusedSocket: req.reusedSocket,
        }),
      );
    });
    write();
  });
}

/** A GET on `agent`, to see whether the connection it keeps is still good. */
function get(path: string, agent: http.Agent): Promise<{ status: number; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${app.url}${path}`, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, reusedSocket: req.reusedSocket }));
    });
    req.on("error", reject);
  });
}

const FLOODED_ROUTES = [
  { path: "/login", prefix: "email=a%40b.io&password=" },
  { path: "/register", prefix: "fullName=" },
  { path: "/cart", prefix: "intent=coupon&code=" },
  { path: "/api/webhooks/stripe", prefix: '{"id":"evt_1","type":"' },
];

describe("a 100 MB body", () => {
  for (const chunked of [false, true]) {
    const how = chunked ? "chunked" : "with Content-Length";
    for (const route of FLOODED_ROUTES) {
      it(`sent ${how} to ${route.path} is answered 413 before the server reads it`, async () => {
        const answer = await send({ path: route.path, total: HUNDRED_MB, chunked, prefix: route.prefix });
        expect(answer.status).toBe(413);
        expect(answer.text).toBe(REFUSAL_MESSAGES.tooLarge);
        // the answer came while the client was still sending, and the server had read next to nothing
        expect(answer.sentAtResponse).toBeLessThan(HUNDRED_MB);
        expect(answer.serverRead).toBeLessThan(READ_BOUND);
        expect(app.errors()).toEqual([]);
      });
    }
  }
});

describe("a GET with a body", () => {
  // body-less GETs skip the route lookup; one that brings a body is held to the route's limit
  for (const chunked of [false, true]) {
    it(`of 100 MB, ${chunked ? "chunked" : "with Content-Length"}, is answered 413 before the server reads it`, async () => {
      // Node's client frames a GET's body only when told to
      const headers: Record<string, string> = chunked ? { "Transfer-Encoding": "chunked" } : {};
      const answer = await send({ path: "/products", method: "GET", total: HUNDRED_MB, chunked, headers });
      expect(answer.status).toBe(413);
      expect(answer.serverRead).toBeLessThan(READ_BOUND);
      expect(app.errors()).toEqual([]);
    });
  }
});

describe("the client's connection after a refusal", () => {
  it("takes the next request after a large body was refused (Connection: close, then a new one)", async () => {
    for (const chunked of [false, true]) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const refused = await send({ path: "/login", total: HUNDRED_MB, chunked, agent });
        expect(refused.status).toBe(413);
        expect(refused.headers.connection).toBe("close");
        const next = await get("/robots.txt", agent);
        expect(next.status).toBe(200);
      } finally {
        agent.destroy();
      }
    }
  });

  it("stays open after a slightly too large body: the rest is read off and the socket reused", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const total = FORM_BODY.maxBytes + 100 * 1024;
      expect(total).toBeLessThanOrEqual(DRAIN_MAX_BYTES);
      const refused = await send({ path: "/login", total, agent });
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe("keep-alive");
      const next = await get("/robots.txt", agent);
      expect(next).toEqual({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });

  it("survives with fetch too (undici's keep-alive pool)", async () => {
    const big = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("email=a%40b.io&password="));
      },
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(97));
      },
    });
    const refused = await fetch(`${app.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: big,
      duplex: "half",
    } as RequestInit);
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe(REFUSAL_MESSAGES.tooLarge);
    expect((await fetch(`${app.url}/robots.txt`)).status).toBe(200);
  });
});

describe("forms of the usual size", () => {
  it("still reach the sign-in action", async () => {
    const answer = await send({
      path: "/login",
      total: 60,
      prefix: "email=nobody%40nocturn-shop.io&password=not-the-password-0000000",
    });
    // the action's own answer (wrong credentials), not a refusal
    expect(answer.status).toBe(401);
    expect(answer.text).toContain("Invalid email or password");
  });
});

/** A Stripe event as Stripe signs it: raw JSON and its Stripe-Signature header. */
function signedEvent(padding: number) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString("hex")}`,
    object: "event",
    type: "customer.created",
    data: { object: { object: "customer", id: "cus_1", description: "x".repeat(padding) } },
  });
  return {
    payload,
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  };
}

function postWebhook(payload: string, signature: string) {
  return fetch(`${app.url}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

describe("the Stripe webhook", () => {
  it("verifies a 900 KB event from its raw bytes, and refuses one over 1 MB", async () => {
    const large = signedEvent(900 * 1024);
    const accepted = await postWebhook(large.payload, large.signature);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true });

    // one byte changed: the signature no longer matches the bytes the route got
    const tampered = await postWebhook(large.payload.replace('"cus_1"', '"cus_2"'), large.signature);
    expect(tampered.status).toBe(400);

    const tooLarge = signedEvent(MB + 1);
    expect((await postWebhook(tooLarge.payload, tooLarge.signature)).status).toBe(413);
  });
});

/** A PNG of random pixels, just under 5 MB (noise does not compress). */
async function nearlyFiveMegabytePng(): Promise<Buffer> {
  const width = 1270;
  const png = await sharp(randomBytes(width * width * 3), { raw: { width, height: width, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeGreaterThan(4.5 * MB);
  expect(png.length).toBeLessThanOrEqual(5 * MB);
  return png;
}

function upload(body: Buffer, cookie: string | undefined, index: number, chunked = false) {
  return new Promise<{ status: number; json: Record<string, unknown> | null }>((resolve, reject) => {
    const req = http.request(`${app.url}/admin/products/images`, {
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": "image/png",
        "X-File-Name": `look-${index}.png`,
        ...(chunked ? {} : { "Content-Length": String(body.length) }),
        ...(cookie ? { Cookie: cookie } : {}),
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (data: Buffer) => chunks.push(data));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        resolve({
          status: res.statusCode ?? 0,
          json: res.headers["content-type"]?.includes("json") ? JSON.parse(text) : null,
        });
      });
    });
    req.end(body);
  });
}

describe("the image upload route", () => {
  it("takes five ~5 MB images from an admin at once, the way the product dialog sends them", async () => {
    const { cookie } = await signUpTestAdmin(app.t.services);
    const image = await nearlyFiveMegabytePng();
    const answers = await Promise.all([
      ...[0, 1, 2, 3].map((index) => upload(image, cookie, index)),
      upload(image, cookie, 4, true),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.json?.imageId).toMatch(/^[0-9a-f]{24}$/);
    }
    // over the allowance: refused before reading, even for an admin
    const tooLarge = await send({
      path: "/admin/products/images",
      total: 20 * MB,
      headers: { Cookie: cookie, "Content-Type": "image/png" },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.serverRead).toBeLessThan(READ_BOUND);
  });

  it("refuses a 5 MB body from a customer or a visitor before reading it", async () => {
    const { cookie } = await signUpTestUser(app.t.services);
    for (const headers of [{ Cookie: cookie }, {}] as Record<string, string>[]) {
      for (const chunked of [false, true]) {
        const answer = await send({
          path: "/admin/products/images",
          total: 5 * MB,
          chunked,
          headers: { ...headers, "Content-Type": "image/png" },
        });
        expect(answer.status).toBe(413);
        expect(answer.serverRead).toBeLessThan(READ_BOUND);
      }
    }
    // a small body still gets the route's own answer: customers are sent to /forbidden
    const small = await send({
      path: "/admin/products/images",
      total: 1000,
      headers: { Cookie: cookie, "Content-Type": "image/png" },
    });
    expect(small.status).toBe(302);
    expect(small.headers.location).toBe("/forbidden");
    expect(app.errors()).toEqual([]);
  });
});

describe("malformed requests", () => {
  it("a path with broken percent-encoding is a 400, not a 500", async () => {
    for (const path of ["/%E0%A4%A", "/products/%E0%A4%A", "/%"]) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toBe("Bad request: malformed URL.");
    }
    expect(app.errors()).toEqual([]);
  });

  it("JSON, invalid or not, posted to the cart action is refused as not a form", async () => {
    for (const body of ["{bad", '{"intent":"coupon"}']) {
      for (const path of ["/cart", "/cart.data"]) {
        const response = await fetch(`${app.url}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
        });
        expect(response.status, `${path} ${body}`).toBe(415);
        expect(await response.text()).toBe(REFUSAL_MESSAGES.unsupportedType);
      }
    }
    expect(app.errors()).toEqual([]);
  });

  it("a broken multipart or URL-encoded body is a 400, not a 500", async () => {
    const broken = [
      { type: "multipart/form-data; boundary=xyz", body: "garbage" },
      { type: "multipart/form-data", body: "--xyz\r\n" },
      {
        type: "multipart/form-data; boundary=xyz",
        body: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncoupon',
      },
    ];
    for (const { type, body } of broken) {
      for (const path of ["/cart", "/cart.data", "/login"]) {
        const response = await fetch(`${app.url}${path}`, {
          method: "POST",
          headers: { "Content-Type": type },
          body,
        });
        expect(response.status, `${path} ${type}`).toBe(400);
        expect(await response.text()).toBe(REFUSAL_MESSAGES.malformedForm);
      }
    }
    expect(app.errors()).toEqual([]);
  });

  it("a POST without a body reaches the action as an empty form", async () => {
    const response = await fetch(`${app.url}/cart`, { method: "POST" });
    // the cart action's own answer to a visitor, not a TypeError from formData()
    expect(response.status).toBe(401);
    expect(app.errors()).toEqual([]);
  });

  it("a compressed body is refused: it could inflate far past the limit", async () => {
    const response = await fetch(`${app.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Encoding": "gzip" },
      body: "not really gzip",
    });
    expect(response.status).toBe(415);
    expect(app.errors()).toEqual([]);
  });
});

describe("bodyPolicyFor", () => {
  it("finds a route's declared allowance however its URL is spelt", () => {
    for (const path of [
      "/api/webhooks/stripe",
      "/API/Webhooks/Stripe",
      "/api/webhooks/stripe/",
      "/api/webhooks/stripe.data",
    ]) {
      expect(bodyPolicyFor(app.build, path), path).toEqual({ maxBytes: MB, kind: "raw" });
    }
    for (const path of ["/admin/products/images", "/Admin/Products/Images.data"]) {
      expect(bodyPolicyFor(app.build, path).adminOnly, path).toBe(true);
    }
    for (const path of ["/", "/_root.data", "/login", "/cart.data", "/admin/products", "/no/such/page"]) {
      expect(bodyPolicyFor(app.build, path), path).toEqual(FORM_BODY);
    }
  });
});
