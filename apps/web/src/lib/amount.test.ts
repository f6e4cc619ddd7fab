import { describe, expect, it } from 'vitest';
import { amountOrUndefined, amountProblem, normaliseAmount } from './amount.ts';

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
