import { LIMITS } from '@portal/contract/limits';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { maxQuantity, quantityCheck } from './quantity-form.ts';

const t = ((key: string, params?: Record<string, unknown>) => `${key}:${params?.max}`) as unknown as TFunction;

describe('quantityCheck', () => {
  it('takes a whole number from 1 to the stock left', () => {
    const check = quantityCheck(t, 5);
    for (const quantity of [1, 3, 5]) expect(check({ quantity }), String(quantity)).toEqual({});
  });

  it('refuses an empty field, zero, a fraction and more than the stock, naming the range', () => {
    const check = quantityCheck(t, 5);
    for (const quantity of ['', 0, -1, 2.5, 6]) {
      expect(check({ quantity }), String(quantity)).toEqual({ quantity: 'selling.buy.quantityRange:5' });
    }
  });

  it("never allows more than the portal's maximum, however much is in stock", () => {
    const max = maxQuantity(10_000);
    expect(max).toBe(LIMITS.maxPurchaseQuantity);
    expect(quantityCheck(t, max)({ quantity: max })).toEqual({});
    expect(quantityCheck(t, max)({ quantity: max + 1 })).toHaveProperty('quantity');
    expect(maxQuantity(0)).toBe(1);
  });
});
