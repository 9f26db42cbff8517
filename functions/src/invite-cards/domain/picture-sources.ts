/**
 * Where the card's function may fetch an inviter's picture from. `profileImage` is written by the
 * app's users, so its address, and any redirect its host answers, is a request of the user's
 * choosing made from our function: only the hosts a picture may come from are asked, and in
 * production never an address of our own network or machine (docs/invite-card.md, "The picture").
 */
import ipaddr from 'ipaddr.js';

/**
 * The hosts a picture may come from: the project's Storage (the download URLs a picture path
 * resolves to) and Google's picture host (a Google account's photo). An Apple or e-mail sign-up
 * brings no picture. A leading dot stands for any host under the name.
 */
const PICTURE_HOSTS: readonly string[] = [
  'firebasestorage.googleapis.com',
  'storage.googleapis.com',
  '.googleusercontent.com',
];

export interface PictureSourceRules {
  /** A leading dot: any host under the name. */
  hosts: readonly string[];
  /** Plain http too, on any port (the local stack's hosts serve their pictures so). */
  plainHttp: boolean;
  /** Addresses of the machine and its private networks too (the local stack's pictures are on 127.0.0.1). */
  privateAddresses: boolean;
}

export const PRODUCTION_PICTURE_SOURCES: PictureSourceRules = {
  hosts: PICTURE_HOSTS,
  plainHttp: false,
  privateAddresses: false,
};

export const LOCAL_PICTURE_SOURCES: PictureSourceRules = {
  hosts: [...PICTURE_HOSTS, '127.0.0.1', 'localhost'],
  plainHttp: true,
  privateAddresses: true,
};

/** Whether `url` (the picture's address, or where its host redirects) may be asked. */
export function isPictureSource(url: URL, rules: PictureSourceRules): boolean {
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol !== 'https:' && !(rules.plainHttp && url.protocol === 'http:')) return false;
  if (!rules.plainHttp && url.port !== '') return false;
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(host) && !rules.privateAddresses && !isPublicAddress(host)) return false;
  return rules.hosts.some((allowed) => (allowed.startsWith('.') ? host.endsWith(allowed) : host === allowed));
}

/**
 * An address on the internet at large: not loopback, private, link-local (the metadata server's
 * 169.254.169.254), carrier-grade NAT, multicast or reserved, and no IPv4 hidden in an IPv6 one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}
