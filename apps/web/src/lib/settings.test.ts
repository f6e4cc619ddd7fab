import { LIMITS } from '@portal/contract/limits';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, normaliseSettings, toggleStarred } from './settings.ts';

describe('settings', () => {
  it('defaults to horizontal, light, German, template 0 (spec section 1)', () => {
    expect(normaliseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ layout: 'horizontal', theme: 'light', language: 'de', template: 0 });
  });

  it('keeps valid values and replaces invalid ones with the default', () => {
    expect(
      normaliseSettings({
        layout: 'vertical',
        theme: 'purple',
        language: 'xx',
        template: 5,
        download_csv: 1,
        merge_receipts: 7,
        starred_pages: ['/settings', 42, 'http://x', '/settings'],
      }),
    ).toEqual({
      ...DEFAULT_SETTINGS,
      layout: 'vertical',
      template: 5,
      download_csv: 1,
      starred_pages: ['/settings'],
    });
    expect(normaliseSettings({ template: 6 }).template).toBe(0);
  });

  it('keeps only the first starred pages', () => {
    const many = Array.from({ length: 14 }, (_, i) => `/p${i}`);
    expect(normaliseSettings({ starred_pages: many }).starred_pages).toEqual(many.slice(0, LIMITS.starredPages));
  });
});

describe('toggleStarred', () => {
  it('adds and removes a page', () => {
    expect(toggleStarred(['/a'], '/b')).toEqual({ next: ['/a', '/b'], refused: false });
    expect(toggleStarred(['/a', '/b'], '/a')).toEqual({ next: ['/b'], refused: false });
  });

  it('refuses an eleventh page and keeps the first ten', () => {
    const ten = Array.from({ length: LIMITS.starredPages }, (_, i) => `/p${i}`);
    expect(toggleStarred(ten, '/new')).toEqual({ next: ten, refused: true });
    expect(toggleStarred(ten, '/p3').next).toHaveLength(LIMITS.starredPages - 1);
  });
});
