import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { summaryName } from './summary-name.ts';

/** Answers the English text of the two provider kinds, else the default the caller gives. */
const t = ((key: string, o?: { defaultValue?: string }) =>
  ({ 'reports.saleKinds.dtone': 'International top-up', 'reports.saleKinds.direct_recharge': 'Direct recharge' })[
    key
  ] ??
  o?.defaultValue ??
  key) as unknown as TFunction;

describe('summaryName', () => {
  it("names a provider's goods in a product or denomination summary by their sale kind's text", () => {
    expect(summaryName(t, 'product', { key: 'dtone', name: 'dtone' })).toBe('International top-up');
    expect(summaryName(t, 'denomination', { key: 'direct_recharge', name: 'direct_recharge' })).toBe('Direct recharge');
  });

  it('keeps the stored name of products, shops, days and a provider without a text yet', () => {
    expect(summaryName(t, 'product', { key: '12', name: 'UX Cash' })).toBe('UX Cash');
    expect(summaryName(t, 'shop', { key: '7', name: 'Demo Shop' })).toBe('Demo Shop');
    expect(summaryName(t, 'day', { key: '2026-11-26', name: '2026-11-26' })).toBe('2026-11-26');
    expect(summaryName(t, 'product', { key: 'flixbus', name: 'flixbus' })).toBe('flixbus');
  });
});
