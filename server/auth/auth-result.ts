import { isAPIError } from "better-auth/api";
import { authMessages } from "../../core/validation/auth";
import type { Database } from "../db/client";
import { consumeRateLimit, type RateLimitRule } from "./rate-limit";

/** What an account use case tells its route: done (with cookies to set) or a message to show. */
export type AuthResult = { ok: true; headers: Headers } | { ok: false; status: number; message: string };

export const failure = (status: number, message: string): AuthResult => ({ ok: false, status, message });

/** better-auth's own message for an expected refusal; null for anything unexpected. */
export function authServiceMessage(
  error: unknown,
): { status: number; message: string; code?: string } | null {
  if (!isAPIError(error)) return null;
  const apiError = error as unknown as { statusCode?: number; body?: { message?: string; code?: string } };
  const message = apiError.body?.message;
  if (!message) return null;
  return { status: apiError.statusCode ?? 400, message, code: apiError.body?.code };
}

/** Counts an attempt from this client; a refusal carries the spec-style "wait" message. */
export async function limitAttempts(options: {
  db: Database;
  clientIp: string;
  action: string;
  rule: RateLimitRule;
  /** The limit's clock, in milliseconds; for tests. */
  now?: number;
}): Promise<AuthResult | null> {
  const result = await consumeRateLimit({
    db: options.db,
    key: `${options.clientIp}|${options.action}`,
    rule: options.rule,
    now: options.now,
  });
  return result.allowed ? null : failure(429, authMessages.tooManyAttempts(result.retryAfterSeconds));
}
