import { describe, expect, it } from 'vitest';
import { coerceForm } from './coerce.ts';

describe('coerceForm', () => {
  it('turns form strings into the JSON shape the schemas expect', () => {
    expect(
      coerceForm({
        page: '2',
        amount: '12.50',
        active: 'true',
        empty: '',
        filters: '{"status":"pending"}',
        ids: ['1', '2'],
        note: 'hello',
      }),
    ).toEqual({ page: 2, amount: 12.5, active: true, filters: { status: 'pending' }, ids: [1, 2], note: 'hello' });
  });

  it('keeps text fields as sent, even when they look numeric', () => {
    expect(coerceForm({ username: '12345', password: '00001111', otp: '012345', mobile: '0049' })).toEqual({
      username: '12345',
      password: '00001111',
      otp: '012345',
      mobile: '0049',
    });
  });

  it('leaves a broken JSON string and numbers with leading zeros as text', () => {
    expect(coerceForm({ filters: '{oops', code: '007' })).toEqual({ filters: '{oops', code: '007' });
  });
});
