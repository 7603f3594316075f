/**
 * A case-insensitive "contains" pattern for ILIKE … ESCAPE '\'. The user's % and _ are
 * escaped so they match themselves instead of acting as wildcards.
 */
export const toContainsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Blank searches mean "no filter"; the rest become a pattern for ILIKE. */
export const toSearchPattern = (search: string | undefined) => {
  const trimmed = search?.trim();
  return trimmed ? toContainsPattern(trimmed) : undefined;
};

/** `(col1 ILIKE $n ESCAPE '\' OR col2 …)` over one parameter. */
export const containsAny = (columns: readonly string[], parameter: number) =>
  `(${columns.map((column) => `${column} ILIKE $${parameter} ESCAPE '\\'`).join(' OR ')})`;
