import { base64url, CompactEncrypt, importJWK, type JWK } from 'jose';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of a random id kept on this device plus the browser's user agent: the server's "device fingerprint". */
export async function deviceFingerprint(): Promise<string> {
  let deviceId = storage.getItem(STORAGE_KEYS.deviceId);
  if (!deviceId) {
    deviceId = crypto.randomUUID();
    storage.setItem(STORAGE_KEYS.deviceId, deviceId);
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(deviceId + navigator.userAgent));
  return hex(digest);
}

/** The sign-in payload as a compact JWE for the organisation's public key; nonce and iat stop replays. */
export async function encryptLogin(
  loginKey: Record<string, unknown>,
  username: string,
  password: string,
  clockOffsetMs: number,
) {
  const payload = {
    username,
    password,
    fingerprint: await deviceFingerprint(),
    nonce: base64url.encode(crypto.getRandomValues(new Uint8Array(16))),
    // Dated by the server's clock (p_check's server_time): a counter PC whose clock is off still signs in.
    iat: Math.floor((Date.now() + clockOffsetMs) / 1000),
  };
  const key = await importJWK(loginKey as JWK, 'RSA-OAEP-256');
  return (
    new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
      // The key's id picks the server's private key: a key handed out before a rotation still works (decision 0148).
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: String(loginKey.kid) })
      .encrypt(key)
  );
}
