import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import type { Keys } from './keys.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** version(1) | iv | tag | body: written under key 0, the original key, before key ids existed. */
const V1_KEY0 = 1;
/** version(2) | key id(1) | iv | tag | body. */
const V2_KEY_ID = 2;

/**
 * PINs at rest (ARCHITECTURE.md "secrets at rest"): AES-256-GCM, and an HMAC-SHA256 blind index for exact-match
 * duplicate checks and PIN search. A dump holds neither the PIN nor anything that lets someone test guesses
 * without the index key.
 *
 * Each ciphertext and each index names its key (decision 0148), so keys rotate without downtime: written under
 * the ring's active key, read under whichever key it names. Under key 0 both keep the format they had before key
 * ids (a version-1 ciphertext, a bare 64-digit hex index), so a copy of the previous release reads what this one
 * writes until a second key is made active. An index under key n ≥ 1 is `n:hex`.
 */
export function createPinCrypto(keys: Pick<Keys, 'pinEncryption' | 'pinIndex'>) {
  // Key objects made once, found by id in an array: the purchase decrypts every PIN it sells through here.
  const encryptionKeys: (KeyObject | undefined)[] = [];
  for (const [id, key] of keys.pinEncryption.keys) encryptionKeys[id] = createSecretKey(key);
  const activeId = keys.pinEncryption.active;
  const activeKey = encryptionKeys[activeId] as KeyObject;
  const header = activeId === 0 ? Buffer.from([V1_KEY0]) : Buffer.from([V2_KEY_ID, activeId]);
  // The active index key first: the one new rows are written with and the one a search most likely meets.
  const indexKeys = [...keys.pinIndex.keys]
    .sort(([a], [b]) => (a === keys.pinIndex.active ? -1 : b === keys.pinIndex.active ? 1 : a - b))
    .map(([id, key]) => ({ id, key: createSecretKey(key) }));

  function encrypt(plain: string | Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', activeKey, iv);
    const body = Buffer.concat([
      cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain),
      cipher.final(),
    ]);
    return Buffer.concat([header, iv, cipher.getAuthTag(), body]);
  }

  function decryptBytes(sealed: Buffer): Buffer {
    const id = encryptionKeyIdOf(sealed);
    const key = encryptionKeys[id];
    if (!key) throw new Error(`PIN ciphertext under key ${id}, which this copy's PIN_ENCRYPTION_KEYS lack`);
    const start = sealed[0] === V1_KEY0 ? 1 : 2;
    const iv = sealed.subarray(start, start + IV_BYTES);
    const tag = sealed.subarray(start + IV_BYTES, start + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(start + IV_BYTES + TAG_BYTES)), decipher.final()]);
  }

  const indexUnder = (k: { id: number; key: KeyObject }, pin: string) => {
    const hex = createHmac('sha256', k.key).update(pin, 'utf8').digest('hex');
    return k.id === 0 ? hex : `${k.id}:${hex}`;
  };

  return {
    encrypt,
    decryptBytes,
    decrypt: (sealed: Buffer): string => decryptBytes(sealed).toString('utf8'),
    /**
     * The index under the active key, what a new row stores. Exact match only: the PIN as printed on the card,
     * no case folding or trimming beyond the caller's.
     */
    index: (pin: string): string => {
      const [active] = indexKeys;
      if (!active) throw new Error('the PIN index key ring is empty');
      return indexUnder(active, pin);
    },
    /**
     * The index under every key of the ring, the active one first: what a duplicate check or a PIN search
     * compares with, so a row not yet re-indexed after a rotation is still found.
     */
    indexes: (pin: string): string[] => indexKeys.map((k) => indexUnder(k, pin)),
    /** The ids a rotation moves every row to. */
    active: { encryption: activeId, index: keys.pinIndex.active },
  };
}
export type PinCrypto = ReturnType<typeof createPinCrypto>;

/** The key id a ciphertext names; throws on a format this code never wrote. */
export function encryptionKeyIdOf(sealed: Buffer): number {
  if (sealed[0] === V1_KEY0) return 0;
  if (sealed[0] === V2_KEY_ID && sealed.length > 1) return sealed[1]!;
  throw new Error('unknown PIN ciphertext version');
}

/** The key id a blind index names: none (bare hex) is key 0. */
export function indexKeyIdOf(index: string): number {
  const colon = index.indexOf(':');
  return colon < 0 ? 0 : Number(index.slice(0, colon));
}

/** The last 4 characters, the only part of a PIN kept in clear, for masked display. */
export function pinHint(pin: string): string {
  return pin.slice(-4);
}

/** A PIN masked to its last 4 characters: everywhere except the buyer's receipt, reprint and download. */
export function maskPin(hint: string, length: number): string {
  const shown = hint.slice(-4);
  return `${'*'.repeat(Math.max(0, length - shown.length))}${shown}`;
}
