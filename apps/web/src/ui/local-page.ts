import type { PageResult } from './data-table.tsx';

/**
 * One page of a list the screen already holds in full (a call that answers everything at once), in the shape the
 * DataTable reads, so such lists page and filter like server lists.
 */
export function localPage<Row>(items: readonly Row[], page: number, limit: number): PageResult<Row> {
  const totalPages = Math.ceil(items.length / limit);
  const start = (Math.min(page, Math.max(totalPages, 1)) - 1) * limit;
  return {
    items: items.slice(start, start + limit),
    filters: { total_count: items.length, total_pages: totalPages },
  };
}
