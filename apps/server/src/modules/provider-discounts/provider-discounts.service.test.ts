import { describe, expect, it } from 'vitest';
import { chainDiscounts } from './provider-discounts.service.ts';

const DEFAULTS = { reseller: '4', seller: '2' };

describe('the discounts that price a shop’s sale', () => {
  it('are the defaults where nothing is assigned', () => {
    expect(chainDiscounts(DEFAULTS, {}, false)).toEqual({ reseller: '4.00', seller: '2.00' });
  });

  it('take each assignment where there is one', () => {
    expect(chainDiscounts(DEFAULTS, { reseller: '5.5' }, false)).toEqual({ reseller: '5.50', seller: '2.00' });
    expect(chainDiscounts(DEFAULTS, { seller: '3.25' }, false)).toEqual({ reseller: '4.00', seller: '3.25' });
  });

  it('cap the shop’s at its reseller’s, assigned or default, so the reseller never sells at a loss', () => {
    expect(chainDiscounts(DEFAULTS, { reseller: '1.5' }, false)).toEqual({ reseller: '1.50', seller: '1.50' });
    expect(chainDiscounts(DEFAULTS, { reseller: '3', seller: '3.75' }, false)).toEqual({
      reseller: '3.00',
      seller: '3.00',
    });
  });

  it('leave a shop under the platform uncapped: it has no reseller price', () => {
    expect(chainDiscounts(DEFAULTS, { seller: '7' }, true)).toEqual({ reseller: '4.00', seller: '7.00' });
  });
});
