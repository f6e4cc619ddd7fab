import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPinCrypto, maskPin, pinHint } from './pin-crypto.ts';

const keys = { pinEncryptionKey: randomBytes(32), pinIndexKey: randomBytes(32) };
const crypto = createPinCrypto(keys);

describe('PIN crypto', () => {
  it('encrypts with a fresh IV each time and decrypts back', () => {
    const a = crypto.encrypt('1234-5678-9012');
    const b = crypto.encrypt('1234-5678-9012');
    expect(a.equals(b)).toBe(false);
    expect(a.includes(Buffer.from('1234-5678-9012'))).toBe(false);
    expect(crypto.decrypt(a)).toBe('1234-5678-9012');
  });

  it('refuses a tampered ciphertext or another key', () => {
    const sealed = crypto.encrypt('123456789012');
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    expect(() => crypto.decrypt(tampered)).toThrow();
    const other = createPinCrypto({ pinEncryptionKey: randomBytes(32), pinIndexKey: keys.pinIndexKey });
    expect(() => other.decrypt(sealed)).toThrow();
  });

  it('indexes exactly: the same PIN gives the same index, any change another one, and the key matters', () => {
    expect(crypto.index('123456789012')).toBe(crypto.index('123456789012'));
    expect(crypto.index('123456789012')).not.toBe(crypto.index('123456789013'));
    expect(crypto.index('ABCD')).not.toBe(crypto.index('abcd'));
    const other = createPinCrypto({ pinEncryptionKey: keys.pinEncryptionKey, pinIndexKey: randomBytes(32) });
    expect(other.index('123456789012')).not.toBe(crypto.index('123456789012'));
  });
});

describe('masking and formula escaping', () => {
  it('masks to the last 4 characters', () => {
    expect(maskPin(pinHint('1234567890123456'), 16)).toBe('************3456');
    expect(maskPin(pinHint('12'), 2)).toBe('12');
    expect(pinHint('abcdefgh')).toBe('efgh');
  });
});
