import { describe, expect, it } from 'vitest';
import { localPage } from './local-page.ts';

describe('localPage', () => {
  const items = Array.from({ length: 45 }, (_, i) => i + 1);

  it('cuts the page and reports the totals', () => {
    expect(localPage(items, 1, 20)).toEqual({
      items: items.slice(0, 20),
      filters: { total_count: 45, total_pages: 3 },
    });
    expect(localPage(items, 3, 20).items).toEqual([41, 42, 43, 44, 45]);
  });

  it('shows the last page for a page beyond the end (the list shrank after a filter or a change)', () => {
    expect(localPage(items, 9, 20).items).toEqual([41, 42, 43, 44, 45]);
  });

  it('answers an empty list with no pages', () => {
    expect(localPage([], 1, 20)).toEqual({ items: [], filters: { total_count: 0, total_pages: 0 } });
  });
});
