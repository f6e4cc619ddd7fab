import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marginViolations, priceAfterDiscount, priceChain, resellerPlanViolations, roundCents } from './pricing.ts';

describe('rounding', () => {
  it('rounds half-up to the cent, never through a float', () => {
    expect(roundCents('0.005').toFixed(2)).toBe('0.01');
    expect(roundCents('0.0049').toFixed(2)).toBe('0.00');
    expect(roundCents('1.005').toFixed(2)).toBe('1.01'); // 1.005 as a double is 1.00499…
    expect(roundCents('2.675').toFixed(2)).toBe('2.68');
    expect(roundCents('19.9950').toFixed(2)).toBe('20.00');
  });

  it('applies a percentage discount to face value', () => {
    expect(priceAfterDiscount('10', '3.5').toFixed(2)).toBe('9.65');
    expect(priceAfterDiscount('15', '2.5').toFixed(2)).toBe('14.63'); // 14.625 → half-up
    expect(priceAfterDiscount('15', '7.5').toFixed(2)).toBe('13.88'); // 13.875
    expect(priceAfterDiscount('25', '0').toFixed(2)).toBe('25.00');
    expect(priceAfterDiscount('25', '100').toFixed(2)).toBe('0.00');
    expect(priceAfterDiscount('0.01', '50').toFixed(2)).toBe('0.01'); // 0.005 → 0.01
    expect(priceAfterDiscount('33.33', '33.3333').toFixed(2)).toBe('22.22');
  });

  it('refuses a negative or over-100 discount', () => {
    expect(() => priceAfterDiscount('10', '-0.01')).toThrow(RangeError);
    expect(() => priceAfterDiscount('10', '100.01')).toThrow(RangeError);
    expect(() => priceAfterDiscount('10', 'abc')).toThrow();
  });
});

describe('price chain', () => {
  it('prices platform stock through reseller and seller', () => {
    const chain = priceChain({
      face: '20',
      stockOwner: 'platform',
      resellerDiscount: '6',
      sellerDiscount: '4',
      highestCost: '18.10',
    });
    expect(chain.resellerPrice?.toFixed(2)).toBe('18.80');
    expect(chain.sellerPrice.toFixed(2)).toBe('19.20');
    expect(chain.margins.owner?.toFixed(2)).toBe('0.70');
    expect(chain.margins.reseller?.toFixed(2)).toBe('0.40');
    expect(chain.margins.seller.toFixed(2)).toBe('0.80');
    expect(
      marginViolations({ face: '20', stockOwner: 'platform', resellerDiscount: '6', sellerDiscount: '4' }),
    ).toEqual([]);
  });

  it("prices a reseller's own stock without a reseller price", () => {
    const chain = priceChain({ face: '10', stockOwner: 'reseller', sellerDiscount: '5', highestCost: '9.00' });
    expect(chain.resellerPrice).toBeNull();
    expect(chain.sellerPrice.toFixed(2)).toBe('9.50');
    expect(chain.margins.reseller?.toFixed(2)).toBe('0.50');
  });

  it('refuses plans that make a margin negative', () => {
    // The seller gets more discount than the reseller has: the reseller would sell below its price.
    expect(
      marginViolations({ face: '10', stockOwner: 'platform', resellerDiscount: '3', sellerDiscount: '3.5' }),
    ).toEqual(['reseller']);
    // The reseller price is below the highest cost of the stock for sale.
    expect(
      marginViolations({
        face: '10',
        stockOwner: 'platform',
        resellerDiscount: '8',
        sellerDiscount: '2',
        highestCost: '9.21',
      }),
    ).toEqual(['owner']);
    expect(marginViolations({ face: '10', stockOwner: 'reseller', sellerDiscount: '10', highestCost: '9.01' })).toEqual(
      ['reseller'],
    );
    expect(resellerPlanViolations('10', '8', '9.21')).toEqual(['owner']);
    expect(resellerPlanViolations('10', '8', '9.20')).toEqual([]);
    expect(resellerPlanViolations('10', '8', null)).toEqual([]);
  });

  it('accepts a zero margin (equal discounts, cost equal to price)', () => {
    expect(
      marginViolations({ face: '10', stockOwner: 'platform', resellerDiscount: '5', sellerDiscount: '5' }),
    ).toEqual([]);
    expect(marginViolations({ face: '10', stockOwner: 'reseller', sellerDiscount: '10', highestCost: '9' })).toEqual(
      [],
    );
  });

  it('judges margins after rounding, as they will be charged', () => {
    // R = 14.625 → 14.63 and S = 14.6265 → 14.63: equal after rounding, so no negative margin.
    expect(
      marginViolations({ face: '15', stockOwner: 'platform', resellerDiscount: '2.5', sellerDiscount: '2.49' }),
    ).toEqual([]);
  });

  it('needs a positive face value and the reseller discount for platform stock', () => {
    expect(() => priceChain({ face: '0', stockOwner: 'reseller', sellerDiscount: '1' })).toThrow(RangeError);
    expect(() => priceChain({ face: '10', stockOwner: 'platform', sellerDiscount: '1' })).toThrow(RangeError);
  });

  it('keeps S ≥ R exactly when the seller discount is at most the reseller discount', () => {
    const percent = fc.integer({ min: 0, max: 10_000 }).map((n) => new Decimal(n).dividedBy(100));
    const face = fc.integer({ min: 1, max: 50_000 }).map((n) => new Decimal(n).dividedBy(100));
    fc.assert(
      fc.property(face, percent, percent, (f, dr, ds) => {
        const chain = priceChain({ face: f, stockOwner: 'platform', resellerDiscount: dr, sellerDiscount: ds });
        // Rounding is monotone, so a smaller discount can never give a lower price.
        if (ds.lte(dr)) expect(chain.margins.reseller?.gte(0)).toBe(true);
        expect(chain.sellerPrice.decimalPlaces()).toBeLessThanOrEqual(2);
        expect(chain.margins.seller.gte(0)).toBe(true);
      }),
    );
  });
});
