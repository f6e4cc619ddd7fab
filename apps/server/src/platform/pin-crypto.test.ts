import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type KeyRing, ring, singleKeyRing } from './keys.ts';
import { createPinCrypto, encryptionKeyIdOf, indexKeyIdOf, maskPin, pinHint } from './pin-crypto.ts';

const keys = { pinEncryption: singleKeyRing(randomBytes(32)), pinIndex: singleKeyRing(randomBytes(32)) };
const crypto = createPinCrypto(keys);

/** A ring of the given keys by id, writing with `active`. */
const ringOf = (active: number, entries: [number, Buffer][]): KeyRing<Buffer> => ({ active, keys: new Map(entries) });

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
    tampered[tampered.length - 1]! ^= 1;
    expect(() => crypto.decrypt(tampered)).toThrow();
    const other = createPinCrypto({ pinEncryption: singleKeyRing(randomBytes(32)), pinIndex: keys.pinIndex });
    expect(() => other.decrypt(sealed)).toThrow();
  });

  it('indexes exactly: the same PIN gives the same index, any change another one, and the key matters', () => {
    expect(crypto.index('123456789012')).toBe(crypto.index('123456789012'));
    expect(crypto.index('123456789012')).not.toBe(crypto.index('123456789013'));
    expect(crypto.index('ABCD')).not.toBe(crypto.index('abcd'));
    const other = createPinCrypto({ pinEncryption: keys.pinEncryption, pinIndex: singleKeyRing(randomBytes(32)) });
    expect(other.index('123456789012')).not.toBe(crypto.index('123456789012'));
  });
});

describe('PIN crypto across a key rotation (decision 0148)', () => {
  const k0 = randomBytes(32);
  const k1 = randomBytes(32);
  const i0 = randomBytes(32);
  const i7 = randomBytes(32);

  it('keeps key 0 in the format written before key ids: version 1, a bare hex index', () => {
    // What the previous release wrote, built here by hand: version(1) | iv | tag | body under the single key.
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', k0, iv);
    const body = Buffer.concat([cipher.update('5555-6666-7777', 'utf8'), cipher.final()]);
    const legacy = Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]);
    const single = createPinCrypto({ pinEncryption: singleKeyRing(k0), pinIndex: singleKeyRing(i0) });
    expect(single.decrypt(legacy)).toBe('5555-6666-7777');
    expect(single.encrypt('x')[0]).toBe(1);
    expect(single.encrypt('x')).toHaveLength(1 + 12 + 16 + 1);
    expect(single.index('5555')).toBe(createHmac('sha256', i0).update('5555').digest('hex'));
    expect(single.indexes('5555')).toEqual([single.index('5555')]);
  });

  it('writes under the active key with its id, and reads under whichever key a ciphertext names', () => {
    const before = createPinCrypto({ pinEncryption: ringOf(0, [[0, k0]]), pinIndex: ringOf(0, [[0, i0]]) });
    // Step 1: every copy knows key 1, still writing with key 0.
    const knowing = createPinCrypto({
      pinEncryption: ringOf(0, [
        [0, k0],
        [1, k1],
      ]),
      pinIndex: ringOf(0, [[0, i0]]),
    });
    // Step 2: key 1 active.
    const after = createPinCrypto({
      pinEncryption: ringOf(1, [
        [0, k0],
        [1, k1],
      ]),
      pinIndex: ringOf(0, [[0, i0]]),
    });
    const old = before.encrypt('PIN-OLD-0001');
    const fresh = after.encrypt('PIN-NEW-0002');
    expect(encryptionKeyIdOf(old)).toBe(0);
    expect(encryptionKeyIdOf(fresh)).toBe(1);
    expect(fresh.subarray(0, 2)).toEqual(Buffer.from([2, 1]));
    expect(encryptionKeyIdOf(knowing.encrypt('x'))).toBe(0);
    for (const c of [knowing, after]) {
      expect(c.decrypt(old)).toBe('PIN-OLD-0001');
      expect(c.decrypt(fresh)).toBe('PIN-NEW-0002');
    }
    // A copy that never learnt key 1 cannot read what it wrote: why step 1 reaches every copy first.
    expect(() => before.decrypt(fresh)).toThrow(/key 1/);
    // The key id is authenticated only through the key it picks: another id is another key, and fails.
    const relabelled = Buffer.from(fresh);
    relabelled[1] = 0;
    expect(() => after.decrypt(relabelled)).toThrow();
    expect(() => after.decrypt(Buffer.from([3, 1, 2, 3]))).toThrow('unknown PIN ciphertext version');
  });

  it('indexes under the active key for new rows and under every key for a search, the active one first', () => {
    const c = createPinCrypto({
      pinEncryption: singleKeyRing(k0),
      pinIndex: ringOf(7, [
        [0, i0],
        [7, i7],
      ]),
    });
    const hex7 = createHmac('sha256', i7).update('123456789012').digest('hex');
    const hex0 = createHmac('sha256', i0).update('123456789012').digest('hex');
    expect(c.index('123456789012')).toBe(`7:${hex7}`);
    expect(c.indexes('123456789012')).toEqual([`7:${hex7}`, hex0]);
    expect(indexKeyIdOf(`7:${hex7}`)).toBe(7);
    expect(indexKeyIdOf(hex0)).toBe(0);
    expect(c.active).toEqual({ encryption: 0, index: 7 });
  });
});

describe('key rings from configuration', () => {
  const b64 = () => randomBytes(32).toString('base64');
  const decode = (v: string) => Buffer.from(v, 'base64');

  it('puts the single variable under id 0 and the list under its ids, active as configured', () => {
    const r = ring('PIN_ENCRYPTION_KEY', b64(), ` 1:${b64()}, 2:${b64()} `, 2, decode);
    expect([...r.keys.keys()]).toEqual([0, 1, 2]);
    expect(r.active).toBe(2);
    expect(ring('PIN_ENCRYPTION_KEY', undefined, `3:${b64()}`, 3, decode).keys.has(0)).toBe(false);
  });

  it('refuses an active id the ring lacks, a duplicate or out-of-range id, naming no key', () => {
    const secret = b64();
    const attempts = [
      () => ring('PIN_INDEX_KEY', secret, `1:${secret}`, 2, decode),
      () => ring('PIN_INDEX_KEY', secret, `1:${secret},1:${secret}`, 1, decode),
      () => ring('PIN_INDEX_KEY', secret, `0:${secret}`, 0, decode),
      () => ring('PIN_INDEX_KEY', secret, `256:${secret}`, 0, decode),
      () => ring('PIN_INDEX_KEY', undefined, `${secret}`, 0, decode),
    ];
    for (const attempt of attempts) {
      expect(attempt).toThrow(/PIN_INDEX_KEY/);
      try {
        attempt();
      } catch (e) {
        expect(String(e)).not.toContain(secret);
      }
    }
  });
});

describe('masking and formula escaping', () => {
  it('masks to the last 4 characters', () => {
    expect(maskPin(pinHint('1234567890123456'), 16)).toBe('************3456');
    expect(maskPin(pinHint('12'), 2)).toBe('12');
    expect(pinHint('abcdefgh')).toBe('efgh');
  });
});
