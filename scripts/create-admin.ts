// npm run admin:create -- --email you@shop.com --password '...' [--name "Your Name"]
// Creates an administrator, or gives an existing account the admin role (its password stays).
import path from "node:path";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { isAcceptableEmail } from "../core/auth";
import { createOrPromoteAdmin } from "../server/auth/create-admin";
import { passwordStrengthProblem } from "../server/auth/password-policy";
import { parseConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { prepareDatabase } from "../server/prepare-database";
import { createServices } from "../server/services";

const MIN_ADMIN_PASSWORD_LENGTH = 12;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});
if (!values.email || !values.password) {
  fail(
    "Usage: npm run admin:create -- --email you@shop.com --password 'a long passphrase' [--name 'Your Name']",
  );
}
const config = parseConfig();
if (!isAcceptableEmail(values.email, [])) fail(`Not an e-mail address: ${values.email}`);
if (values.password.length < MIN_ADMIN_PASSWORD_LENGTH) {
  fail(`Choose an admin password of at least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`);
}
// the customers' strength rule, with the admin's e-mail, name and the store's name as weak words
const weak = await passwordStrengthProblem({
  password: values.password,
  email: values.email,
  name: values.name,
  storeName: config.storeName,
});
if (weak) fail(weak);

const log = pino({ level: "warn" });
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, "pglite"),
});
try {
  await prepareDatabase(database);
  const { services } = await createServices({ config, db: database.db, log });
  const outcome = await createOrPromoteAdmin({
    auth: services.auth,
    db: database.db,
    email: values.email,
    password: values.password,
    name: values.name,
  });
  console.log(
    outcome === "created"
      ? `Admin account created: ${values.email}`
      : `${values.email} already had an account: it is now an admin (its password is unchanged).`,
  );
} finally {
  await database.close();
}
