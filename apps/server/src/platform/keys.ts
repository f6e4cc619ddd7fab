import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';

export interface Keys {
  /** RSA private key (PEM) for the sign-in JWE. */
  loginKey: string;
  pinEncryptionKey: Buffer;
  pinIndexKey: Buffer;
}

/**
 * Keys come from configuration, shared by every copy. For the embedded default they are generated
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
  const loginKey =
    cfg.LOGIN_KEY ??
    fromFile('login-key.pem', () =>
      generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    );
  const pinEncryptionKey =
    cfg.PIN_ENCRYPTION_KEY ?? fromFile('pin-encryption.key', () => randomBytes(32).toString('base64'));
  const pinIndexKey = cfg.PIN_INDEX_KEY ?? fromFile('pin-index.key', () => randomBytes(32).toString('base64'));
  return {
    loginKey: loginKey.replace(/\\n/g, '\n'),
    pinEncryptionKey: decodeKey('PIN_ENCRYPTION_KEY', pinEncryptionKey),
    pinIndexKey: decodeKey('PIN_INDEX_KEY', pinIndexKey),
  };
}

function decodeKey(name: string, value: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, base64-encoded`);
  return key;
}

/** Keys for tests: generated in memory, never written anywhere. */
export function testKeys(): Keys {
  return {
    loginKey: generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    pinEncryptionKey: randomBytes(32),
    pinIndexKey: randomBytes(32),
  };
}
