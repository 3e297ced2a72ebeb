import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, like, or } from "drizzle-orm";
import { normalizeEmail } from "../../core/auth";
import type { Database } from "../db/client";
import { user } from "../db/schema";
import type { Auth } from "./auth";

export const DEMO_ADMIN_EMAIL = "admin@nocturn.local";

/**
 * Makes `email` an administrator: creates the account with `password` when it does not exist,
 * otherwise gives the existing account the admin role and leaves its password alone.
 */
export async function createOrPromoteAdmin(options: {
  auth: Auth;
  db: Database;
  email: string;
  password: string;
  name?: string;
}): Promise<"created" | "promoted"> {
  const email = normalizeEmail(options.email);
  const [existing] = await options.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) {
    await options.db.update(user).set({ role: "admin" }).where(eq(user.id, existing.id));
    return "promoted";
  }
  // no session is passed: a server-side call, allowed to set the role
  await options.auth.api.createUser({
    body: { email, password: options.password, name: options.name ?? "Store Admin", role: "admin" },
  });
  return "created";
}

async function hasAdmin(db: Database) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(or(eq(user.role, "admin"), like(user.role, "%admin%")))
    .limit(1);
  return Boolean(row);
}

/**
 * At start: ADMIN_EMAIL/ADMIN_PASSWORD make sure that admin exists. Without them, a store that has
 * no admin yet gets the demo admin with a random password, shown once and kept in DATA_DIR.
 */
export async function bootstrapAdmin(options: {
  auth: Auth;
  db: Database;
  configured?: { email: string; password: string };
  dataDir: string;
  announce: (message: string) => void;
}) {
  if (options.configured) {
    const outcome = await createOrPromoteAdmin({ ...options, ...options.configured });
    if (outcome === "created") options.announce(`Admin account created for ${options.configured.email}.`);
    return;
  }
  if (await hasAdmin(options.db)) return;
  const password = randomBytes(12).toString("base64url");
  await createOrPromoteAdmin({ auth: options.auth, db: options.db, email: DEMO_ADMIN_EMAIL, password });
  const file = path.join(options.dataDir, "admin-credentials.txt");
  await writeFile(file, `email: ${DEMO_ADMIN_EMAIL}\npassword: ${password}\n`, { mode: 0o600 });
  options.announce(
    [
      "",
      `  Demo admin account created (shown once; also saved to ${file}):`,
      `    email:    ${DEMO_ADMIN_EMAIL}`,
      `    password: ${password}`,
      "",
    ].join("\n"),
  );
}
