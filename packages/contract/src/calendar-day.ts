import { z } from 'zod';

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether a text is a day that exists, `YYYY-MM-DD` (years 0001–9999: PostgreSQL has no year 0). The pattern alone
 * lets `2026-02-30` through, which PostgreSQL then refuses mid-query: a 500 instead of the caller's mistake.
 */
export function isCalendarDay(value: string): boolean {
  const m = PATTERN.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC so no clock change moves it.
  const d = new Date(Date.UTC(2000, month, 0));
  d.setUTCFullYear(year, month, 0);
  return day <= d.getUTCDate();
}

/**
 * The one calendar-day schema of every request and answer (filters, holidays, trips, report days): a refusal names
 * the field with the rule `calendar_day`, which the web app translates.
 */
export const calendarDay = z
  .string()
  .refine(isCalendarDay, { message: 'a calendar day as YYYY-MM-DD', params: { rule: 'calendar_day' } })
  .meta({ format: 'date', example: '2026-03-31' });
