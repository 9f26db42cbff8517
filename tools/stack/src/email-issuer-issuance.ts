/**
 * The local issuer's issuance endpoint, in the request format browsers send today (the W3C Email
 * Verification API's: a form body `request_token={JWT}` whose header carries the browser's new
 * public key as `jwk`, whose payload names the issuer as `aud`, the address and `iat`, signed with
 * that key; `Sec-Fetch-Dest: email-verification`). The IETF draft's newer form, HTTP Message
 * Signatures, is not taken here. The local stack has no mail accounts to sign in to: any address of
 * the issuer's domains counts as signed in.
 */
import { createPublicKey, verify } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { IssuerSigner, Json } from './email-issuer.js';

/** How far a request token's `iat` may be from the issuer's clock. */
const REQUEST_WINDOW_SECONDS = 60;

export function issuanceAnswer(
  headers: IncomingHttpHeaders,
  body: string,
  signer: IssuerSigner,
  domains: string[],
): { status: number; json: Json } {
  const invalid = (detail: string) => ({ status: 400, json: { error: 'invalid_request', error_description: detail } });
  if (headers['sec-fetch-dest'] !== 'email-verification') return invalid('Sec-Fetch-Dest is not email-verification');
  if (!String(headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
    return invalid('the body is no form');
  }
  const token = new URLSearchParams(body).get('request_token') ?? '';
  const request = readRequestToken(token);
  if (typeof request === 'string') return invalid(request);
  const { jwk, claims } = request;
  if (claims.aud !== signer.issuer) return invalid('the request names another issuer');
  if (typeof claims.iat !== 'number' || Math.abs(Date.now() / 1000 - claims.iat) > REQUEST_WINDOW_SECONDS) {
    return invalid('the request is not fresh');
  }
  const email = typeof claims.email === 'string' ? claims.email : '';
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (!email.includes('@') || !domains.includes(domain)) {
    return { status: 401, json: { error: 'authentication_required' } };
  }
  return { status: 200, json: { issuance_token: signer.issue(email, jwk) } };
}

/** The request token's public key and claims, once its own signature holds; else what is wrong. */
function readRequestToken(token: string): { jwk: Json; claims: Json } | string {
  const [header, payload, signature, ...rest] = token.split('.');
  if (!header || !payload || !signature || rest.length > 0) return 'the request token is no JWT';
  let parsedHeader: Json;
  let claims: Json;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Json;
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Json;
  } catch {
    return 'the request token is not JSON';
  }
  const jwk = parsedHeader.jwk as Json | undefined;
  if (parsedHeader.alg !== 'EdDSA' || typeof jwk !== 'object' || jwk === null || 'd' in jwk) {
    return 'the local issuer takes EdDSA request tokens with a public jwk';
  }
  try {
    const key = createPublicKey({ key: jwk as never, format: 'jwk' });
    const holds = verify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'));
    return holds ? { jwk, claims } : "the request token's signature does not hold";
  } catch {
    return "the request token's key is no Ed25519 key";
  }
}
