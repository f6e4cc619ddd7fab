import { describe, expect, it } from 'vitest';
import { calendarDay, isCalendarDay } from './calendar-day.ts';

describe('calendar days', () => {
  it('takes the days that exist, leap days in leap years included', () => {
    for (const d of ['2026-01-31', '2026-02-28', '2024-02-29', '2000-02-29', '2026-04-30', '2026-12-31', '0001-01-01'])
      expect(isCalendarDay(d), d).toBe(true);
  });

  it('refuses days that match the pattern but do not exist, and other shapes', () => {
    for (const d of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-01-32',
      '0000-01-01',
      '2026-1-01',
      '2026-01-01T00:00:00Z',
      ' 2026-01-01',
      '',
    ])
      expect(isCalendarDay(d), d).toBe(false);
  });

  it('names the rule the web translates', () => {
    const r = calendarDay.safeParse('2026-02-30');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ code: 'custom', params: { rule: 'calendar_day' } });
  });
});
