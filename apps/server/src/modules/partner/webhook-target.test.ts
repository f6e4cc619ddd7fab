import { describe, expect, it } from 'vitest';
import { assertTargetHost, guardedLookup, isRefusedAddress, RefusedTarget } from './webhook-target.ts';

describe('webhook targets', () => {
  it('refuses loopback, private, link-local and metadata addresses, and allows public ones', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '::1'])
      expect(isRefusedAddress(a), a).toBe(true);
    for (const a of ['fe80::1', 'fd12::1', '::ffff:127.0.0.1', '0.0.0.0']) expect(isRefusedAddress(a), a).toBe(true);
    for (const a of ['203.0.113.7', '8.8.8.8', '2001:4860:4860::8888']) expect(isRefusedAddress(a), a).toBe(false);
  });

  it('refuses an address in the URL and a name that resolves to a refused address', async () => {
    expect(() => assertTargetHost('169.254.169.254', false)).toThrow(RefusedTarget);
    expect(() => assertTargetHost('[::1]', false)).toThrow(RefusedTarget);
    expect(() => assertTargetHost('127.0.0.1', true)).not.toThrow();
    const resolved = await new Promise<unknown>((resolve) =>
      guardedLookup(false)('localhost', {}, (err, address) => resolve(err ?? address)),
    );
    expect(resolved).toBeInstanceOf(RefusedTarget);
    const allowed = await new Promise<unknown>((resolve) =>
      guardedLookup(true)('localhost', {}, (err, address) => resolve(err ?? address)),
    );
    expect(typeof allowed).toBe('string');
  });
});
