import { describe, expect, it } from 'vitest';
import { germanMobileE164 } from './direct-recharge.queries.ts';

describe('germanMobileE164', () => {
  it('takes a German mobile number however it is dialled', () => {
    for (const input of ['0176 1234 5100', '+49 176 12345100', '0049 176 1234 5100', ' 01761234-5100 ']) {
      expect(germanMobileE164(input), input).toBe('+4917612345100');
    }
    expect(germanMobileE164('0151 2345 6100')).toBe('+4915123456100');
  });

  it('refuses landlines, foreign numbers and incomplete ones', () => {
    for (const input of ['030 1234567', '+90 532 123 4100', '0176 12', '123', '']) {
      expect(germanMobileE164(input), input).toBeNull();
    }
  });
});
