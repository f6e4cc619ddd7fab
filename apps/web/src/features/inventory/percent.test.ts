import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent.ts';

describe('formatPercent', () => {
  it('writes a discount like euro amounts: German digits, 2 to 4 decimals, exactly as sent', () => {
    expect(formatPercent('6')).toBe('6,00 %');
    expect(formatPercent('6.5')).toBe('6,50 %');
    expect(formatPercent('12.3456')).toBe('12,3456 %');
    expect(formatPercent('100.00')).toBe('100,00 %');
  });
});
