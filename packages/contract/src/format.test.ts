import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatMoney, formatPercent } from './format.ts';

// Intl puts a no-break space between amount and symbol.
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('shows euro in German format with 2 decimals whatever the language', () => {
    expect(plain(formatMoney('1234.5'))).toBe('1.234,50 €');
    expect(plain(formatMoney('1234.5', 'EUR', 'en'))).toBe('1.234,50 €');
    expect(plain(formatMoney('0'))).toBe('0,00 €');
  });

  it('rounds half up on the decimal value, never through a float', () => {
    expect(plain(formatMoney('1.005'))).toBe('1,01 €');
    expect(plain(formatMoney('2.675'))).toBe('2,68 €');
    expect(plain(formatMoney('-0.125'))).toBe('-0,13 €');
    expect(plain(formatMoney('9999999999999.995'))).toBe('10.000.000.000.000,00 €');
    expect(plain(formatMoney(new Decimal('123456789012345678.005')))).toBe('123.456.789.012.345.678,01 €');
  });

  it('keeps up to 4 decimals for other currencies', () => {
    expect(plain(formatMoney('12.34567', 'USD', 'en'))).toBe('US$12.3457');
    expect(plain(formatMoney('5', 'TRY', 'de'))).toBe('5 TRY');
  });
});

describe('formatDateTime', () => {
  it('shows Berlin time across daylight saving', () => {
    expect(formatDateTime('2026-07-01T10:00:00Z')).toContain('12:00');
    expect(formatDateTime('2026-12-01T10:00:00Z')).toContain('11:00');
  });
});

describe('formatCount', () => {
  it('shortens counts above 999 with k', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1k');
    expect(formatCount(1550, 'en')).toBe('1.5k');
    expect(formatCount(1550, 'de')).toBe('1,5k');
    expect(formatCount(250_000)).toBe('250k');
  });
});

describe('formatPercent', () => {
  it('writes a discount like euro amounts: German digits, 2 to 4 decimals, exactly as sent', () => {
    expect(formatPercent('6')).toBe('6,00 %');
    expect(formatPercent('6.5')).toBe('6,50 %');
    expect(formatPercent('3.0000')).toBe('3,00 %');
    expect(formatPercent('12.3456')).toBe('12,3456 %');
    expect(formatPercent('100.00')).toBe('100,00 %');
  });
});
