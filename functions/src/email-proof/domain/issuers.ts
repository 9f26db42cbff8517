/**
 * Who may vouch for an address: the issuer its domain names in DNS, a TXT record
 * `_email-verification.{domain}` reading `iss={issuer}` (exactly one), and what that issuer
 * publishes at `https://{issuer}/.well-known/email-verification`: its `issuance_endpoint` (the
 * browser's), its `jwks_uri` (ours) and the algorithms it signs with.
 */
import type { JSONWebKeySet } from 'jose';

/** The DNS name whose TXT record names the issuer of `domain`'s addresses. */
export const delegationName = (domain: string) => `_email-verification.${domain}`;

/** The path of an issuer's metadata, below its origin. */
export const METADATA_PATH = '/.well-known/email-verification';

/** The domain of an address (lower-cased), or undefined for something that is no address. */
export function domainOf(address: string): string | undefined {
  const at = address.lastIndexOf('@');
  if (at < 1 || at === address.length - 1) return undefined;
  const domain = address.slice(at + 1).toLowerCase();
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : undefined;
}

/**
 * An issuer identifier as one comparable host: the draft writes a host (`issuer.example`), the
 * origin trial's issuers a URL (`https://issuer.example`); both are the same issuer. A URL with a
 * path, a port, credentials or another scheme is no issuer identifier.
 */
export function canonicalIssuer(identifier: string): string | undefined {
  const value = identifier.trim();
  if (!value.includes('://')) {
    return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value) ? value.toLowerCase() : undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !url.port;
  return url.protocol === 'https:' && bare ? url.hostname.toLowerCase() : undefined;
}

/**
 * The issuer a domain's TXT records name (each record as its strings, which DNS may split), or
 * why none: no record, more than one, or one that is not `iss=` and an issuer identifier.
 */
export function delegatedIssuer(records: string[][]): { issuer: string } | { problem: string } {
  const texts = records.map((strings) => strings.join(''));
  if (texts.length === 0) return { problem: 'no delegation record' };
  if (texts.length > 1) return { problem: 'more than one delegation record' };
  const [text = ''] = texts;
  const issuer = text.startsWith('iss=') ? canonicalIssuer(text.slice('iss='.length)) : undefined;
  return issuer ? { issuer } : { problem: 'a delegation record that names no issuer' };
}

export interface IssuerMetadata {
  issuanceEndpoint: string;
  jwksUri: string;
  /** What it signs with: the draft's default, EdDSA, where the metadata says nothing. */
  algorithms: string[];
}

/** The metadata an issuer published, or undefined when it is not the protocol's. */
export function issuerMetadataOf(json: unknown): IssuerMetadata | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { issuance_endpoint, jwks_uri, signing_alg_values_supported } = json as Record<string, unknown>;
  if (typeof issuance_endpoint !== 'string' || typeof jwks_uri !== 'string') return undefined;
  const listed = signing_alg_values_supported;
  if (listed !== undefined && (!Array.isArray(listed) || !listed.every((alg) => typeof alg === 'string'))) {
    return undefined;
  }
  const algorithms = ((listed as string[] | undefined) ?? ['EdDSA']).filter((alg) => alg !== 'none');
  return algorithms.length > 0 ? { issuanceEndpoint: issuance_endpoint, jwksUri: jwks_uri, algorithms } : undefined;
}

/** At most this many keys in an issuer's set: more is no key set of an issuer but a burden. */
export const MAX_ISSUER_KEYS = 20;

/** An issuer's public keys, or undefined for a set that holds a private key or none at all. */
export function issuerKeysOf(json: unknown): JSONWebKeySet | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { keys } = json as { keys?: unknown };
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > MAX_ISSUER_KEYS) return undefined;
  const valid = keys.every(
    (key) => typeof key === 'object' && key !== null && typeof key.kty === 'string' && !('d' in key),
  );
  return valid ? { keys } : undefined;
}
