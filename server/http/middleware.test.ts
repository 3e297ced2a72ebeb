import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Auth, CLIENT_IP_HEADER } from "../auth/auth";
import { refuseCrossSiteRequests, resolveSession, stampClientIp } from "./middleware";

const PUBLIC_URL = "http://localhost:3999";

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const app = express();
  app.use(stampClientIp);
  app.use(refuseCrossSiteRequests({ publicUrl: PUBLIC_URL, exemptPrefixes: ["/api/webhooks/"] }));
  // echoes what the handler saw
  app.all("/{*path}", (req, res) => {
    res.json({
      clientIp: req.headers[CLIENT_IP_HEADER],
      socket: req.socket.remoteAddress,
      origin: req.headers.origin ?? null,
      fetchSite: req.headers["sec-fetch-site"] ?? null,
    });
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server?.close((error) => (error ? reject(error) : resolve())));
});

function send(method: string, pathname: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${pathname}`, {
    method,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: method === "GET" || method === "HEAD" ? undefined : "intent=delete",
  });
}

describe("refuseCrossSiteRequests", () => {
  it("refuses a POST whose Origin is a foreign site", async () => {
    const response = await send("POST", "/account", { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Cross-site request refused.");
  });

  it("refuses a POST from a look-alike or opaque origin", async () => {
    for (const origin of [
      "http://localhost:3999.evil.example",
      "https://localhost:3999",
      "http://localhost:4000",
      "null",
    ]) {
      expect((await send("POST", "/account", { Origin: origin })).status, origin).toBe(403);
    }
  });

  it("refuses a POST the browser marks Sec-Fetch-Site: cross-site (or same-site)", async () => {
    expect((await send("POST", "/account", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await send("POST", "/account", { "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    // the browser's word wins over an Origin header that looks like ours
    expect(
      (await send("DELETE", "/account", { "Sec-Fetch-Site": "cross-site", Origin: PUBLIC_URL })).status,
    ).toBe(403);
  });

  it("allows a POST from its own origin", async () => {
    const response = await send("POST", "/account", { Origin: PUBLIC_URL });
    expect(response.status).toBe(200);
    expect((await response.json()).origin).toBe(PUBLIC_URL);
  });

  it("allows a POST the browser marks Sec-Fetch-Site: same-origin or none", async () => {
    const sameOrigin = await send("POST", "/account", { "Sec-Fetch-Site": "same-origin" });
    expect(sameOrigin.status).toBe(200);
    expect((await sameOrigin.json()).fetchSite).toBe("same-origin");
    expect((await send("POST", "/account", { "Sec-Fetch-Site": "none" })).status).toBe(200);
  });

  it("allows GET, HEAD and OPTIONS from anywhere", async () => {
    const foreign = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    expect((await send("GET", "/products", foreign)).status).toBe(200);
    expect((await send("HEAD", "/products", foreign)).status).toBe(200);
    expect((await send("OPTIONS", "/products", foreign)).status).toBe(200);
  });

  it("allows a POST with neither header (not a browser)", async () => {
    const response = await send("POST", "/account");
    expect(response.status).toBe(200);
    const seen = await response.json();
    expect(seen.origin).toBeNull();
    expect(seen.fetchSite).toBeNull();
  });

  it("lets a foreign POST reach an exempt prefix, and only that prefix", async () => {
    const foreign = { Origin: "https://payments.example", "Sec-Fetch-Site": "cross-site" };
    expect((await send("POST", "/api/webhooks/payment", foreign)).status).toBe(200);
    expect((await send("POST", "/api/webhooks", foreign)).status).toBe(403);
    expect((await send("POST", "/api/cart-products", foreign)).status).toBe(403);
  });
});

describe("stampClientIp behind a trusted proxy", () => {
  it("takes the address from X-Forwarded-For only when the proxy is trusted", async () => {
    const app = express();
    app.set("trust proxy", ["loopback"]);
    app.use(stampClientIp);
    app.get("/", (req, res) => {
      res.json({ clientIp: req.headers[CLIENT_IP_HEADER] });
    });
    const proxied = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    try {
      const url = `http://127.0.0.1:${(proxied.address() as AddressInfo).port}/`;
      const seen = await (await fetch(url, { headers: { "X-Forwarded-For": "198.51.100.23" } })).json();
      expect(seen.clientIp).toBe("198.51.100.23");
    } finally {
      await new Promise<void>((resolve) => proxied.close(() => resolve()));
    }
  });
});

describe("stampClientIp", () => {
  it("overwrites a forged client-IP header with the socket address", async () => {
    const response = await send("GET", "/", { [CLIENT_IP_HEADER]: "6.6.6.6", "X-Forwarded-For": "6.6.6.6" });
    const seen = await response.json();
    expect(seen.clientIp).toBe(seen.socket);
    expect(seen.clientIp).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it("sets the header when none was sent", async () => {
    const seen = await (await send("POST", "/account", { Origin: PUBLIC_URL })).json();
    expect(seen.clientIp).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });
});

describe("resolveSession", () => {
  /**
   * An app whose session lookups (better-auth's, replaced at its boundary) are counted; its own
   * reader (auth.readSession) knows the session "known" only.
   */
  async function withCountedLookups(run: (url: string, lookups: () => number) => Promise<void>) {
    let lookups = 0;
    const auth = {
      readSession: async (cookie: string | undefined) =>
        cookie === "nocturn.session_token=known" ? { user: { id: "u2" } } : undefined,
      api: {
        getSession: async () => {
          lookups++;
          const headers = new Headers({ "Set-Cookie": "nocturn.session_token=slid; Path=/" });
          return { headers, response: { user: { id: "u1" } } };
        },
      },
    } as unknown as Auth;
    const app = express();
    app.use(resolveSession(auth));
    app.get("/", (_req, res) => void res.json({ session: res.locals.session }));
    const listening = await new Promise<Server>((resolve) => {
      const started = app.listen(0, "127.0.0.1", () => resolve(started));
    });
    try {
      await run(`http://127.0.0.1:${(listening.address() as AddressInfo).port}/`, () => lookups);
    } finally {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    }
  }

  it("does no session lookup for a visitor without a session cookie", async () => {
    await withCountedLookups(async (url, lookups) => {
      for (const headers of [{}, { Cookie: "theme=dark; nocturn.flash=x" }] as Record<string, string>[]) {
        const response = await fetch(url, { headers });
        expect(await response.json()).toEqual({ session: null });
        expect(response.headers.get("Set-Cookie")).toBeNull();
      }
      expect(lookups()).toBe(0);
    });
  });

  it("looks a session cookie up once and forwards the refreshed cookie", async () => {
    await withCountedLookups(async (url, lookups) => {
      const response = await fetch(url, { headers: { Cookie: "nocturn.session_token=abc" } });
      expect(await response.json()).toEqual({ session: { user: { id: "u1" } } });
      expect(response.headers.get("Set-Cookie")).toBe("nocturn.session_token=slid; Path=/");
      expect(lookups()).toBe(1);
    });
  });

  it("takes a session its own reader knows without asking better-auth", async () => {
    await withCountedLookups(async (url, lookups) => {
      const response = await fetch(url, { headers: { Cookie: "nocturn.session_token=known" } });
      expect(await response.json()).toEqual({ session: { user: { id: "u2" } } });
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(lookups()).toBe(0);
    });
  });
});
