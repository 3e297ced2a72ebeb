// A list screen's state in its URL (the admin's orders, returns, receipts and products; the shop
// reads its search and page the same way): each parameter says how it is read, so anything odd
// falls back to the default instead of failing, and how it is written, so a link keeps only what
// differs from the defaults and stays short and canonical.

/** The longest search text a list takes: the search boxes' maxLength. */
export const MAX_SEARCH_LENGTH = 100;
/** The highest page number a list link may name. */
const MAX_LIST_PAGE = 100_000;

/** One URL parameter of a list: `read` turns what the URL says into a value, `write` gives null for the default. */
export interface ListParam<T> {
  name: string;
  read(raw: string | null): T;
  write(value: T): string | null;
}

/** Search text, trimmed and cut to the search box's length. */
export function readSearchText(raw: string | null, maxLength = MAX_SEARCH_LENGTH): string {
  return (raw ?? "").trim().slice(0, maxLength);
}

/** A page number between `first` and `max`; anything else is `first`. */
export function readPageNumber(raw: string | null, max = MAX_LIST_PAGE, first = 1): number {
  const page = Number.parseInt(raw ?? "", 10);
  return Number.isSafeInteger(page) && page >= first && page <= max ? page : first;
}

/** `?q=`: the list's search text. */
export const searchParam = (name = "q"): ListParam<string> => ({
  name,
  read: (raw) => readSearchText(raw),
  write: (value) => value || null,
});

/** `?page=`: 1 is left out. */
export const pageParam = (max = MAX_LIST_PAGE): ListParam<number> => ({
  name: "page",
  read: (raw) => readPageNumber(raw, max),
  write: (value) => (value > 1 ? String(value) : null),
});

/** One of `choices`, or "" (all). */
export const choiceParam = <T extends string>(name: string, choices: readonly T[]): ListParam<T | ""> => ({
  name,
  read: (raw) => ((choices as readonly string[]).includes(raw ?? "") ? (raw as T) : ""),
  write: (value) => value || null,
});

/** A switch: on when the parameter says `on`. */
export const flagParam = (name: string, on: string): ListParam<boolean> => ({
  name,
  read: (raw) => raw === on,
  write: (value) => (value ? on : null),
});

/** Free text of at most `maxLength` characters (an id that names what is open), "" when absent. */
export const textParam = (name: string, maxLength: number): ListParam<string> => ({
  name,
  read: (raw) => readSearchText(raw, maxLength),
  write: (value) => value || null,
});

/** Any list parameter, whatever its value's type. */
interface SomeListParam {
  name: string;
  read(raw: string | null): unknown;
  write(value: never): string | null;
}

type ListState<P extends Record<string, SomeListParam>> = {
  [K in keyof P]: ReturnType<P[K]["read"]>;
};

/** A list's URL state: its address and its parameters, written in the order they are given. */
export function listQuery<P extends Record<string, SomeListParam>>(path: string, params: P) {
  type Query = ListState<P>;
  const entries = Object.entries(params) as Array<[keyof Query & string, ListParam<unknown>]>;

  /** Reads the list's state from the URL. */
  function parse(search: URLSearchParams): Query {
    return Object.fromEntries(
      entries.map(([key, param]) => [key, param.read(search.get(param.name))]),
    ) as Query;
  }

  /** The search string for a list state, without defaults ("" when everything is a default). */
  function search(query: Partial<Query>): string {
    const out = new URLSearchParams();
    for (const [key, param] of entries) {
      const value = query[key];
      const written = value === undefined ? null : param.write(value);
      if (written !== null) out.set(param.name, written);
    }
    const text = out.toString();
    return text ? `?${text}` : "";
  }

  return {
    path,
    parse,
    search,
    /** The list's URL for a state. */
    href: (query: Partial<Query>) => `${path}${search(query)}`,
    /** Where a GET filter form goes: the list's first page for what the form's fields say. */
    formHref: (fields: URLSearchParams) => `${path}${search(parse(fields))}`,
  };
}

/** What `listQuery` reads: the state of that list. */
export type ListQueryState<L extends { parse(search: URLSearchParams): unknown }> = ReturnType<L["parse"]>;
