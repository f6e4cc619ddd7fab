import { describe, expect, it } from 'vitest';
import { amountForInput, amountOrUndefined, amountProblem, normaliseAmount } from './amount.ts';

describe('normaliseAmount', () => {
  it.each([
    ['100', '100'],
    ['100,5', '100.5'],
    ['1.234,50', '1234.50'],
    ['1,234.50', '1234.50'],
    [' 12,34 € ', '12.34'],
    ['0.0001', '0.0001'],
  ])('%s → %s', (text, expected) => {
    expect(normaliseAmount(text)).toBe(expected);
  });
});

describe('normaliseAmount as the user’s language writes numbers', () => {
  it.each([
    ['de', '1.500', '1500'],
    ['de', '1.234,56', '1234.56'],
    ['de', '15,00', '15.00'],
    ['de', '4,5', '4.5'],
    ['de', '10.00', '10.00'],
    ['de', '1.500.000', '1500000'],
    ['fr', '1 234,56', '1234.56'],
    ['fr', '1\u202f234,56', '1234.56'],
    ['nl', '1.500', '1500'],
    ['tr', '12,5', '12.5'],
    ['en', '1,500', '1500'],
    ['en', '1.500', '1.500'],
    ['en', '1,234.56', '1234.56'],
    ['en', '15,00', '15.00'],
    ['de', '-4,5', '-4.5'],
  ])('%s: %s → %s', (language, text, expected) => {
    expect(normaliseAmount(text, language)).toBe(expected);
  });

  it('leaves what cannot be read for the format rule', () => {
    for (const text of ['1,2,3', '1.2.3', 'abc', '12.'])
      expect(amountProblem(text, { language: 'de' }), text).toBe('format');
  });

  it('writes the API’s decimal back as the user’s language does in a field', () => {
    expect(amountForInput('1234.5', 'de')).toBe('1234,5');
    expect(amountForInput('1234.5', 'en')).toBe('1234.5');
    expect(amountForInput(null, 'de')).toBe('');
  });
});

describe('amountProblem', () => {
  it('wants an amount to be filled (spec section 5)', () => {
    expect(amountProblem('')).toBe('required');
    expect(amountProblem('  ')).toBe('required');
    expect(amountProblem('', { optional: true })).toBeNull();
  });

  it('refuses what is not a decimal with at most 4 places', () => {
    for (const text of ['abc', '-5', '1e3', '1.23456', '1,2,3', '12.'])
      expect(amountProblem(text), text).toBe('format');
  });

  it('refuses zero where the amount must be positive', () => {
    expect(amountProblem('0', { positive: true })).toBe('positive');
    expect(amountProblem('0,00', { positive: true })).toBe('positive');
    expect(amountProblem('0,01', { positive: true })).toBeNull();
    expect(amountProblem('0')).toBeNull();
  });

  it('gives undefined for an empty optional field', () => {
    expect(amountOrUndefined(' ')).toBeUndefined();
    expect(amountOrUndefined('5,5')).toBe('5.5');
  });
});
