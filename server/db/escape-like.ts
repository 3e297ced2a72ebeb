/** A user's text as a LIKE/ILIKE pattern that matches it literally: `%`, `_` and `\` escaped. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
