import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { LedgerLineInput } from '../credit/ledger.service.ts';
import {
  refundLines,
  releaseLines,
  reservationLines,
  type SaleMoney,
  successLines,
  topupPrices,
} from './provider-sale-money.ts';

const sum = (lines: LedgerLineInput[]) => lines.reduce((s, l) => s.plus(l.amount), new Decimal(0)).toFixed(4);
const byAccount = (lines: LedgerLineInput[]) =>
  Object.fromEntries(lines.map((l) => [`${l.customerId}:${l.account}`, new Decimal(l.amount).toFixed(2)]));

const platformGoods: SaleMoney = {
  customerId: 30,
  resellerId: 20,
  platformId: 10,
  sellerPrice: '4.90',
  resellerPrice: '4.80',
  providerCost: '4.75',
};
const underPlatform: SaleMoney = { ...platformGoods, resellerId: 10, resellerPrice: null };

describe('the ledger lines of a provider sale (decision 0080)', () => {
  it.each([
    ['with a reseller', platformGoods],
    ['for a shop under the platform', underPlatform],
  ])('every entry balances %s', (_, sale) => {
    for (const lines of [reservationLines, successLines, releaseLines, refundLines].map((f) => f(sale))) {
      expect(sum(lines)).toBe('0.0000');
    }
  });

  it('reserves S and R against provider_pending and moves them to income, revenue and cost on success', () => {
    expect(byAccount(reservationLines(platformGoods))).toEqual({
      '30:balance': '-4.90',
      '20:balance': '-4.80',
      '10:provider_pending': '9.70',
    });
    expect(byAccount(successLines(platformGoods))).toEqual({
      '10:provider_pending': '-9.70',
      '20:sales_income': '4.90',
      '10:revenue': '4.80',
      '10:cost_of_sales': '4.75',
      '10:supplier_payables': '-4.75',
    });
  });

  it('releases exactly the reservation, and a refund undoes the money and the cost of a success', () => {
    const reserved = byAccount(reservationLines(platformGoods));
    const released = byAccount(releaseLines(platformGoods));
    for (const [k, v] of Object.entries(reserved)) expect(released[k]).toBe(new Decimal(v).negated().toFixed(2));
    const net = new Map<string, Decimal>();
    for (const l of [
      ...reservationLines(platformGoods),
      ...successLines(platformGoods),
      ...refundLines(platformGoods),
    ]) {
      const k = `${l.customerId}:${l.account}`;
      net.set(k, (net.get(k) ?? new Decimal(0)).plus(l.amount));
    }
    for (const [k, v] of net) expect(v.toFixed(2), k).toBe('0.00');
  });

  it('prices from the retail price with half-up cents; no R for a shop under the platform', () => {
    expect(topupPrices('5.00', { reseller: '4', seller: '2' }, false)).toEqual({
      sellerPrice: new Decimal('4.90'),
      resellerPrice: new Decimal('4.80'),
    });
    expect(topupPrices('7.25', { reseller: '3.5', seller: '1.5' }, true).sellerPrice.toFixed(2)).toBe('7.14');
    expect(topupPrices('7.25', { reseller: '3.5', seller: '1.5' }, true).resellerPrice).toBeNull();
  });
});
