import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_FILTERS, reportBody } from './reports.queries.ts';

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
