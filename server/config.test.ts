// What several processes need, refused at start with one line each (docs/OPERATIONS.md#processes).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_SELLER, missingSellerSettings } from "../core/seller";
import { ConfigError, parseConfig } from "./config";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const POSTGRES = "postgres://nocturn@db:5432/nocturn";
const S3 = {
  S3_BUCKET: "media",
  S3_ACCESS_KEY_ID: "key",
  S3_SECRET_ACCESS_KEY: "secret",
  S3_PUBLIC_URL: "https://media.example.com",
};

function refusal(env: Record<string, string>): string {
  try {
    parseConfig({ NODE_ENV: "test", ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("the configuration was accepted");
}

describe("WEB_CONCURRENCY", () => {
  it("is 1 by default and accepts 1 to 64 processes", () => {
    expect(parseConfig({}).webConcurrency).toBe(1);
    expect(
      parseConfig({ WEB_CONCURRENCY: "64", DATABASE_URL: POSTGRES, AUTH_SECRET: SECRET, ...S3 })
        .webConcurrency,
    ).toBe(64);
    for (const value of ["0", "65", "two", "1.5"]) {
      expect(refusal({ WEB_CONCURRENCY: value })).toContain("WEB_CONCURRENCY");
    }
  });

  it("refuses several processes on the embedded PGlite", () => {
    expect(refusal({ WEB_CONCURRENCY: "2", AUTH_SECRET: SECRET, ...S3 })).toBe(
      "WEB_CONCURRENCY=2: PGlite is single-process: set DATABASE_URL to run several processes.",
    );
  });

  it("refuses several processes without AUTH_SECRET instead of generating one per process", () => {
    expect(refusal({ WEB_CONCURRENCY: "3", DATABASE_URL: POSTGRES, ...S3 })).toBe(
      "WEB_CONCURRENCY=3: set AUTH_SECRET (at least 32 characters) so that every process signs sessions with the same secret.",
    );
  });

  it("refuses several processes with images in a folder that was not named as shared", () => {
    expect(refusal({ WEB_CONCURRENCY: "2", DATABASE_URL: POSTGRES, AUTH_SECRET: SECRET })).toBe(
      "WEB_CONCURRENCY=2: images need storage every process sees: set S3_BUCKET, or MEDIA_SHARED_DIR to a folder all processes share.",
    );
  });

  it("lists every problem, one line each", () => {
    expect(refusal({ WEB_CONCURRENCY: "2" }).split("\n")).toEqual([
      expect.stringContaining("PGlite is single-process"),
      expect.stringContaining("set AUTH_SECRET"),
      expect.stringContaining("set S3_BUCKET, or MEDIA_SHARED_DIR"),
    ]);
  });

  it("accepts several processes on PostgreSQL with a secret and S3 or a shared folder", () => {
    const onS3 = parseConfig({ WEB_CONCURRENCY: "2", DATABASE_URL: POSTGRES, AUTH_SECRET: SECRET, ...S3 });
    expect(onS3.s3?.bucket).toBe("media");
    const shared = parseConfig({
      WEB_CONCURRENCY: "2",
      DATABASE_URL: POSTGRES,
      AUTH_SECRET: SECRET,
      MEDIA_SHARED_DIR: "/srv/nocturn-media",
    });
    expect(shared.media).toEqual({ dir: "/srv/nocturn-media", shared: true });
  });
});

describe("image folder", () => {
  it("is DATA_DIR/media unless MEDIA_SHARED_DIR names another, and not both S3 and a folder", () => {
    expect(parseConfig({ DATA_DIR: "/var/nocturn" }).media).toEqual({
      dir: path.join("/var/nocturn", "media"),
      shared: false,
    });
    expect(refusal({ ...S3, MEDIA_SHARED_DIR: "/srv/media" })).toContain(
      "set S3_BUCKET or MEDIA_SHARED_DIR, not both",
    );
  });
});

describe("RETURN_INSTRUCTIONS", () => {
  it("sends parcels to the seller's address, in the seller's name, unless set", () => {
    const instructions = parseConfig({}).returnInstructions;
    expect(instructions).toContain(
      `send the parcel to: ${DEMO_SELLER.legalName}, Returns, ${DEMO_SELLER.address}.`,
    );
    expect(parseConfig({ SELLER_LEGAL_NAME: "Dusk Ltd" }).returnInstructions).toContain(
      "Dusk Ltd, Returns, ",
    );
    expect(parseConfig({ RETURN_INSTRUCTIONS: "  Bring it to the shop.  " }).returnInstructions).toBe(
      "Bring it to the shop.",
    );
  });
});

describe("STORE_CURRENCY", () => {
  it("is US dollars unless set, in upper case", () => {
    expect(parseConfig({}).currency).toBe("USD");
    expect(parseConfig({ STORE_CURRENCY: "eur" }).currency).toBe("EUR");
  });

  it("refuses a currency Stripe does not charge in two decimals, saying which it takes", () => {
    for (const value of ["JPY", "KWD", "EURO"]) {
      expect(refusal({ STORE_CURRENCY: value })).toMatch(/STORE_CURRENCY.*two decimals, such as USD, EUR/);
    }
  });
});

describe("SHUTDOWN_DRAIN_MS", () => {
  it("is 5 s in production and 0 elsewhere unless set", () => {
    expect(parseConfig({ NODE_ENV: "production" }).shutdownDrainMs).toBe(5000);
    expect(parseConfig({ NODE_ENV: "development" }).shutdownDrainMs).toBe(0);
    expect(parseConfig({ NODE_ENV: "production", SHUTDOWN_DRAIN_MS: "0" }).shutdownDrainMs).toBe(0);
    expect(parseConfig({ SHUTDOWN_DRAIN_MS: "15000" }).shutdownDrainMs).toBe(15000);
    expect(refusal({ SHUTDOWN_DRAIN_MS: "-1" })).toContain("SHUTDOWN_DRAIN_MS");
  });
});

describe("metrics (METRICS_TOKEN, METRICS_PORT, METRICS_HOST)", () => {
  it("has no metrics endpoint unless a token or a port is set", () => {
    expect(parseConfig({}).metrics).toEqual({ token: undefined, port: undefined, host: "127.0.0.1" });
    const token = "0123456789abcdef0123456789abcdef";
    expect(
      parseConfig({ METRICS_TOKEN: token, METRICS_PORT: "9464", METRICS_HOST: "10.0.0.4" }).metrics,
    ).toEqual({ token, port: 9464, host: "10.0.0.4" });
  });

  it("refuses a short or unsendable token, a port that is not one, and the store's own port", () => {
    expect(refusal({ METRICS_TOKEN: "too-short" })).toContain(
      "METRICS_TOKEN: must be at least 32 characters (for example: openssl rand -hex 32)",
    );
    expect(refusal({ METRICS_TOKEN: "a token with spaces in it, 32 chars long" })).toContain(
      "METRICS_TOKEN: must be printable ASCII without spaces",
    );
    expect(refusal({ METRICS_PORT: "nine" })).toContain("METRICS_PORT: must be a port number");
    expect(refusal({ METRICS_PORT: "70000" })).toContain(
      "METRICS_PORT: must be a port number from 1 to 65535",
    );
    expect(refusal({ PORT: "8080", METRICS_PORT: "8080" })).toContain(
      "METRICS_PORT must differ from PORT (8080): the metrics listener is separate from the store's.",
    );
  });
});

describe("SELLER_*", () => {
  it("is the demo seller outside production and only what is set in production", () => {
    expect(parseConfig({}).seller).toEqual(DEMO_SELLER);
    const live = parseConfig({
      NODE_ENV: "production",
      SELLER_LEGAL_NAME: " Dusk Ltd ",
      AUTH_SECRET: "x".repeat(32),
    }).seller;
    expect(live.legalName).toBe("Dusk Ltd");
    expect(missingSellerSettings(live)).toEqual([
      "SELLER_ADDRESS",
      "SELLER_EMAIL",
      "SELLER_PHONE",
      "SELLER_VAT_ID",
      "SELLER_TRADE_REGISTER",
      "SELLER_RESPONSIBLE_PERSON",
    ]);
    expect(refusal({ SELLER_EMAIL: "not-mail" })).toContain("SELLER_EMAIL: must be an e-mail address");
  });
});
