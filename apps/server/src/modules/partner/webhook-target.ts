import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Where a webhook may not go (SSRF, decision 0097): loopback, private, carrier-grade NAT, link-local (with the
 * cloud metadata address 169.254.169.254), multicast and reserved ranges, in IPv4 and IPv6.
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
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  REFUSED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['fd00:ec2::', 32],
] as const)
  REFUSED.addSubnet(net, bits, 'ipv6');

export function isRefusedAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(mapped)) return REFUSED.check(mapped, 'ipv4');
  if (isIP(mapped) === 6) return REFUSED.check(mapped, 'ipv6');
  return true;
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
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = allowPrivate ? undefined : addresses.find((a) => isRefusedAddress(a.address));
      if (refused) return callback(new RefusedTarget(refused.address), []);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** An address written into the URL itself is never looked up, so it is judged here. */
export function assertTargetHost(hostname: string, allowPrivate: boolean): void {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (!allowPrivate && isIP(host) && isRefusedAddress(host)) throw new RefusedTarget(host);
}
