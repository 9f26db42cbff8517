/**
 * The sign-in handoff (docs/signed-in-on-arrival.md, section 6): what the welcome page, the functions and
 * the app's simulation in the tests share. A handoff code is minted when a signed-in person taps
 * "Get the app" on the welcome page, travels with the invite through the store (the Play
 * referrer, the iOS copy), and signs the app in once.
 */

import type { Phone } from './phones.js';

/** A code: 32 random bytes (256 bits) in base64url without padding, 43 characters. */
export const HANDOFF_CODE_BYTES = 32;
export const HANDOFF_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How long a code may be redeemed after it was made. */
export const HANDOFF_LIFETIME_MS = 10 * 60_000;
/** How long after its redemption the first redeemer may redeem again (its answer was lost), with its retry key. */
export const HANDOFF_RETRY_MS = 2 * 60_000;

/**
 * A redemption's retry key: 32 random bytes the app makes before its first attempt, in base64url
 * (43 characters), sent with every attempt of that redemption and kept by no one else. The server
 * keeps its digest: a retry proves it is the first redeemer by the key, not by its installation
 * id, which is no secret (logs, crash reports, a proxy see it).
 */
export const HANDOFF_RETRY_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A code is minted only for a session that signed in this recently (the ID token's `auth_time`). */
export const HANDOFF_MINT_SIGN_IN_MAX_AGE_MS = 15 * 60_000;

/**
 * An activation mints a code when a proof of the address proves the sign-up for the first time, and
 * only for a proof made this recently (read from its own issue time: the mail that carried the link
 * or the code, the browser's token): it then proves the address as a fresh sign-in does. A mail
 * opened later (or forwarded later) activates without one; the app asks her to sign in.
 */
export const HANDOFF_MINT_MAIL_MAX_AGE_MS = 60 * 60_000;

/**
 * How long a locked account stays locked before its owner may recover it: a custom token lives
 * an hour (Firebase Auth's ceiling; the Admin SDK always signs it for that long), and no token is
 * granted after the lock, so an hour after it every token an attacker kept has expired.
 */
export const ACCOUNT_LOCK_MS = 60 * 60_000;

/** The page the recovery mail links to; the account and its code ride in the fragment, out of request logs. */
export const ACCOUNT_RECOVERY_PATH = '/account-recovery';

/** The custom claim of a session a handoff made (the ID token's `handoff`). */
export const HANDOFF_CLAIM = 'handoff';

/** The key of the handoff in the Play referrer (`invite={code}&signin={handoff}`) and the iOS copy's fragment (`#signin=`). */
export const HANDOFF_PARAM = 'signin';

/**
 * The Firebase app ID's platform (`1:{project number}:{android|ios|web}:{hash}`), or null for
 * anything else: App Check names the calling app by it, so a code is redeemed only by an app of
 * the platform it was made for.
 */
export function platformOfAppId(appId: string | undefined): Phone | 'web' | null {
  const match = /^\d+:\d+:(android|ios|web):[0-9a-f]+$/.exec(appId ?? '');
  return match ? (match[1] as Phone | 'web') : null;
}

/** The iOS copy with a handoff: the short link with `#signin={handoff}`, a fragment no server log sees. */
export function inviteCopyWithHandoff(shortLink: string, handoff: string): string {
  const url = new URL(shortLink);
  url.hash = `${HANDOFF_PARAM}=${handoff}`;
  return url.href;
}
