/**
 * The address of an inviter's invite card: the picture a chat's link preview shows of her
 * invitation (docs/invite-card.md). The address is made from what the card shows (her name, her
 * picture's address, the language and the card's design), so a changed name or picture gives a
 * new address and the CDN may keep each one for a year: an unchanged card is never drawn again,
 * a changed one is never served stale. The pages name it in their preview tags; the card's
 * function (functions/src/invite-cards/) draws it for the address it is asked for, and only that.
 */
import { sha256 } from '@noble/hashes/sha2';
import { utf8ToBytes } from '@noble/hashes/utils';
import { base64Url } from './base64url.js';

/** What a card shows of its inviter: what every public page shows of her. */
export interface CardSubject {
  inviterId: string;
  name: string;
  photoUrl: string | null;
}

/** The card's design: a change of what any card looks like takes the next number (every address changes). */
export const INVITE_CARD_DESIGN = 1;

/** Where the cards are served (Hosting's rewrite to the card's function). */
export const INVITE_CARD_PREFIX = '/card/';

/** What the preview tags say of the picture. */
export const INVITE_CARD_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;

/** Every card answer's cache rule: its address changes with what it shows, so it never does. */
export const INVITE_CARD_CACHE_CONTROL = 'public, max-age=31536000, s-maxage=31536000, immutable';

/**
 * A card drawn with her initials where her picture could not be had (a slow host, an error, a
 * picture refused): not her card yet, so kept minutes, and her picture is tried again after them.
 */
export const INVITE_CARD_STAND_IN_CACHE_CONTROL = 'public, max-age=300, s-maxage=300';

const VERSION_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/** The card's version: 12 bytes of SHA-256 over what it shows, URL-safe base64 (16 characters). */
export function inviteCardVersion(subject: CardSubject, language: string): string {
  const shown = JSON.stringify([INVITE_CARD_DESIGN, subject.name, subject.photoUrl, language]);
  return base64Url(sha256(utf8ToBytes(shown)).subarray(0, 12));
}

/** The card's path on the product's domain: `/card/{inviterId}/{language}/{version}.jpg`. */
export function inviteCardPath(subject: CardSubject, language: string): string {
  const version = inviteCardVersion(subject, language);
  return `${INVITE_CARD_PREFIX}${encodeURIComponent(subject.inviterId)}/${encodeURIComponent(language)}/${version}.jpg`;
}

export function inviteCardUrl(productDomain: string, subject: CardSubject, language: string): string {
  return new URL(inviteCardPath(subject, language), productDomain).href;
}

export function inviteCardAsked(path: string): { inviterId: string; language: string; version: string } | null {
  const match = /^\/card\/([^/]+)\/([^/]+)\/([^/]+)\.jpg$/.exec(path);
  if (!match) return null;
  try {
    const [inviterId, language] = [decodeURIComponent(match[1] ?? ''), decodeURIComponent(match[2] ?? '')];
    const version = match[3] ?? '';
    return VERSION_PATTERN.test(version) ? { inviterId, language, version } : null;
  } catch {
    return null; // a malformed escape
  }
}
