/**
 * Which addresses a fetch may ask when a stranger chose them (an inviter's picture, an issuer named
 * by an e-mail address's domain): a request of theirs made from our function, which must lead
 * nowhere but the internet at large. One rule for every slice that fetches such an address
 * (adapters/untrusted-fetch.ts).
 */
import ipaddr from 'ipaddr.js';

/** How far beyond HTTPS to a public address on its own port a fetch may reach. */
export interface Reach {
  /** Plain http too, on any port (the local stack's hosts serve so). */
  plainHttp: boolean;
  /** The machine's own and private networks' addresses too (the local stack's are on 127.0.0.1). */
  privateAddresses: boolean;
}

/** Production's reach: HTTPS on port 443 of a host whose addresses are all public. */
export const PUBLIC_REACH: Reach = { plainHttp: false, privateAddresses: false };

/** The local stack's: its hosts on loopback, by plain http on their own ports. */
export const LOCAL_REACH: Reach = { plainHttp: true, privateAddresses: true };

/**
 * IPv6's global unicast block: the rest of IPv6 (the IPv4-compatible `::a.b.c.d` among it) is
 * reserved or special, whatever ipaddr.js's `range()` calls it.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * An address on the internet at large: not loopback, private, link-local (the metadata server's
 * 169.254.169.254), carrier-grade NAT, multicast or reserved, no IPv4 hidden in an IPv6 one, and
 * in IPv6 only the global unicast block.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || parsed.match(GLOBAL_UNICAST_V6);
}

/**
 * Why `url` may not be asked within `reach`, or `undefined` where it may. A name is checked where
 * the connection looks it up; an address written in the URL is never looked up, so it is refused
 * here: outside the local stack a stranger's URL names a host, not an address.
 */
export function refusalOf(url: URL, reach: Reach): string | undefined {
  if (url.username !== '' || url.password !== '') return `${url.origin} carries credentials`;
  if (url.protocol !== 'https:' && !(reach.plainHttp && url.protocol === 'http:')) return `${url.origin} is not HTTPS`;
  if (!reach.plainHttp && url.port !== '') return `${url.origin} is not on its protocol's own port`;
  if (!reach.privateAddresses && ipaddr.isValid(hostOf(url))) return `${url.origin} names an address, not a host`;
  return undefined;
}

/** The URL's host as a name or an address: lower case, an IPv6 address without its brackets. */
export const hostOf = (url: URL): string => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
