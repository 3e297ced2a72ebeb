import { createHmac, timingSafeEqual } from "node:crypto";
import { createCookie } from "react-router";
import type { Auth } from "./auth";

const MAX_ACCOUNTS = 5;

/**
 * Remembers in the browser which accounts have signed in from it (OWASP's "device cookie"), so that
 * the account-wide sign-in back-off (rate-limit.ts, SIGN_IN_BACKOFF), which a stranger can trigger
 * by guessing, never holds back the customer on their own browser. The cookie holds no address:
 * only a keyed hash of each account's e-mail, which nobody without AUTH_SECRET can make or read.
 * The per-client limits still apply to such a browser.
 */
const knownDevices = (secure: boolean) =>
  createCookie("nocturn_device", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 180 * 24 * 60 * 60,
    secure,
  });

async function markerFor(auth: Auth, email: string): Promise<string> {
  const { secret } = await auth.$context;
  return createHmac("sha256", secret).update(`known-device:${email}`).digest("base64url");
}

async function markersIn(headers: Headers, secure: boolean): Promise<string[]> {
  const value: unknown = await knownDevices(secure).parse(headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

const sameMarker = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A browser's request (its cookies) and the account (`email`, normalised) it signs in to. */
interface DeviceAndAccount {
  auth: Auth;
  headers: Headers;
  email: string;
  secure: boolean;
}

/** True if this browser signed in as `email` (normalised) before. */
export async function isKnownDevice(options: DeviceAndAccount): Promise<boolean> {
  const marker = await markerFor(options.auth, options.email);
  return (await markersIn(options.headers, options.secure)).some((known) => sameMarker(known, marker));
}

/** The Set-Cookie value that adds `email` to the accounts known on this browser (the last five). */
export async function rememberDevice(options: DeviceAndAccount): Promise<string> {
  const marker = await markerFor(options.auth, options.email);
  const others = (await markersIn(options.headers, options.secure)).filter((known) => known !== marker);
  return knownDevices(options.secure).serialize([marker, ...others].slice(0, MAX_ACCOUNTS));
}
