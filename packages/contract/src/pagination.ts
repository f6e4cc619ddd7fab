import { LIMITS } from './limits.ts';

export type PageButton = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Page buttons per spec section 9: every page up to 9 pages; a sliding window of 9 for 10–12 pages;
 * from 13 pages: first, …, a window, …, last (9 buttons in all, ellipses included).
 */
export function pageButtons(current: number, totalPages: number): PageButton[] {
  const max = LIMITS.pageButtons;
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  if (totalPages <= max) return range(1, totalPages);
  if (totalPages < LIMITS.compressPagesFrom) {
    const start = Math.min(Math.max(1, page - Math.floor(max / 2)), totalPages - max + 1);
    return range(start, start + max - 1);
  }
  const inner = max - 4; // first, last and two ellipsis places
  if (page <= inner) return [...range(1, max - 2), 'ellipsis-end', totalPages];
  if (page > totalPages - inner) return [1, 'ellipsis-start', ...range(totalPages - (max - 3), totalPages)];
  const half = Math.floor(inner / 2);
  return [1, 'ellipsis-start', ...range(page - half, page + half), 'ellipsis-end', totalPages];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export function totalPages(totalCount: number, limit: number): number {
  return Math.ceil(totalCount / limit);
}
