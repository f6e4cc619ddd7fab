import type { Envelope, PageFilters } from '@portal/contract/envelope';
import { totalPages } from '@portal/contract/pagination';

export function ok<T>(data?: T, message = 'Success'): Envelope<T> {
  return { message_type: 1, message, data, account_status: 1 };
}

export interface PageRequest {
  page: number;
  limit: number;
}

export function offsetOf(p: PageRequest): number {
  return (p.page - 1) * p.limit;
}

/** A list page: `{ <items>: [...], filters: { page, limit, total_count, total_pages, ...applied } }`. */
export function page<K extends string, T>(
  key: K,
  items: T[],
  totalCount: number,
  p: PageRequest,
  applied: Record<string, unknown> = {},
): { [k in K]: T[] } & { filters: PageFilters & Record<string, unknown> } {
  return {
    [key]: items,
    filters: {
      ...applied,
      page: p.page,
      limit: p.limit,
      total_count: totalCount,
      total_pages: totalPages(totalCount, p.limit),
    },
  } as { [k in K]: T[] } & { filters: PageFilters & Record<string, unknown> };
}
