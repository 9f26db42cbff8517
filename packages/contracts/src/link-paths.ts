/**
 * The paths and visitors of short links, as the browser and the server share them: the code
 * a `/l/` path names, who is asking as its opens are counted (phones.ts tells them apart), and the
 * Play Store address that carries an invite through the install.
 */
import { isCrawler, phoneOf, type Phone } from './phones.js';
import { HANDOFF_PARAM } from './sign-in-handoff.js';
import { isDocumentId } from './ids.js';

/**
 * The whole path of a short link, with the codes we accept (8 to 32 URL-safe symbols), and
 * optionally its QR code (`/qr.svg`, exactly); `..`, `%2F`, other extra segments and over-long
 * codes fail, and are answered 404 without a database read.
 */
const LINK_PATH = /^\/l\/([A-Za-z0-9_-]{8,32})(?:\/|(\/qr\.svg))?$/;

export interface LinkRequest {
  code: string;
  resource: 'open' | 'qr';
}

/**
 * The code in a request's raw path (as sent, before any decoding or normalising) and what is
 * asked of it, or null. The query string is ignored.
 */
export function linkRequestFromPath(rawUrl: string): LinkRequest | null {
  const path = rawUrl.split('?', 1)[0] ?? '';
  const match = LINK_PATH.exec(path);
  // A code of the reserved `__…__` form names no document (production Firestore refuses the read).
  if (!match?.[1] || !isDocumentId(match[1])) return null;
  return { code: match[1], resource: match[2] ? 'qr' : 'open' };
}

/** Who opened a link, as its opens are counted: a crawler, a phone, or the web (anything else). */
export type Visitor = 'crawler' | Phone | 'web';

export function visitorOf(userAgent: string | undefined): Visitor {
  return isCrawler(userAgent) ? 'crawler' : (phoneOf(userAgent) ?? 'web');
}

/**
 * The Google Play page of the app for a visitor of the link `code`, carrying the invite as the
 * install referrer: `referrer=invite%3D{code}` is added to the configured URL (after its own
 * query, if it has one; a `referrer` it already has is replaced). After the install, the app
 * reads `invite={code}` with the Play Install Referrer API. Shared with the web app's welcome page,
 * which adds a sign-in handoff for the person signed in there (`invite={code}&signin={handoff}`).
 */
export function playStoreUrlFor(playStoreUrl: string, code: string, handoff?: string): string {
  const url = new URL(playStoreUrl);
  const referrer = new URLSearchParams({ invite: code });
  if (handoff) referrer.set(HANDOFF_PARAM, handoff);
  url.searchParams.set('referrer', referrer.toString());
  return url.href;
}
