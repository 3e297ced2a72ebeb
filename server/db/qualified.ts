import { getTableName, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * `"table"."column"`. Drizzle names the columns of a one-table select without their table, so a
 * subquery that refers to the outer row spells it out: unqualified, "id" inside the subquery
 * would be the subquery's own table's.
 */
export function qualified(table: PgTable, column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;
}
