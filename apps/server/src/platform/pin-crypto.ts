import { createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes } from 'node:crypto';
import type { Keys } from './keys.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 1;

/**
 * PINs at rest (ARCHITECTURE.md "secrets at rest"): AES-256-GCM under `keys.pinEncryptionKey`, stored
 * as version(1) | iv(12) | tag(16) | ciphertext, and an HMAC-SHA256 blind index under
 * `keys.pinIndexKey` for exact-match duplicate checks and PIN search. A dump holds neither the PIN nor
 * anything that lets someone test guesses without the index key.
 */
export function createPinCrypto(keys: Pick<Keys, 'pinEncryptionKey' | 'pinIndexKey'>) {
  // Key objects made once: a raw key buffer is turned into one on every cipher call otherwise.
  const encryptionKey = createSecretKey(keys.pinEncryptionKey);
  const indexKey = createSecretKey(keys.pinIndexKey);
  function encrypt(plain: string | Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
    const body = Buffer.concat([
      cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain),
      cipher.final(),
    ]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  }

  function decryptBytes(sealed: Buffer): Buffer {
    if (sealed[0] !== VERSION) throw new Error('unknown PIN ciphertext version');
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
  }

  return {
    encrypt,
    decryptBytes,
    decrypt: (sealed: Buffer): string => decryptBytes(sealed).toString('utf8'),
    /** Exact match only: the PIN as printed on the card, no case folding or trimming beyond the caller's. */
    index: (pin: string): string => createHmac('sha256', indexKey).update(pin, 'utf8').digest('hex'),
  };
}
export type PinCrypto = ReturnType<typeof createPinCrypto>;

/** The last 4 characters, the only part of a PIN kept in clear, for masked display. */
export function pinHint(pin: string): string {
  return pin.slice(-4);
}

/** A PIN masked to its last 4 characters: everywhere except the buyer's receipt, reprint and download. */
export function maskPin(hint: string, length: number): string {
  const shown = hint.slice(-4);
  return `${'*'.repeat(Math.max(0, length - shown.length))}${shown}`;
}
