import { describe, expect, it } from 'vitest';
import { passwordSchema } from './password.ts';
import { failedPasswordChecks } from './password-checks.ts';

describe('password rule', () => {
  it('accepts a password with every kind of character and 8 or more characters', () => {
    expect(failedPasswordChecks('Demo#2026')).toEqual([]);
    expect(passwordSchema.safeParse('aB3?efgh').success).toBe(true);
  });

  it.each([
    ['aB3?efg', ['length']],
    ['ab3?efgh', ['uppercase']],
    ['AB3?EFGH', ['lowercase']],
    ['aBc?efgh', ['digit']],
    ['aB3defgh', ['symbol']],
    ['aB3^efgh', ['symbol']],
    ['', ['length', 'uppercase', 'lowercase', 'digit', 'symbol']],
  ])('%s fails %j', (password, failed) => {
    expect(failedPasswordChecks(password)).toEqual(failed);
    expect(passwordSchema.safeParse(password).success).toBe(false);
  });

  it('counts each allowed symbol', () => {
    for (const s of '!#$%&@*?') expect(failedPasswordChecks(`aB3${s}efgh`)).toEqual([]);
  });
});
