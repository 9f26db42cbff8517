/**
 * The token a browser presents for the Email Verification Protocol (draft-hardt-email-verification,
 * with the W3C Email Verification API that puts it in a form's hidden field): the issuer's Email
 * Verification Token (an SD-JWT: a JWT, then `~`, then any disclosures, each followed by `~`) and
 * the browser's key-binding JWT after it. Read here into its parts; nothing in it is trusted yet
 * (proof-checks.ts does that).
 */
import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, type JWK } from 'jose';

/** Why a presented token proves nothing. Each is a check of its own; the caller hears only "no". */
export type ProofRefusal =
  | 'malformed'
  | 'key-binding-missing'
  | 'no-issuer'
  | 'issuer-unreachable'
  | 'issuer'
  | 'issuer-key'
  | 'issuer-signature'
  | 'unverified'
  | 'address'
  | 'expired'
  | 'from-the-future'
  | 'audience'
  | 'nonce-mismatch'
  | 'sd-hash'
  | 'key-binding-signature'
  | 'nonce-unknown'
  | 'nonce-spent';

/** A refusal with what a log may say about it (never the token, the address or the nonce). */
export interface Refused {
  ok: false;
  refusal: ProofRefusal;
  detail: string;
}

export const refuse = (refusal: ProofRefusal, detail: string): Refused => ({ ok: false, refusal, detail });

/** The issuer-signed token's claims this protocol uses (its disclosures, if any, resolved). */
export interface EvtClaims {
  iss: string;
  iat: number;
  email: string;
  email_verified: unknown;
  cnf: { jwk: JWK };
}

/** The key-binding JWT's claims: whom the browser presented the token to, for which form, when. */
export interface KeyBindingClaims {
  aud: string;
  nonce: string;
  iat: number;
  sd_hash: string;
}

export interface PresentedToken {
  /** The issuer's signed JWT, without disclosures. */
  issuerJwt: string;
  evtHeader: { alg: string; kid?: string; typ: string };
  evt: EvtClaims;
  keyBindingJwt: string;
  kbHeader: { alg: string; typ: string };
  keyBinding: KeyBindingClaims;
  /** What `sd_hash` covers: everything before the key-binding JWT, its last `~` included. */
  presentation: string;
}

/** Longer than any token a browser makes (an EVT and a KB-JWT are a few hundred bytes each). */
export const MAX_TOKEN_LENGTH = 16 * 1024;

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const DISCLOSURE = /^[A-Za-z0-9_-]+$/;

/** The token's parts, or why it is no presentation at all. */
export function parsePresentedToken(token: string): { ok: true; token: PresentedToken } | Refused {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return refuse('malformed', 'empty or too long');
  const parts = token.split('~');
  const [issuerJwt = '', ...rest] = parts;
  const keyBindingJwt = rest.pop();
  if (!JWT.test(issuerJwt)) return refuse('malformed', 'the issuer token is no JWT');
  if (keyBindingJwt === undefined || keyBindingJwt === '') {
    return refuse('key-binding-missing', 'no key-binding JWT after the issuer token');
  }
  if (!JWT.test(keyBindingJwt)) return refuse('malformed', 'the key-binding part is no JWT');
  if (!rest.every((disclosure) => DISCLOSURE.test(disclosure)))
    return refuse('malformed', 'an empty or broken disclosure');
  const decoded = decodeBoth(issuerJwt, keyBindingJwt);
  if (!decoded) return refuse('malformed', 'a header or payload is not JSON');
  const evt = resolveDisclosures(decoded.evtPayload, rest);
  if (!evt) return refuse('malformed', 'a disclosure the issuer did not sign, or a claim given twice');
  const shaped = shapeOf(decoded.evtHeader, evt, decoded.kbHeader, decoded.kbPayload);
  if (typeof shaped === 'string') return refuse('malformed', shaped);
  const presentation = token.slice(0, token.length - keyBindingJwt.length);
  return { ok: true, token: { issuerJwt, keyBindingJwt, presentation, ...shaped } };
}

type Json = Record<string, unknown>;

function decodeBoth(issuerJwt: string, keyBindingJwt: string) {
  try {
    return {
      evtHeader: decodeProtectedHeader(issuerJwt) as Json,
      evtPayload: decodeJwt(issuerJwt) as Json,
      kbHeader: decodeProtectedHeader(keyBindingJwt) as Json,
      kbPayload: decodeJwt(keyBindingJwt) as Json,
    };
  } catch {
    return undefined;
  }
}

/**
 * The issuer token's claims with its selectively disclosed ones in place: a disclosure is the
 * base64url of `[salt, name, value]`, and counts only when its SHA-256 is in the signed `_sd`.
 */
function resolveDisclosures(payload: Json, disclosures: string[]): Json | undefined {
  if (disclosures.length === 0) return payload;
  const signed = Array.isArray(payload._sd) ? payload._sd : [];
  const claims: Json = { ...payload };
  for (const disclosure of disclosures) {
    const digest = createHash('sha256').update(disclosure, 'ascii').digest('base64url');
    if (!signed.includes(digest)) return undefined;
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(disclosure, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!Array.isArray(decoded) || decoded.length !== 3 || typeof decoded[1] !== 'string') return undefined;
    const name = decoded[1];
    if (name === '_sd' || name === '...' || Object.hasOwn(claims, name)) return undefined;
    claims[name] = decoded[2];
  }
  return claims;
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The claims as their types, or what is missing. */
function shapeOf(evtHeader: Json, evt: Json, kbHeader: Json, kb: Json) {
  if (!isString(evtHeader.alg) || !isString(evtHeader.typ)) return 'the issuer token has no alg or typ';
  if (evtHeader.kid !== undefined && !isString(evtHeader.kid)) return 'the issuer token has a broken kid';
  if (!isString(kbHeader.alg) || !isString(kbHeader.typ)) return 'the key-binding JWT has no alg or typ';
  if (!isString(evt.iss) || !isTime(evt.iat) || !isString(evt.email)) return 'the issuer token lacks iss, iat or email';
  const cnf = evt.cnf as { jwk?: unknown } | undefined;
  if (typeof cnf?.jwk !== 'object' || cnf.jwk === null) return 'the issuer token binds no key (cnf.jwk)';
  if (!isString(kb.aud) || !isString(kb.nonce) || !isTime(kb.iat) || !isString(kb.sd_hash)) {
    return 'the key-binding JWT lacks aud, nonce, iat or sd_hash';
  }
  return {
    evtHeader: { alg: evtHeader.alg, typ: evtHeader.typ, ...(evtHeader.kid ? { kid: evtHeader.kid as string } : {}) },
    evt: {
      iss: evt.iss,
      iat: evt.iat,
      email: evt.email,
      email_verified: evt.email_verified,
      cnf: { jwk: cnf.jwk as JWK },
    },
    kbHeader: { alg: kbHeader.alg, typ: kbHeader.typ },
    keyBinding: { aud: kb.aud, nonce: kb.nonce, iat: kb.iat, sd_hash: kb.sd_hash },
  };
}
