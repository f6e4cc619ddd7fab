import { describe, expect, it } from 'vitest';
import { ipAllowed } from './ip-allow-list.ts';

describe('ipAllowed', () => {
  it('matches single addresses and CIDR ranges of both families', () => {
    const list = ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'];
    expect(ipAllowed('203.0.113.7', list)).toBe(true);
    expect(ipAllowed('203.0.113.8', list)).toBe(false);
    expect(ipAllowed('198.51.100.200', list)).toBe(true);
    expect(ipAllowed('198.51.101.1', list)).toBe(false);
    expect(ipAllowed('2001:db8:1::5', list)).toBe(true);
    expect(ipAllowed('2001:db9::5', list)).toBe(false);
  });

  it('reads an IPv4 caller on a dual-stack socket as IPv4', () => {
    expect(ipAllowed('::ffff:203.0.113.7', ['203.0.113.7'])).toBe(true);
  });

  it('allows nobody with an empty list, and nothing that is not an address', () => {
    expect(ipAllowed('203.0.113.7', [])).toBe(false);
    expect(ipAllowed('localhost', ['127.0.0.1'])).toBe(false);
  });
});
