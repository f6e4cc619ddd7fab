import { Decimal } from 'decimal.js';
import { TIME_ZONE } from './format.ts';

/** The date presets of the report filters; days are Berlin calendar days (spec section 1). */
export const REPORT_PERIODS = ['today', 'yesterday', 'week', 'month', 'lastMonth', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar day in Berlin, `YYYY-MM-DD`. */
export const berlinToday = (now: Date = new Date()) => dayFormat.format(now);

const shift = (day: string, days: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The first and last day of a preset around `today` (weeks start on Monday); custom keeps what was typed. */
export function periodRange(
  period: ReportPeriod,
  today: string,
  custom: { from: string; to: string } = { from: '', to: '' },
): { from_date: string; to_date: string } {
  const [y, m] = today.split('-').map(Number);
  switch (period) {
    case 'today':
      return { from_date: today, to_date: today };
    case 'yesterday':
      return { from_date: shift(today, -1), to_date: shift(today, -1) };
    case 'week': {
      const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
      return { from_date: shift(today, -weekday), to_date: today };
    }
    case 'month':
      return { from_date: `${today.slice(0, 7)}-01`, to_date: today };
    case 'lastMonth': {
      if (y === undefined || m === undefined) throw new RangeError(`not a calendar day: ${today}`);
      const first = new Date(Date.UTC(m === 1 ? y - 1 : y, m === 1 ? 11 : m - 2, 1));
      const start = first.toISOString().slice(0, 10);
      return { from_date: start, to_date: shift(`${today.slice(0, 7)}-01`, -1) };
    }
    case 'custom':
      return { from_date: custom.from, to_date: custom.to };
  }
}

/**
 * The change from `before` to `after`: absolute, and in percent of `before` (null when it was zero). A negative
 * `before` (a period of refunds) is taken by its size, so a rise stays a positive percentage.
 */
export function changeOf(before: string, after: string): { absolute: string; percent: string | null } {
  const a = new Decimal(before);
  const b = new Decimal(after);
  return {
    absolute: b.minus(a).toFixed(2),
    percent: a.isZero() ? null : b.minus(a).div(a.abs()).times(100).toFixed(1),
  };
}
