import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Whether a caller's address is in a shop's allow-list of addresses and CIDR ranges (`203.0.113.0/24`,
 * `2001:db8::/32`). An empty list allows nobody: the shop names where its till calls from.
 */
export function ipAllowed(ip: string, allowed: readonly string[]): boolean {
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const caller = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const family = isIPv6(caller) ? 'ipv6' : isIPv4(caller) ? 'ipv4' : null;
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [first, bits] = entry.split('/');
    const address = first!; // split answers at least one part
    const type = isIPv6(address) ? 'ipv6' : isIPv4(address) ? 'ipv4' : null;
    if (!type) continue;
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list.check(caller, family);
}
