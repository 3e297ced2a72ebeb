import path from "node:path";
import { z } from "zod";

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
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRACKING_URL_TEMPLATE: z
    .string()
    .refine((value) => value.includes("{code}"), "must contain the {code} placeholder")
    .default(
      "https://www.deutschepost.de/de/s/sendungsverfolgung.html?piececode={code}",
    ),
});

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
  const publicUrl = new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`);
  return {
    env: values.NODE_ENV,
    isProduction: values.NODE_ENV === "production",
    port: values.PORT,
    host: values.HOST,
    publicUrl: publicUrl.origin,
    storeName: values.STORE_NAME,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    trackingUrlTemplate: values.TRACKING_URL_TEMPLATE,
  };
}
