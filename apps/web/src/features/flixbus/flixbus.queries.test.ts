import { describe, expect, it } from 'vitest';
import { phoneE164 } from './flixbus.queries.ts';

describe('the booking’s contact phone', () => {
  it('reads German numbers as dialled and foreign ones with their country code, in E.164', () => {
    expect(phoneE164('0176 1234 5678')).toBe('+4917612345678');
    expect(phoneE164('+49 30 123456')).toBe('+4930123456');
    expect(phoneE164('+43 664 1234567')).toBe('+436641234567');
  });

  it('refuses what is no phone number', () => {
    expect(phoneE164('123')).toBeNull();
    expect(phoneE164('')).toBeNull();
    expect(phoneE164('Erika')).toBeNull();
  });
});
