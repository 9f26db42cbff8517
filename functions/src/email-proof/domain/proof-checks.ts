/**
 * The checks that make a presented token a proof of an address, in the draft's order for a
 * relying party: the key-binding JWT is for us (our origin, the form's nonce, fresh, over this
 * very issuer token), the issuer token is from the issuer the address's domain names and says the
 * address the form names, and both signatures hold: the issuer's with its published keys, the
 * browser's with the key the issuer bound into the token (`cnf.jwk`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { compactVerify, createLocalJWKSet, errors, importJWK, type JSONWebKeySet } from 'jose';
import { sameAddress } from '../../platform/domain/email-addresses.js';
import { canonicalIssuer } from './issuers.js';
import { refuse, type PresentedToken, type Refused } from './presented-token.js';

/**
 * How old a token may be. The browser fetches the issuer token and binds it when the person picks
 * her address, and the form goes when she taps: the minutes between are hers (a password to type).
 * A clock that runs a little ahead of ours is no reason to refuse.
 */
export const PROOF_WINDOW = { maxAgeSeconds: 10 * 60, clockSkewSeconds: 60 } as const;

/** What the token must say for this form: its address, our origin, the nonce the form carried. */
export interface Expected {
  address: string;
  origin: string;
  nonce: string;
}

/**
 * The checks that need no one else, done before anything is looked up for a token (a token that
 * fails them costs no DNS query and no fetch): the first that fails, or undefined.
 */
export function checkClaims(token: PresentedToken, expected: Expected, now: Date): Refused | undefined {
  const { evtHeader, evt, kbHeader, keyBinding } = token;
  if (evtHeader.typ !== 'evt+jwt') return refuse('malformed', 'the issuer token is not typed evt+jwt');
  if (kbHeader.typ !== 'kb+jwt') return refuse('malformed', 'the key-binding JWT is not typed kb+jwt');
  if (evt.email_verified !== true) return refuse('unverified', 'the issuer does not say the address is verified');
  if (!sameAddress(evt.email, expected.address)) {
    return refuse('address', 'the token proves another address than the form names');
  }
  const late = [evt.iat, keyBinding.iat].some((iat) => tooOld(iat, now));
  if (late) return refuse('expired', 'the issuer token or its key binding is older than the window');
  const early = [evt.iat, keyBinding.iat].some((iat) => fromTheFuture(iat, now));
  if (early) return refuse('from-the-future', 'the issuer token or its key binding is dated ahead of our clock');
  const ours = originOf(expected.origin);
  if (ours === undefined || originOf(keyBinding.aud) !== ours) {
    return refuse('audience', 'the token was bound to another origin');
  }
  if (!equalText(keyBinding.nonce, expected.nonce)) return refuse('nonce-mismatch', 'the token carries another nonce');
  const digest = createHash('sha256').update(token.presentation, 'ascii').digest('base64url');
  if (!equalText(keyBinding.sd_hash, digest)) return refuse('sd-hash', 'the key binding was made over another token');
  return undefined;
}

/** The issuer's claims: it is the one the address's domain names, signing as its metadata says. */
export function checkIssuer(token: PresentedToken, issuer: string, algorithms: string[]): Refused | undefined {
  if (canonicalIssuer(token.evt.iss) !== issuer) {
    return refuse('issuer', "the token's issuer is not the one the address's domain names");
  }
  if (!algorithms.includes(token.evtHeader.alg)) {
    return refuse('issuer-signature', 'the issuer token is signed with an algorithm its issuer does not name');
  }
  return undefined;
}

/** The signatures: the issuer's over its token, then the browser's over the key binding. */
export async function checkSignatures(token: PresentedToken, keys: JSONWebKeySet): Promise<Refused | undefined> {
  try {
    await compactVerify(token.issuerJwt, createLocalJWKSet(keys), { algorithms: [token.evtHeader.alg] });
  } catch (error) {
    if (error instanceof errors.JWKSNoMatchingKey) return refuse('issuer-key', 'no key of the issuer matches');
    return refuse('issuer-signature', "the issuer's signature does not hold");
  }
  const bound = token.evt.cnf.jwk;
  if ('d' in bound) return refuse('key-binding-signature', 'the bound key is a private key');
  try {
    const key = await importJWK(bound, token.kbHeader.alg);
    await compactVerify(token.keyBindingJwt, key, { algorithms: [token.kbHeader.alg] });
  } catch {
    return refuse('key-binding-signature', "the browser's signature does not hold with the key the issuer bound");
  }
  return undefined;
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** An origin as the browser serializes it; anything with a path or query is no origin. */
function originOf(value: string): string | undefined {
  const url = safeUrl(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return undefined;
  return url.origin === value.replace(/\/$/, '') ? url.origin : undefined;
}

const tooOld = (iat: number, now: Date) =>
  now.getTime() / 1000 - iat > PROOF_WINDOW.maxAgeSeconds + PROOF_WINDOW.clockSkewSeconds;
const fromTheFuture = (iat: number, now: Date) => iat - now.getTime() / 1000 > PROOF_WINDOW.clockSkewSeconds;

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
