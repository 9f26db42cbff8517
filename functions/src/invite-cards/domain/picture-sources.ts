/**
 * Where the card's function may fetch an inviter's picture from. `profileImage` is written by the
 * app's users, so its address, and any redirect its host answers, is a request of the user's
 * choosing made from our function: only the hosts a picture may come from are asked, and in
 * production never an address of our own network or machine (platform/domain/untrusted-urls.ts;
 * docs/invite-card.md, "The picture").
 */
import { hostOf, LOCAL_REACH, PUBLIC_REACH, refusalOf, type Reach } from '../../platform/domain/untrusted-urls.js';

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

/** The hosts, and how far beyond HTTPS to a public address the fetch may reach (the local stack's). */
export interface PictureSourceRules extends Reach {
  /** A leading dot: any host under the name. */
  hosts: readonly string[];
}

export const PRODUCTION_PICTURE_SOURCES: PictureSourceRules = { hosts: PICTURE_HOSTS, ...PUBLIC_REACH };

export const LOCAL_PICTURE_SOURCES: PictureSourceRules = {
  hosts: [...PICTURE_HOSTS, '127.0.0.1', 'localhost'],
  ...LOCAL_REACH,
};

/** Whether `url` (the picture's address, or where its host redirects) may be asked. */
export function isPictureSource(url: URL, rules: PictureSourceRules): boolean {
  if (refusalOf(url, rules) !== undefined) return false;
  const host = hostOf(url);
  return rules.hosts.some((allowed) => (allowed.startsWith('.') ? host.endsWith(allowed) : host === allowed));
}
