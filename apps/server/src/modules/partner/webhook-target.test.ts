import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDelivery } from './webhook-sender.ts';
import {
  assertTargetHost,
  embeddedIpv4,
  guardedLookup,
  ipv6Bytes,
  isRefusedAddress,
  RefusedTarget,
} from './webhook-target.ts';
import { type Received, startReceiver } from './webhooks.fixtures.ts';

/** Each refused range with an address inside it; the metadata address in every IPv6 form that carries IPv4. */
const REFUSED: [string, string[]][] = [
  ['loopback, private, CGNAT, link-local', ['127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.1.1', '100.64.0.1']],
  ['cloud metadata', ['169.254.169.254']],
  ['this network, IETF, benchmarking, multicast, reserved', ['0.0.0.0', '192.0.0.8', '198.18.0.1', '224.0.0.1']],
  ['IPv4 documentation TEST-NET-1', ['192.0.2.1', '192.0.2.255']],
  ['IPv4 documentation TEST-NET-2', ['198.51.100.7']],
  ['IPv4 documentation TEST-NET-3', ['203.0.113.7', '203.0.113.0']],
  ['6to4 relay anycast', ['192.88.99.1']],
  ['IPv6 loopback, unspecified, ULA, link-local, multicast', ['::1', '::', 'fd12::1', 'fe80::1', 'fe80::1%eth0']],
  ['IPv4-compatible', ['::169.254.169.254', '::a9fe:a9fe', '::8.8.8.8', '::7f00:1']],
  ['IPv4-mapped with a refused IPv4', ['::ffff:127.0.0.1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe']],
  ['NAT64 well-known with a refused IPv4', ['64:ff9b::169.254.169.254', '64:ff9b::a9fe:a9fe', '64:ff9b::10.0.0.1']],
  ['NAT64 local-use', ['64:ff9b:1::8.8.8.8', '64:ff9b:1:ffff::1']],
  ['6to4 with a refused IPv4', ['2002:a9fe:a9fe::1', '2002:7f00:1::', '2002:c0a8:0101:5::1']],
  ['Teredo', ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2']],
  ['discard-only', ['100::1', '100::ffff:ffff:ffff:ffff']],
  ['IPv6 documentation', ['2001:db8::1', '2001:db8:ffff::', '3fff::1']],
  ['ORCHID, site-local', ['2001:10::1', '2001:20::1', 'fec0::1']],
  ['not an address', ['example.com', '', '1.2.3', '::g']],
];

const ALLOWED = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '192.0.3.1',
  '198.51.101.1',
  '203.0.114.1',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '2001:1::1',
  '100:0:0:1::1',
];

describe('webhook targets', () => {
  it.each(REFUSED)('refuses %s', (_range, addresses) => {
    for (const a of addresses) expect(isRefusedAddress(a), a).toBe(true);
  });

  it('allows public addresses, also where an IPv6 form carries a public IPv4 one', () => {
    for (const a of ALLOWED) expect(isRefusedAddress(a), a).toBe(false);
  });

  it('reads an IPv6 address and the IPv4 address it carries', () => {
    expect(ipv6Bytes('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4]);
    expect(ipv6Bytes('2002:a9fe:a9fe::1')).toEqual([32, 2, 169, 254, 169, 254, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Bytes('1:2:3:4:5:6:7:8')?.slice(14)).toEqual([0, 8]);
    expect(ipv6Bytes('8.8.8.8')).toBeNull();
    expect(embeddedIpv4(ipv6Bytes('64:ff9b::a9fe:a9fe') ?? [])).toBe('169.254.169.254');
    expect(embeddedIpv4(ipv6Bytes('2002:0808:0404::') ?? [])).toBe('8.8.4.4');
    expect(embeddedIpv4(ipv6Bytes('2001:4860::1') ?? [])).toBeNull();
  });

  it('refuses an address written in the URL, in whatever form the URL parser leaves it', () => {
    for (const url of [
      'https://169.254.169.254/x',
      'https://[::169.254.169.254]/x',
      'https://[::ffff:169.254.169.254]/x',
      'https://[64:ff9b::169.254.169.254]/x',
      'https://[64:ff9b:1::1]/x',
      'https://[2002:a9fe:a9fe::]/x',
      'https://[2001::1]/x',
      'https://[100::1]/x',
      'https://[2001:db8::1]/x',
      'https://192.0.2.1/x',
      'https://198.51.100.1/x',
      'https://203.0.113.1/x',
      // Decimal, hexadecimal and short IPv4 forms, which the URL parser turns into dotted ones.
      'https://2852039166/x',
      'https://0xa9.0xfe.0xa9.0xfe/x',
      'https://127.1/x',
    ]) {
      expect(() => assertTargetHost(new URL(url).hostname, false), url).toThrow(RefusedTarget);
    }
    expect(() => assertTargetHost(new URL('https://[2001:4860:4860::8888]/').hostname, false)).not.toThrow();
    expect(() => assertTargetHost('127.0.0.1', true)).not.toThrow();
  });

  it('refuses at resolve time a name with any refused address among those it resolves to', async () => {
    const resolvingTo =
      (...addresses: string[]) =>
      (_host: string, _o: unknown, cb: (err: null, a: LookupAddress[]) => void) =>
        cb(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
    const ask = (allow: boolean, ...addresses: string[]) =>
      new Promise<unknown>((resolve) =>
        guardedLookup(allow, resolvingTo(...addresses) as never)('hook.example', {}, (err, address) =>
          resolve(err ?? address),
        ),
      );
    for (const bad of ['64:ff9b::a9fe:a9fe', '::a9fe:a9fe', '2002:a9fe:a9fe::1', '2001::1', '203.0.113.9']) {
      expect(await ask(false, '8.8.8.8', bad), bad).toBeInstanceOf(RefusedTarget);
    }
    expect(await ask(false, '8.8.8.8', '64:ff9b::808:808')).toBe('8.8.8.8');
    expect(await ask(true, '::a9fe:a9fe')).toBe('::a9fe:a9fe');
    // The real resolver: localhost is loopback.
    const real = await new Promise<unknown>((resolve) =>
      guardedLookup(false)('localhost', {}, (err, address) => resolve(err ?? address)),
    );
    expect(real).toBeInstanceOf(RefusedTarget);
  });
});

describe('a callback URL with a user and password', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => new Promise<void>((r) => receiver.server.close(() => r())));

  it('is called without them: no Basic credentials leave', async () => {
    const url = receiver.base.replace('http://', 'http://shop:secret@');
    const r = await sendDelivery(`${url}/hook`, '{}', {}, true);
    expect(r).toEqual({ status: 200, error: null });
    const got = receiver.received.at(-1) as Received;
    expect(got.path).toBe('/hook');
    expect(got.headers.authorization).toBeUndefined();
  });
});
