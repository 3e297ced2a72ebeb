import pg from "pg";

/**
 * "host:port/database" for log lines: never the user name or password in the URL. Parsed the way
 * the pool parses it (node-postgres' own parser; nothing is connected).
 */
export function describeDatabaseUrl(url: string): string {
  try {
    const { host, port, database } = new pg.Client({ connectionString: url });
    return `${host || "localhost"}:${port || 5432}/${database || "(default database)"}`;
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}
