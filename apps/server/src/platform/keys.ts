import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';

/**
 * A ring of keys of one purpose (decision 0148): every key a copy may read with, by id, and the one it writes
 * with. Id 0 is the original single key (`PIN_ENCRYPTION_KEY` …); ids 1–255 come from the `*_KEYS` lists.
 */
export interface KeyRing<K> {
  active: number;
  keys: ReadonlyMap<number, K>;
}

export interface Keys {
  /** RSA private keys (PEM) for the sign-in JWE; the active one's public half is handed out. */
  login: KeyRing<string>;
  /** AES-256-GCM: PINs, soft pins, webhook secrets, sealed outbox bodies, encrypted stored files. */
  pinEncryption: KeyRing<Buffer>;
  /** HMAC-SHA256 blind index of PINs. */
  pinIndex: KeyRing<Buffer>;
}

/** A ring of one key under id 0: what a portal without a rotation has. */
export function singleKeyRing<K>(key: K): KeyRing<K> {
  return { active: 0, keys: new Map([[0, key]]) };
}

/**
 * Keys come from configuration, shared by every copy. For the embedded default key 0 of each ring is generated
 * once into `<DATA_DIR>/keys` (mode 600) so a restart keeps sessions, logins and PINs readable.
 */
export function loadKeys(cfg: Config): Keys {
  const dir = resolve(cfg.DATA_DIR, 'keys');
  const fromFile = (name: string, make: () => string): string => {
    const path = join(dir, name);
    if (existsSync(path)) return readFileSync(path, 'utf8');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const value = make();
    writeFileSync(path, value, { mode: 0o600 });
    return value;
  };
  // In production key 0 exists only when its variable is set (a ring may have dropped it after a rotation).
  const original = (value: string | undefined, file: string, make: () => string) =>
    value ?? (cfg.production ? undefined : fromFile(file, make));
  const newPem = () =>
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const newSecret = () => randomBytes(32).toString('base64');
  return {
    login: ring(
      'LOGIN_KEY',
      original(cfg.LOGIN_KEY, 'login-key.pem', newPem),
      cfg.LOGIN_KEYS,
      cfg.LOGIN_KEY_ACTIVE,
      (v) => v.replace(/\\n/g, '\n'),
    ),
    pinEncryption: ring(
      'PIN_ENCRYPTION_KEY',
      original(cfg.PIN_ENCRYPTION_KEY, 'pin-encryption.key', newSecret),
      cfg.PIN_ENCRYPTION_KEYS,
      cfg.PIN_ENCRYPTION_KEY_ACTIVE,
      (v) => decodeKey('PIN_ENCRYPTION_KEY', v),
    ),
    pinIndex: ring(
      'PIN_INDEX_KEY',
      original(cfg.PIN_INDEX_KEY, 'pin-index.key', newSecret),
      cfg.PIN_INDEX_KEYS,
      cfg.PIN_INDEX_KEY_ACTIVE,
      (v) => decodeKey('PIN_INDEX_KEY', v),
    ),
  };
}

/**
 * One ring from the single variable (id 0) and the `id:value,…` list. Refuses a duplicate or out-of-range id and an
 * active id the ring lacks; an error names the variable and the id, never a key.
 */
export function ring<K>(
  name: string,
  original: string | undefined,
  list: string | undefined,
  active: number,
  decode: (value: string) => K,
): KeyRing<K> {
  const keys = new Map<number, K>();
  if (original !== undefined) keys.set(0, decode(original));
  for (const entry of (list ?? '').split(',')) {
    if (entry.trim() === '') continue;
    const colon = entry.indexOf(':');
    const id = Number(entry.slice(0, colon).trim());
    if (colon < 1 || !Number.isInteger(id) || id < 1 || id > 255) {
      throw new Error(`${name}S: each entry is id:key with an id from 1 to 255`);
    }
    if (keys.has(id)) throw new Error(`${name}S: key id ${id} is given twice`);
    keys.set(id, decode(entry.slice(colon + 1)));
  }
  if (!keys.has(active)) throw new Error(`${name}_ACTIVE: the ring has no key ${active}`);
  return { active, keys };
}

function decodeKey(name: string, value: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, base64-encoded`);
  return key;
}

/** Keys for tests: generated in memory, never written anywhere. */
export function testKeys(): Keys {
  return {
    login: singleKeyRing(
      generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    ),
    pinEncryption: singleKeyRing(randomBytes(32)),
    pinIndex: singleKeyRing(randomBytes(32)),
  };
}
