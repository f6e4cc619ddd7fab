import { type SQL, sql } from 'drizzle-orm';

/** A contains-match pattern for `ilike`: the user's `%`, `_` and `\` match themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Midnight (Berlin time) that starts a calendar day given as `YYYY-MM-DD`, as a SQL timestamptz. */
export const berlinDayStartSql = (day: string): SQL => sql`((${day}::date)::timestamp at time zone 'Europe/Berlin')`;

/** Midnight (Berlin time) that ends a calendar day: the filter `to` includes the whole day. */
export const berlinDayEndSql = (day: string): SQL =>
  sql`(((${day}::date) + 1)::timestamp at time zone 'Europe/Berlin')`;

/** The window of one page: spec section 9 pages are 1-based. */
export const pageWindow = (p: { page: number; limit: number }) => ({ limit: p.limit, offset: (p.page - 1) * p.limit });

/** Only the fields a partial update names: drizzle refuses an update whose values are all undefined. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
