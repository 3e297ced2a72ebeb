import path from "node:path";
import { z } from "zod";
import { DEFAULT_CURRENCY, twoDecimalCurrency } from "../core/money";
import {
  DEMO_SELLER,
  defaultReturnInstructions,
  SELLER_FIELDS,
  type Seller,
  type SellerField,
} from "../core/seller";
import { DEFAULT_POOL_SETTINGS, DEFAULT_STARTUP_TIMEOUT_MS } from "./db/pool-settings";

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://shop.example.com" }).optional(),
  STORE_NAME: z.string().trim().min(1).default("Nocturn"),
  /** Dates and times on the store's pages; given to the browser too, so both write the same text. */
  STORE_LOCALE: z
    .string()
    .trim()
    .default("en-US")
    .transform(canonicalLocale)
    .pipe(z.string({ message: "must be a locale the server knows, such as en-US or de-DE" })),
  /** What the store sells in (docs/CURRENCY.md): ISO 4217, a currency Stripe charges in two decimals. */
  STORE_CURRENCY: z
    .string()
    .default(DEFAULT_CURRENCY)
    .transform((value) => twoDecimalCurrency(value) ?? undefined)
    .pipe(
      z.string({
        message:
          "must be an ISO 4217 currency that Stripe charges in two decimals, such as USD, EUR, PLN, CZK, HUF or SEK (JPY, KRW and other zero- or three-decimal currencies are not supported)",
      }),
    ),
  STORE_TIME_ZONE: z
    .string()
    .trim()
    .default("UTC")
    .transform(canonicalTimeZone)
    .pipe(z.string({ message: "must be an IANA time zone such as UTC or Europe/Berlin" })),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POOL_SETTINGS.max),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(DEFAULT_POOL_SETTINGS.connectTimeoutMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(DEFAULT_POOL_SETTINGS.statementTimeoutMs),
  DATABASE_STARTUP_TIMEOUT_MS: z.coerce.number().int().min(0).default(DEFAULT_STARTUP_TIMEOUT_MS),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: optionalString,
  ADMIN_EMAIL: optionalString.pipe(z.email("must be an e-mail address").optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, "must be at least 12 characters").optional()),
  BLOCKED_EMAIL_DOMAINS: z
    .string()
    .default(
      "example.com,example.org,example.net,test.com,mailinator.com,guerrillamail.com,10minutemail.com,tempmail.com",
    ),
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, "must be a Stripe secret key (sk_test_..., sk_live_...)")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z.string().startsWith("whsec_", "must be a Stripe webhook signing secret (whsec_...)").optional(),
  ),
  /** Points the Stripe SDK at a local Stripe-compatible server (tests only). */
  STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /** Proxies whose X-Forwarded-For gives the client's address: a hop count, or addresses/subnets. */
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .regex(
        /^(\d+|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/,
        "must be a number of hops or a comma-separated list of addresses, subnets or loopback/linklocal/uniquelocal",
      )
      .refine(
        (value) => value !== "true",
        "trusting every proxy lets clients forge their address; name the proxies",
      )
      .optional(),
  ),
  /** Local images in a folder every process of the store shares (NFS, a shared volume). */
  MEDIA_SHARED_DIR: optionalString,
  /** Worker processes started by node:cluster on the one port (docs/OPERATIONS.md#processes). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** After SIGTERM: how long /readyz answers 503 while requests are still served, so a balancer stops sending. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** How long an anonymous page may be served from memory; 0 turns the page cache off. */
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Prometheus metrics at /metrics on PORT, for `Authorization: Bearer <token>` only. */
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .min(32, "must be at least 32 characters (for example: openssl rand -hex 32)")
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces (it is sent in an HTTP header)")
      .optional(),
  ),
  /** Prometheus metrics at /metrics on a listener of their own, without a token. */
  METRICS_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a port number")
      .transform(Number)
      .pipe(z.number().min(1).max(65535, "must be a port number from 1 to 65535"))
      .optional(),
  ),
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PRICES_INCLUDE_TAX: z
    .enum(["true", "false"], { message: "must be true or false" })
    .default("true")
    .transform((value) => value === "true"),
  TRACKING_URL_TEMPLATE: z
    .string()
    .refine((value) => value.includes("{code}"), "must contain the {code} placeholder")
    .default("https://www.deutschepost.de/de/s/sendungsverfolgung.html?piececode={code}"),
  /** How long after delivery a customer may return items (docs/RETURNS.md); 0 turns returns off. */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** What the approval e-mail tells the customer to do with the parcel; unset: the sample address's. */
  RETURN_INSTRUCTIONS: z.string().trim().min(1).max(2000).optional(),
  /** Who the seller is (docs/LEGAL.md#who-the-seller-is): unset outside production, the demo seller's. */
  SELLER_LEGAL_NAME: optionalString,
  SELLER_ADDRESS: optionalString,
  SELLER_EMAIL: optionalString.pipe(z.email("must be an e-mail address").optional()),
  SELLER_PHONE: optionalString,
  SELLER_VAT_ID: optionalString,
  SELLER_TRADE_REGISTER: optionalString,
  SELLER_RESPONSIBLE_PERSON: optionalString,
});

/** The seller from SELLER_*; outside production an unset field is the demo seller's, in production empty. */
function sellerFrom(values: z.infer<typeof environmentSchema>): Seller {
  const fields = Object.entries(SELLER_FIELDS) as [SellerField, { env: string }][];
  return Object.fromEntries(
    fields.map(([field, { env }]) => [
      field,
      (values[env as keyof typeof values] as string | undefined) ??
        (values.NODE_ENV === "production" ? "" : DEMO_SELLER[field]),
    ]),
  ) as unknown as Seller;
}

/**
 * What several processes sharing the store need and one process does not: a shared database
 * (PGlite is one process's), one cookie-signing secret (a generated one would differ between
 * processes started at once, and sessions would be valid in one of them only), and images that
 * every process can see. One line per problem, refused at start.
 */
function severalProcessesProblems(values: z.infer<typeof environmentSchema>): string[] {
  const workers = values.WEB_CONCURRENCY;
  if (workers === 1) return [];
  const problems: string[] = [];
  if (!values.DATABASE_URL) {
    problems.push(
      `WEB_CONCURRENCY=${workers}: PGlite is single-process: set DATABASE_URL to run several processes.`,
    );
  }
  if (!values.AUTH_SECRET) {
    problems.push(
      `WEB_CONCURRENCY=${workers}: set AUTH_SECRET (at least 32 characters) so that every process signs sessions with the same secret.`,
    );
  }
  if (!values.S3_BUCKET && !values.MEDIA_SHARED_DIR) {
    problems.push(
      `WEB_CONCURRENCY=${workers}: images need storage every process sees: set S3_BUCKET, or MEDIA_SHARED_DIR to a folder all processes share.`,
    );
  }
  return problems;
}

/** The locale's canonical tag (`en-us` → `en-US`), or undefined when Intl does not know it. */
function canonicalLocale(value: string): string | undefined {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(value)[0];
  } catch {
    return undefined; // not a well-formed language tag
  }
}

/** The zone's canonical name (`utc` → `UTC`), or undefined when Intl does not know it. */
function canonicalTimeZone(value: string): string | undefined {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the environment once at start and fails fast with every problem listed. */
export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const result = environmentSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}\nSee .env.example.`);
  }
  const values = result.data;
  if (Boolean(values.STRIPE_SECRET_KEY) !== Boolean(values.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      "Invalid configuration:\n  - STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together.",
    );
  }
  if (values.S3_BUCKET && !(values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY && values.S3_PUBLIC_URL)) {
    throw new ConfigError(
      "Invalid configuration:\n  - S3_BUCKET needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL.",
    );
  }
  if (Boolean(values.ADMIN_EMAIL) !== Boolean(values.ADMIN_PASSWORD)) {
    throw new ConfigError("Invalid configuration:\n  - ADMIN_EMAIL and ADMIN_PASSWORD must be set together.");
  }
  if (values.S3_BUCKET && values.MEDIA_SHARED_DIR) {
    throw new ConfigError("Invalid configuration:\n  - set S3_BUCKET or MEDIA_SHARED_DIR, not both.");
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw new ConfigError(
      `Invalid configuration:\n  - METRICS_PORT must differ from PORT (${values.PORT}): the metrics listener is separate from the store's.`,
    );
  }
  const processProblems = severalProcessesProblems(values);
  if (processProblems.length > 0) throw new ConfigError(processProblems.join("\n"));
  const publicUrl = new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`);
  const dataDir = path.resolve(values.DATA_DIR);
  const seller = sellerFrom(values);
  return {
    env: values.NODE_ENV,
    isProduction: values.NODE_ENV === "production",
    port: values.PORT,
    host: values.HOST,
    publicUrl: publicUrl.origin,
    storeName: values.STORE_NAME,
    locale: values.STORE_LOCALE,
    /** ISO 4217, upper case: new orders are priced and charged in it (docs/CURRENCY.md). */
    currency: values.STORE_CURRENCY,
    timeZone: values.STORE_TIME_ZONE,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    /** PostgreSQL only: see docs/OPERATIONS.md. */
    database: {
      pool: {
        max: values.DATABASE_POOL_MAX,
        connectTimeoutMs: values.DATABASE_CONNECT_TIMEOUT_MS,
        statementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
      },
      startupTimeoutMs: values.DATABASE_STARTUP_TIMEOUT_MS,
    },
    logLevel: values.LOG_LEVEL,
    /** 0: no page cache (server/http/page-cache.ts). */
    pageCacheTtlMs: values.PAGE_CACHE_TTL_SECONDS * 1000,
    /** Unset: generated into DATA_DIR on first start (see server/auth/auth-secret.ts). */
    authSecret: values.AUTH_SECRET,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? `${values.STORE_NAME} <no-reply@${publicUrl.hostname}>`,
    admin: values.ADMIN_EMAIL ? { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD! } : undefined,
    blockedEmailDomains: values.BLOCKED_EMAIL_DOMAINS.split(",")
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    trackingUrlTemplate: values.TRACKING_URL_TEMPLATE,
    returnWindowDays: values.RETURN_WINDOW_DAYS,
    /** Shown to shoppers and in every e-mail; in production an unset field is empty (and warned about at start). */
    seller,
    returnInstructions: values.RETURN_INSTRUCTIONS ?? defaultReturnInstructions(seller),
    /** Prices and shipping as entered include VAT (docs/TAX.md); false: VAT is added at checkout. */
    pricesIncludeTax: values.PRICES_INCLUDE_TAX,
    /** Express's "trust proxy"; unset: the socket address is the client's. */
    trustProxy: values.TRUST_PROXY
      ? /^\d+$/.test(values.TRUST_PROXY)
        ? Number(values.TRUST_PROXY)
        : values.TRUST_PROXY.split(",").map((entry) => entry.trim())
      : undefined,
    /** Unset: the built-in test checkout. */
    stripe: values.STRIPE_SECRET_KEY
      ? {
          secretKey: values.STRIPE_SECRET_KEY,
          webhookSecret: values.STRIPE_WEBHOOK_SECRET!,
          apiBase: values.STRIPE_API_BASE,
        }
      : undefined,
    /**
     * Prometheus metrics (docs/OPERATIONS.md#metrics): at /metrics on PORT for this bearer token,
     * and/or on a listener of their own at `host`:`port`. Neither set: no metrics endpoint.
     */
    metrics: {
      token: values.METRICS_TOKEN,
      port: values.METRICS_PORT,
      host: values.METRICS_HOST,
    },
    /** Worker processes (node:cluster); 1: this process serves the store itself. */
    webConcurrency: values.WEB_CONCURRENCY,
    /** After SIGTERM, not ready but still serving for this long; by default 5 s in production, 0 otherwise. */
    shutdownDrainMs: values.SHUTDOWN_DRAIN_MS ?? (values.NODE_ENV === "production" ? 5000 : 0),
    /** Where local images are kept (and served at /media) when S3 is not configured. */
    media: values.MEDIA_SHARED_DIR
      ? { dir: path.resolve(values.MEDIA_SHARED_DIR), shared: true }
      : { dir: path.join(dataDir, "media"), shared: false },
    /** Unset: images in `media.dir`, served at /media. */
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          endpoint: values.S3_ENDPOINT,
          region: values.S3_REGION ?? "us-east-1",
          accessKeyId: values.S3_ACCESS_KEY_ID!,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY!,
          publicUrl: values.S3_PUBLIC_URL!.replace(/\/$/, ""),
        }
      : undefined,
  };
}
