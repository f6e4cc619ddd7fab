import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { fieldChecks } from './field-checks.ts';

// The key stands for the translated text.
const t = ((key: string) => key) as unknown as TFunction;
const check = fieldChecks(t);

describe('fieldChecks', () => {
  it('wants the mobile confirmation to match (spec section 5)', () => {
    expect(check.mobileConfirmation('+49 151 1', '+49 151 1')).toBeNull();
    expect(check.mobileConfirmation('+49 151 2', '+49 151 1')).toBe('form.mobileMismatch');
  });

  it('applies the password rule only when a password is typed where it is optional', () => {
    expect(check.password('', true)).toBeNull();
    expect(check.password('')).toBe('form.password');
    expect(check.password('short#A1')).toBeNull();
    expect(check.password('nouppercase#1')).toBe('form.password');
  });

  it('checks usernames, hosts, callback addresses and IPs with the contract schemas', () => {
    expect(check.username('ab')).toBe('form.usernameFormat');
    expect(check.username('shop.owner@berlin')).toBeNull();
    expect(check.hostName('shop.example.com')).toBeNull();
    expect(check.hostName('not a host')).toBe('form.hostName');
    expect(check.httpsUrl('http://example.com/hook')).toBe('form.httpsUrl');
    expect(check.httpsUrl('https://example.com/hook')).toBeNull();
    expect(check.ips(['10.0.0.1', '::1'])).toBeNull();
    expect(check.ips(['10.0.0.300'])).toBe('form.ipAddress');
  });

  it('checks the invoice data as the server does, IBAN and BIC with spaces and in lower case too', () => {
    expect(check.vatId('DE123456789')).toBeNull();
    expect(check.vatId('DE 12')).toBe('form.vatId');
    expect(check.iban('de89 3704 0044 0532 0130 00')).toBeNull();
    expect(check.iban('DE89')).toBe('form.iban');
    expect(check.bic('cobadeff')).toBeNull();
    expect(check.bic('COBADE')).toBe('form.bic');
    expect(check.vatId('')).toBeNull();
  });

  it('wants amounts filled and positive where the spec says so', () => {
    expect(check.amount('')).toBe('form.amountRequired');
    expect(check.amount('0', { positive: true })).toBe('form.amountPositive');
    expect(check.amount('-1')).toBe('form.amountFormat');
    expect(check.amount('', { optional: true })).toBeNull();
  });

  it('wants a shop to close after it opens', () => {
    expect(check.timeOrder('08:00', '20:00')).toBeNull();
    expect(check.timeOrder('20:00', '08:00')).toBe('form.timeOrder');
  });
});
