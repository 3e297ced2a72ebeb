// What the admin's searchable lists (orders, returns, receipts) share on the database side: a
// search that finds its text anywhere in some columns, and numbered pages of a fixed size.
import { type Column, ilike, or, type SQL } from "drizzle-orm";
import { escapeLike } from "./escape-like";

/**
 * Rows where any of `columns` contains `query` literally, case-insensitively (`extra`: further
 * ways to match); undefined when the query is empty, so the list is not filtered.
 */
export function containsText(
  query: string | undefined,
  columns: Column[],
  extra: SQL[] = [],
): SQL | undefined {
  const text = query?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(...columns.map((column) => ilike(column, pattern)), ...extra);
}

/** A 1-based page of `pageSize` rows: what to LIMIT and OFFSET, and how many pages `total` rows make. */
export function listPage(page: number | undefined, pageSize: number) {
  const current = Math.max(1, Math.floor(page ?? 1));
  return {
    page: current,
    limit: pageSize,
    offset: (current - 1) * pageSize,
    pageCount: (total: number) => Math.max(1, Math.ceil(total / pageSize)),
  };
}
