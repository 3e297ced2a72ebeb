import type { Database } from "./client";

/**
 * A prepared query made once per database and kept: Drizzle builds its SQL once instead of on
 * every call (its query building was 8 % of My Orders' CPU), and PostgreSQL parses and plans a
 * named statement once per connection. Lists go in as one array parameter (`= any(...)`), so the
 * SQL stays the same whatever their length.
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const prepared = new WeakMap<Database, T>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
