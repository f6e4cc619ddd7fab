import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from './header-search.tsx';
import { nextActive } from './search.queries.ts';

describe('the header search keys', () => {
  it('moves through the hits with the arrow keys, round both ends', () => {
    expect(nextActive(0, 3, 'ArrowDown')).toBe(1);
    expect(nextActive(2, 3, 'ArrowDown')).toBe(0);
    expect(nextActive(0, 3, 'ArrowUp')).toBe(2);
    expect(nextActive(2, 3, 'ArrowUp')).toBe(1);
    expect(nextActive(0, 0, 'ArrowDown')).toBe(-1);
  });

  it('opens on Ctrl+K and ⌘K, not on K alone nor AltGr combinations', () => {
    const key = (k: Partial<KeyboardEvent>) => ({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, ...k });
    expect(isSearchShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ metaKey: true, key: 'K' }))).toBe(true);
    expect(isSearchShortcut(key({}))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, key: 'j' }))).toBe(false);
  });
});
