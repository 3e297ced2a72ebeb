const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from a URL or a form can be one of the store's ids (a UUID): anything else names nothing. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
