/**
 * A mail provider's side of the Email Verification Protocol, for the local stack and the tests,
 * which cannot reach Gmail: an issuer that signs Email Verification Tokens with its own Ed25519
 * key, as draft-hardt-email-verification says (a JWT typed `evt+jwt` with `iss`, `iat`, `email`,
 * `email_verified` and the browser's key in `cnf.jwk`, then `~`), and the browser's key binding
 * after it (a JWT typed `kb+jwt` with `aud`, `nonce`, `iat` and `sd_hash`, signed with the key
 * the issuer bound). Written with node:crypto alone, apart from the verifier's library, so a
 * mistake in the one is not mirrored by the other. email-issuer-servers.ts serves it: its DNS
 * record, its metadata, its keys and its issuance endpoint.
 */
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

export type Json = Record<string, unknown>;

/** A signed JWT in compact form: `base64url(header).base64url(payload).base64url(signature)`. */
export function signJwt(header: Json, payload: Json, privateKey: KeyObject): string {
  const encode = (part: Json) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signingInput = `${encode(header)}.${encode(payload)}`;
  const signature = sign(null, Buffer.from(signingInput), privateKey).toString('base64url');
  return `${signingInput}.${signature}`;
}

/** An Ed25519 key pair: the private key, and the public one as a JWK. */
export function ed25519Keys(): { privateKey: KeyObject; publicJwk: Json } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicJwk: publicKey.export({ format: 'jwk' }) as Json };
}

export interface IssuerSigner {
  /** The issuer identifier its tokens carry as `iss` and its domains' DNS records name. */
  issuer: string;
  kid: string;
  /** Its key set, as `jwks_uri` serves it. */
  jwks(): { keys: Json[] };
  /** An EVT for `email`, bound to `holderJwk`, with any claim or header replaced or removed (undefined). */
  issue(email: string, holderJwk: Json, options?: { claims?: Json; header?: Json; issuedAt?: Date }): string;
}

/** An issuer's signing half: a key of its own, named `kid` (another signer with the same names forges). */
export function issuerSigner(issuer: string, kid = 'local-1'): IssuerSigner {
  const { privateKey, publicJwk } = ed25519Keys();
  return {
    issuer,
    kid,
    jwks: () => ({ keys: [{ ...publicJwk, kid, alg: 'EdDSA', use: 'sig' }] }),
    issue(email, holderJwk, options = {}) {
      const header = withoutUndefined({ alg: 'EdDSA', kid, typ: 'evt+jwt', ...options.header });
      const payload = withoutUndefined({
        iss: issuer,
        iat: seconds(options.issuedAt ?? new Date()),
        cnf: { jwk: holderJwk },
        email,
        email_verified: true,
        ...options.claims,
      });
      // The trailing `~` makes it an SD-JWT without disclosures.
      return `${signJwt(header, payload, privateKey)}~`;
    },
  };
}

export interface Presentation {
  /** The address to prove, the origin it is presented to and the form's nonce. */
  address: string;
  audience: string;
  nonce: string;
  /** When the browser made the tokens (now where absent). */
  issuedAt?: Date;
  /** Replaced or removed (undefined) claims of the EVT or of the key binding. */
  evtClaims?: Json;
  kbClaims?: Json;
  /** Signs the key binding with another key than the one the issuer bound. */
  wrongHolderKey?: boolean;
}

/**
 * The browser's part: a fresh key pair, an EVT from `signer` bound to it, and the key-binding JWT
 * over that EVT for the audience and nonce: `{EVT}~{KB-JWT}`, the hidden field's value.
 */
export function presentToken(signer: IssuerSigner, presentation: Presentation): string {
  const holder = ed25519Keys();
  const issuedAt = presentation.issuedAt ?? new Date();
  const evt = signer.issue(presentation.address, holder.publicJwk, { claims: presentation.evtClaims ?? {}, issuedAt });
  const key = presentation.wrongHolderKey ? ed25519Keys().privateKey : holder.privateKey;
  return bindToken(evt, key, { ...presentation, issuedAt });
}

/** The key binding a browser adds to an EVT it was issued (`{EVT}~`): `{EVT}~{KB-JWT}`. */
export function bindToken(
  evt: string,
  holderKey: KeyObject,
  binding: { audience: string; nonce: string; issuedAt?: Date; kbClaims?: Json },
): string {
  const sdHash = createHash('sha256').update(evt, 'ascii').digest('base64url');
  const claims = withoutUndefined({
    aud: binding.audience,
    nonce: binding.nonce,
    iat: seconds(binding.issuedAt ?? new Date()),
    sd_hash: sdHash,
    ...binding.kbClaims,
  });
  return `${evt}${signJwt({ alg: 'EdDSA', typ: 'kb+jwt' }, claims, holderKey)}`;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function withoutUndefined(json: Json): Json {
  return Object.fromEntries(Object.entries(json).filter(([, value]) => value !== undefined));
}
