import { describe, expect, it } from 'vitest';
import { parseTypedDay, rangeTracker } from './days.ts';

describe('parseTypedDay', () => {
  it('reads a day typed in any of the five languages, and the API form', () => {
    expect(parseTypedDay('31.01.2026')).toBe('2026-01-31');
    expect(parseTypedDay('31/1/2026')).toBe('2026-01-31');
    expect(parseTypedDay('1-2-2026')).toBe('2026-02-01');
    expect(parseTypedDay(' 2026-01-31 ')).toBe('2026-01-31');
  });

  it('refuses what is not (yet) a real day', () => {
    expect(parseTypedDay('31.02.2026')).toBeNull();
    expect(parseTypedDay('29.02.2025')).toBeNull();
    expect(parseTypedDay('29.02.2024')).toBe('2024-02-29');
    expect(parseTypedDay('31.01.20')).toBeNull();
    expect(parseTypedDay('2026-13-01')).toBeNull();
    expect(parseTypedDay('')).toBeNull();
    expect(parseTypedDay('morgen')).toBeNull();
  });
});

describe('rangeTracker', () => {
  it('keeps both ends when both change before the page renders again', () => {
    const range = rangeTracker({ from: '2026-11-01', to: '2026-11-27' });
    expect(range.change('from', '2020-01-01')).toEqual({ from: '2020-01-01', to: '2026-11-27' });
    // The page has not rendered the first change yet: the second must not send the old start again.
    range.render({ from: '2026-11-01', to: '2026-11-27' });
    expect(range.change('to', '2020-01-31')).toEqual({ from: '2020-01-01', to: '2020-01-31' });
  });

  it('takes a new value from the page over what it sent', () => {
    const range = rangeTracker({ from: '', to: '' });
    range.change('from', '2026-01-01');
    range.render({ from: '2026-02-01', to: '2026-02-28' });
    expect(range.change('to', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-03-31' });
  });
});
