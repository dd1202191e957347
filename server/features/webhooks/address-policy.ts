import type { LookupFunction } from 'node:net';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { ResolvedAddress, ResolveHost } from '#server/security/resolve-host';

/**
 * Which addresses a webhook may reach (docs/decisions/0052-webhooks.md): public unicast only, unless the
 * operator allows private ones (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES). An endpoint is checked when it is
 * registered, and again at every delivery against the addresses actually connected to, so a name that
 * resolved to a public address at registration and to 127.0.0.1 later (DNS rebinding) reaches nothing.
 */

/**
 * IPv6 ranges that carry an IPv4 address, or reach IPv4 by a tunnel, which ipaddr.js calls unicast or
 * names by a range of their own. Every one is refused whatever it embeds, except NAT64 (RFC 6052,
 * RFC 8215), whose DNS64 answers on an IPv6-only host are how public IPv4 services are reached: there
 * the embedded IPv4 address (the last 32 bits) must itself be public (docs/decisions/0061-security-review-fixes.md).
 */
const REFUSED_IPV6_RANGES: [ipaddr.IPv6, number][] = [
  // ::/8, reserved by the IETF: the deprecated IPv4-compatible ::/96 (::7f00:1 is ::127.0.0.1), ::1,
  // IPv4-mapped ::ffff:0:0/96 and SIIT's ::ffff:0:0:0/96 among them.
  ipaddr.IPv6.parseCIDR('::/8'),
  ipaddr.IPv6.parseCIDR('2002::/16'), // 6to4 (RFC 3056, deprecated by RFC 7526)
  ipaddr.IPv6.parseCIDR('2001::/32'), // Teredo (RFC 4380)
];
const NAT64_RANGES: [ipaddr.IPv6, number][] = [
  ipaddr.IPv6.parseCIDR('64:ff9b::/96'),
  ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'),
];

/** The IPv4 address in the last 32 bits of an IPv6 one. */
function lastIpv4Of(address: ipaddr.IPv6): ipaddr.IPv4 {
  const parts = address.parts;
  const high = parts[6] ?? 0;
  const low = parts[7] ?? 0;
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function canonicalIpv6(address: string): string | undefined {
  if (!net.isIPv6(address)) return undefined;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/**
 * Public unicast only: ipaddr.js names every special range (loopback, private, link-local, unique local,
 * carrier-grade NAT, multicast, documentation…), and `process` turns an IPv4-mapped IPv6 address
 * (::ffff:127.0.0.1) into the IPv4 address it is; IPv6 forms that embed or tunnel to IPv4 are refused
 * above, but for NAT64 to a public IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (ipaddr.IPv4.isValid(address)) return ipaddr.IPv4.parse(address).range() === 'unicast';
  // Written out as the WHATWG URL parser does (all hex) before ipaddr.js reads it: ipaddr.js reads the
  // dotted ::8.8.8.8 as the IPv4-mapped ::ffff:808:808, while URLs and sockets mean ::808:808.
  const canonical = canonicalIpv6(address);
  if (!canonical || !ipaddr.IPv6.isValid(canonical)) return false;
  const ipv6 = ipaddr.IPv6.parse(canonical);
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().range() === 'unicast';
  if (NAT64_RANGES.some((range) => ipv6.match(range))) return lastIpv4Of(ipv6).range() === 'unicast';
  if (REFUSED_IPV6_RANGES.some((range) => ipv6.match(range))) return false;
  return ipv6.range() === 'unicast';
}

/** Why an address may not be reached, in words for the founder; undefined when it may. */
export function refusedAddressReason(address: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate || isPublicAddress(address)) return undefined;
  return `${address} is a private, loopback or link-local address`;
}

export class RefusedAddressError extends Error {}

/** The host of a URL as net sees it: an IPv6 literal without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Checks an endpoint's URL before it is stored: https (http only where private addresses are allowed),
 * no credentials in it, and every address its host resolves to public. Throws RefusedAddressError with
 * a sentence naming what is wrong.
 */
export async function checkEndpointUrl(
  value: string,
  options: { allowPrivate: boolean; resolve: ResolveHost },
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RefusedAddressError('must be a full URL, such as https://example.com/webhooks');
  }
  const allowedProtocols = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!allowedProtocols.includes(url.protocol)) throw new RefusedAddressError('must start with https://');
  if (url.username || url.password) throw new RefusedAddressError('must not contain a user name or password');
  if (options.allowPrivate) return url;
  const host = hostOf(url);
  const addresses = net.isIP(host) ? [host] : await resolveAll(host, options.resolve);
  for (const address of addresses) {
    const reason = refusedAddressReason(address, false);
    if (reason)
      throw new RefusedAddressError(`must reach a public address: ${url.hostname} resolves to ${reason}`);
  }
  return url;
}

async function resolveAll(host: string, resolve: ResolveHost): Promise<string[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0)
    throw new RefusedAddressError(`must name a host that exists: ${host} was not found`);
  return addresses.map((resolved) => resolved.address);
}

/**
 * A `lookup` for net.connect that answers only the addresses a delivery may reach, so the socket
 * connects to an address that was checked (the one a second resolution might change is never used).
 */
export function guardedLookup(resolve: ResolveHost, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const allowed = addresses.filter((resolved) => !refusedAddressReason(resolved.address, allowPrivate));
        const first = allowed[0];
        if (!first) {
          const reason = addresses[0]
            ? refusedAddressReason(addresses[0].address, allowPrivate)
            : `${hostname} was not found`;
          callback(new RefusedAddressError(`refused to connect: ${reason}`), '', 0);
          return;
        }
        if (options.all) (callback as unknown as (e: null, all: ResolvedAddress[]) => void)(null, allowed);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
