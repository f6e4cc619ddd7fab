import { describe, expect, it } from 'vitest';
import { berlinToday, changeOf, periodRange } from './report-periods.ts';

describe('report periods', () => {
  it('takes today from Berlin, not UTC', () => {
    expect(berlinToday(new Date('2026-03-31T22:30:00Z'))).toBe('2026-04-01');
  });

  it('gives each preset its days', () => {
    const today = '2026-03-04'; // a Wednesday
    expect(periodRange('today', today)).toEqual({ from_date: today, to_date: today });
    expect(periodRange('yesterday', today)).toEqual({ from_date: '2026-03-03', to_date: '2026-03-03' });
    expect(periodRange('week', today)).toEqual({ from_date: '2026-03-02', to_date: today });
    expect(periodRange('month', today)).toEqual({ from_date: '2026-03-01', to_date: today });
    expect(periodRange('lastMonth', today)).toEqual({ from_date: '2026-02-01', to_date: '2026-02-28' });
    expect(periodRange('lastMonth', '2026-01-15')).toEqual({ from_date: '2025-12-01', to_date: '2025-12-31' });
    expect(periodRange('custom', today, { from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from_date: '2026-01-01',
      to_date: '2026-01-31',
    });
  });

  it('computes changes in decimals', () => {
    expect(changeOf('100.10', '150.15')).toEqual({ absolute: '50.05', percent: '50.0' });
    expect(changeOf('0.00', '10.00')).toEqual({ absolute: '10.00', percent: null });
    expect(changeOf('0.30', '0.10')).toEqual({ absolute: '-0.20', percent: '-66.7' });
    expect(changeOf('-9.70', '9.70')).toEqual({ absolute: '19.40', percent: '200.0' });
  });
});
