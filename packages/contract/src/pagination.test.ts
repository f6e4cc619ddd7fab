import { describe, expect, it } from 'vitest';
import { pageButtons, totalPages } from './pagination.ts';

describe('pageButtons (spec section 9)', () => {
  it('shows every page up to 9', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageButtons(1, 0)).toEqual([]);
  });

  it('slides a window of 9 for 10 to 12 pages', () => {
    expect(pageButtons(1, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageButtons(7, 12)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(pageButtons(12, 12)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(pageButtons(10, 10)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('compresses with first, ellipses and last from 13 pages, 9 places in all', () => {
    expect(pageButtons(1, 13)).toEqual([1, 2, 3, 4, 5, 6, 7, 'ellipsis-end', 13]);
    expect(pageButtons(7, 13)).toEqual([1, 'ellipsis-start', 5, 6, 7, 8, 9, 'ellipsis-end', 13]);
    expect(pageButtons(13, 13)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10, 11, 12, 13]);
    expect(pageButtons(50, 100)).toEqual([1, 'ellipsis-start', 48, 49, 50, 51, 52, 'ellipsis-end', 100]);
    for (let p = 1; p <= 40; p++) {
      const b = pageButtons(p, 40);
      expect(b).toHaveLength(9);
      expect(b).toContain(p);
    }
  });

  it('clamps an out-of-range page', () => {
    expect(pageButtons(99, 3)).toEqual([1, 2, 3]);
    expect(totalPages(41, 20)).toBe(3);
    expect(totalPages(0, 20)).toBe(0);
  });
});
