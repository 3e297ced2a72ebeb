import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../core/auth";
import type { Config } from "../config";
import * as authSchema from "../db/auth-schema";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { enqueueEmail } from "../mail/enqueue-email";
import type { MailQueue } from "../mail/mail-queue";
import { passwordResetEmail } from "../mail/templates/password-reset";
import { authLogger } from "./auth-log";
import type { BackgroundWork } from "./background-work";
import { deleteResetTokens } from "./reset-tokens";
import { createSessionReader } from "./session-reader";

export const CLIENT_IP_HEADER = "x-nocturn-client-ip";
const RESET_TOKEN_MINUTES = 60;
const DAY = 24 * 60 * 60;

/**
 * better-auth with e-mail and password. The password strength rule is applied by the account use
 * cases (register-account.ts, change-password.ts, reset-password.ts), which know the account's
 * name and e-mail; better-auth itself checks the length only. Its HTTP handler is not mounted
 * (docs/decisions/002), so the use cases are the only way in.
 */
export function createAuth(options: {
  db: Database;
  config: Config;
  secret: string;
  mailQueue: MailQueue;
  /** Where better-auth's background tasks (the reset e-mail) are tracked. */
  background: BackgroundWork;
  log: Logger;
}) {
  const { config, mailQueue, background, log } = options;
  const auth = betterAuth({
    appName: config.storeName,
    baseURL: config.publicUrl,
    secret: options.secret,
    trustedOrigins: [config.publicUrl],
    logger: authLogger(log),
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
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_MINUTES * 60,
      // a reset ends every session of the account: whoever knew the old password is signed out
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const resetUrl = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const message = passwordResetEmail({
          storeName: config.storeName,
          publicUrl: config.publicUrl,
          seller: config.seller,
          name: user.name,
          resetUrl,
          expiresInMinutes: RESET_TOKEN_MINUTES,
        });
        // only the newest link works: an older one, perhaps in a mailbox someone else reads now,
        // is deleted
        try {
          await deleteResetTokens({ db: options.db, userId: user.id, olderThanToken: token });
        } catch (error) {
          log.error({ err: error, userId: user.id }, "older password reset links could not be deleted");
        }
        // better-auth hands this promise to backgroundTasks below instead of waiting for it:
        // answering at the same speed for known and unknown addresses keeps the form from
        // revealing who has an account. The token is already committed (better-auth's own
        // write), so the e-mail is queued on its own; a mail server that is down delays it.
        try {
          await enqueueEmail(options.db, { kind: "password_reset", message: { to: user.email, ...message } });
          mailQueue.wake();
        } catch (error) {
          log.error({ err: error, userId: user.id }, "password reset e-mail could not be queued");
        }
      },
    },
    session: { expiresIn: 30 * DAY, updateAge: DAY },
    advanced: {
      cookiePrefix: "nocturn",
      // the header is set by our Express app from the socket address; a client cannot forge it
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https:"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true, path: "/" },
      backgroundTasks: { handler: background.track },
      // the session check reads the session and its user in one query (Drizzle's relational query
      // over auth-schema's relations) instead of two: a round trip less on every signed-in request
      database: { joins: true },
    },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
  });
  // what an account request left running, its e-mails' delivery included: `await auth.background.settled()`;
  // `readSession`: the session check's common case in one prepared query (./session-reader.ts)
  return Object.assign(auth, { background, readSession: createSessionReader({ db: options.db, auth }) });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
