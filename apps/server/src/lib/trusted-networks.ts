// A school's own addresses (tenants.trusted_networks): per-address limits are raised there, because a
// centre registers and signs in a whole class from one NAT address. Stored as a comma-separated list
// of addresses and CIDR ranges, validated by the contract; matched with node:net's BlockList.
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export const parseNetworkList = (stored: string | null): string[] =>
  stored ? stored.split(',').filter((entry) => entry !== '') : [];

export const formatNetworkList = (networks: readonly string[]): string | null =>
  networks.length === 0 ? null : [...new Set(networks)].join(',');

/** One matcher per stored list, kept while the list is unchanged (tenant rows are cached too). */
const matchers = new Map<string, BlockList>();
const MAX_MATCHERS = 1000;

function matcherOf(stored: string): BlockList {
  let list = matchers.get(stored);
  if (list) return list;
  list = new BlockList();
  for (const entry of parseNetworkList(stored)) {
    const [address = '', prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    if (!family) continue;
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  if (matchers.size >= MAX_MATCHERS) matchers.clear();
  matchers.set(stored, list);
  return list;
}

/** True when `ip` (as Fastify reports it, IPv4-mapped IPv6 included) is one of the school's own. */
export function isTrustedAddress(stored: string | null, ip: string | undefined): boolean {
  if (!stored || !ip) return false;
  const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const family = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : null;
  return family !== null && matcherOf(stored).check(plain, family);
}
