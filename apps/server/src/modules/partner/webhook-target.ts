import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Where a webhook may not go (SSRF, decision 0097): loopback, private, carrier-grade NAT, link-local (with the
 * cloud metadata address 169.254.169.254), multicast, reserved and documentation ranges, in IPv4 and IPv6; and the
 * IPv6 forms that carry an IPv4 address a router may turn back into it (see `embeddedIpv4`).
 */
const REFUSED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  // Documentation (TEST-NET-1, -2, -3) and the retired 6to4 relay anycast.
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  REFUSED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // IPv4-compatible (`::a.b.c.d`, deprecated; `::` and `::1` included): never a real peer, so refused whole.
  ['::', 96],
  // Local-use NAT64 (RFC 8215): the IPv4 address sits where the operator chose, so it cannot be read back.
  ['64:ff9b:1::', 48],
  // Discard-only (RFC 6666).
  ['100::', 64],
  // Teredo: the client's IPv4 address is scrambled into it.
  ['2001::', 32],
  // ORCHID v1 and v2, documentation (RFC 3849, RFC 9637).
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local (deprecated).
  ['fec0::', 10],
  ['ff00::', 8],
  ['fd00:ec2::', 32],
] as const)
  REFUSED.addSubnet(net, bits, 'ipv6');

/** An IPv6 address as its 16 bytes (`::` expanded, a dotted IPv4 tail read); null if it is not one. */
export function ipv6Bytes(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = dotted[1]!; // the expression's one group is not optional
    tail.push(...v4.split('.').map(Number));
    text = `${text.slice(0, -v4.length)}0:0`;
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(rest);
  const words = rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  if (words.length !== 8) return null;
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const dottedOf = (b: number[]) => b.join('.');

/**
 * The IPv4 address an IPv6 form carries where it can be read back: IPv4-mapped (`::ffff:a.b.c.d`), well-known
 * NAT64 (`64:ff9b::a.b.c.d`, RFC 6052: a NAT64 gateway connects to that IPv4 address) and 6to4 (`2002:aabb:ccdd::/48`,
 * the relay sends to `aa.bb.cc.dd`). Such an address is judged as the IPv4 address it reaches.
 */
export function embeddedIpv4(bytes: number[]): string | null {
  const zeros = (n: number) => Array(n).fill(0);
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff])) return dottedOf(bytes.slice(12));
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, ...zeros(8)])) return dottedOf(bytes.slice(12));
  if (startsWith(bytes, [0x20, 0x02])) return dottedOf(bytes.slice(2, 6));
  return null;
}

export function isRefusedAddress(address: string): boolean {
  // A zone (`fe80::1%eth0`) says which interface, not which address.
  const plain = address.split('%')[0]!; // split answers at least one part
  if (isIPv4(plain)) return REFUSED.check(plain, 'ipv4');
  const bytes = ipv6Bytes(plain);
  if (!bytes) return true;
  const v4 = embeddedIpv4(bytes);
  if (v4) return REFUSED.check(v4, 'ipv4');
  return REFUSED.check(plain, 'ipv6');
}

export class RefusedTarget extends Error {
  readonly address: string;
  constructor(address: string) {
    super(`address_not_allowed: ${address}`);
    this.address = address;
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup for the HTTP client that refuses a name resolving to a refused address. It is the lookup of the
 * connection itself, so a name cannot resolve to a public address when checked and a private one when used.
 */
export function guardedLookup(allowPrivate: boolean, resolve: typeof dnsLookup = dnsLookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = allowPrivate ? undefined : addresses.find((a) => isRefusedAddress(a.address));
      if (refused) return callback(new RefusedTarget(refused.address), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      return callback(null, first.address, first.family);
    });
  };
}

/** An address written into the URL itself is never looked up, so it is judged here. */
export function assertTargetHost(hostname: string, allowPrivate: boolean): void {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (!allowPrivate && isIP(host) && isRefusedAddress(host)) throw new RefusedTarget(host);
}
