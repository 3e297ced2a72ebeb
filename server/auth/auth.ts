import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import { authMessages, MIN_PASSWORD_LENGTH } from "../../core/validation/auth";
import type { Config } from "../config";
import * as authSchema from "../db/auth-schema";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { passwordResetEmail } from "../mail/templates/password-reset";
import { isCommonPassword } from "./password-policy";

export const CLIENT_IP_HEADER = "x-nocturn-client-ip";
export const RESET_TOKEN_MINUTES = 60;
const DAY = 24 * 60 * 60;

/** Refuses the most common passwords wherever a password is set. */
const refuseCommonPasswords = createAuthMiddleware(async (ctx) => {
  const password =
    ctx.path === "/sign-up/email"
      ? ctx.body?.password
      : ctx.path === "/change-password" || ctx.path === "/reset-password"
        ? ctx.body?.newPassword
        : undefined;
  if (typeof password === "string" && isCommonPassword(password)) {
    throw new APIError("BAD_REQUEST", { message: authMessages.commonPassword, code: "PASSWORD_TOO_COMMON" });
  }
});

export function createAuth(options: {
  db: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
  log: Logger;
}) {
  const { config, mailer, log } = options;
  return betterAuth({
    appName: config.storeName,
    baseURL: config.publicUrl,
    secret: options.secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: authSchema,
      usePlural: false,
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_MINUTES * 60,
      // a reset ends every session of the account: whoever knew the old password is signed out
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const resetUrl = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const message = passwordResetEmail({
          storeName: config.storeName,
          publicUrl: config.publicUrl,
          name: user.name,
          resetUrl,
          expiresInMinutes: RESET_TOKEN_MINUTES,
        });
        // not awaited: answering at the same speed for known and unknown addresses keeps
        // the form from revealing who has an account
        void mailer.send({ to: user.email, ...message }).catch((error) => {
          log.error({ err: error, userId: user.id }, "password reset e-mail failed");
        });
      },
    },
    session: { expiresIn: 30 * DAY, updateAge: DAY },
    advanced: {
      cookiePrefix: "nocturn",
      // the header is set by our Express app from the socket address; a client cannot forge it
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https:"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true, path: "/" },
    },
    hooks: { before: refuseCommonPasswords },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
