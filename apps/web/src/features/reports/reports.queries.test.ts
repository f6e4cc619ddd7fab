import { describe, expect, it } from 'vitest';
import { comparisonBody, DEFAULT_REPORT_FILTERS, reportBody } from './reports.queries.ts';

const COMPARE = { ...DEFAULT_REPORT_FILTERS, group: '', cmp_from: '', cmp_to: '', sort: '' };

describe('comparisonBody', () => {
  it('compares the period with the one of the same length before it, by product and by change, unless chosen', () => {
    expect(comparisonBody({ ...COMPARE, period: 'month' }, '2026-03-10')).toEqual({
      from_date: '2026-03-01',
      to_date: '2026-03-10',
      compare_from: '2026-02-19',
      compare_to: '2026-02-28',
      group_by: 'product',
      sort: '-change',
    });
    expect(
      comparisonBody(
        { ...COMPARE, period: 'today', group: 'shop', sort: 'earlier', cmp_from: '2025-03-10', cmp_to: '2025-03-10' },
        '2026-03-10',
      ),
    ).toMatchObject({ compare_from: '2025-03-10', compare_to: '2025-03-10', group_by: 'shop', sort: 'earlier' });
  });

  it('asks nothing while a custom period has no end yet', () => {
    expect(comparisonBody({ ...COMPARE, period: 'custom', from: '2026-03-01' }, '2026-03-10')).toBeNull();
  });
});

describe('reportBody', () => {
  it('turns the URL filters into the body: Berlin days, ids and the enum filters the body takes', () => {
    const body = reportBody(
      { ...DEFAULT_REPORT_FILTERS, period: 'today', shop: '12', product_type: 'gift_card', kind: 'bulk' },
      '2026-03-10',
    );
    expect(body).toEqual({
      from_date: '2026-03-10',
      to_date: '2026-03-10',
      shop: 12,
      product_type: 'gift_card',
      kind: 'bulk',
    });
  });

  it('reads a filter value the lists do not offer as no filter, and an unknown period as this month', () => {
    const body = reportBody(
      { ...DEFAULT_REPORT_FILTERS, period: 'decade', shop: 'x', product_type: 'voucher', kind: 'all' },
      '2026-03-10',
    );
    expect(body).toEqual(reportBody(DEFAULT_REPORT_FILTERS, '2026-03-10'));
    expect(body.product_type).toBeUndefined();
    expect(body.kind).toBeUndefined();
  });

  it('sends one provider’s goods, all provider goods or all PINs as the sale kind, never as a purchase kind', () => {
    for (const kind of ['flixbus', 'softpin', 'provider', 'pin']) {
      const body = reportBody({ ...DEFAULT_REPORT_FILTERS, kind }, '2026-03-10');
      expect(body).toMatchObject({ sale_kind: kind });
      expect(body.kind).toBeUndefined();
    }
  });
});
