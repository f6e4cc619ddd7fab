import { describe, expect, it } from 'vitest';
import { countryList, toE164 } from './countries.ts';
import { REGIONS, regionOf } from './regions.ts';

describe('the international top-up country list', () => {
  it('holds about 240 countries with flag, ISO codes and dial code, named in the language asked', () => {
    const de = countryList('de');
    expect(de.length).toBeGreaterThan(230);
    expect(de.find((c) => c.iso2 === 'TR')).toEqual({
      iso2: 'TR',
      iso3: 'TUR',
      name: 'Türkei',
      flag: '🇹🇷',
      dialCode: '90',
    });
    expect(countryList('fr').find((c) => c.iso2 === 'DE')?.name).toBe('Allemagne');
  });

  it('accepts a valid number of the chosen country only, as E.164', () => {
    expect(toE164('0532 123 41 00', 'TR')).toBe('+905321234100');
    expect(toE164('+90 532 123 4100', 'TR')).toBe('+905321234100');
    expect(toE164('532', 'TR')).toBeNull();
    expect(toE164('+4915112345678', 'TR')).toBeNull();
  });

  it('puts every country in one region, each region holding some', () => {
    const list = countryList('en');
    expect(list.filter((c) => regionOf(c.iso2) === undefined).map((c) => c.iso2)).toEqual([]);
    for (const region of REGIONS)
      expect(
        list.some((c) => regionOf(c.iso2) === region),
        region,
      ).toBe(true);
    expect([regionOf('DE'), regionOf('TR'), regionOf('MA'), regionOf('SG'), regionOf('NG')]).toEqual([
      'europe',
      'asia',
      'africa',
      'asia',
      'africa',
    ]);
    expect([regionOf('US'), regionOf('BR'), regionOf('AU')]).toEqual(['north_america', 'south_america', 'oceania']);
  });
});
