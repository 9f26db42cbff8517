/**
 * A token from the browser's Email Verification Protocol, checked as its draft says a relying
 * party does: read, checked against the form (cheap, before any lookup), the issuer found as the
 * address's domain names it, its keys fetched, both signatures verified, and last our nonce spent,
 * so that a refused token spends nothing and a good one is good once.
 */
import { delegatedIssuer, delegationName, domainOf, issuerKeysOf, issuerMetadataOf } from '../domain/issuers.js';
import { refuse, parsePresentedToken, type Refused } from '../domain/presented-token.js';
import { checkClaims, checkIssuer, checkSignatures } from '../domain/proof-checks.js';
import type { IssuerDirectory, ProofNonces } from './ports.js';

export interface ProofRequest {
  /** The hidden field's value: the issuer token and its key binding. */
  token: string;
  /** The address the form names. */
  address: string;
  /** Our origin, as the page that carried the form had it. */
  origin: string;
  /** The nonce the form carried, and whom we handed it to. */
  nonce: string;
  holder: string;
}

export interface Proven {
  ok: true;
  /** The address as the issuer wrote it. */
  address: string;
  issuer: string;
  /** When the issuer made its token (its `iat`), ISO. */
  issuedAt: string;
}

export interface EmailProofDeps {
  directory: IssuerDirectory;
  nonces: ProofNonces;
}

export async function verifyEmailProof(
  request: ProofRequest,
  deps: EmailProofDeps,
  now: Date,
): Promise<Proven | Refused> {
  const parsed = parsePresentedToken(request.token);
  if (!parsed.ok) return parsed;
  const { token } = parsed;
  const claims = checkClaims(token, request, now);
  if (claims) return claims;
  const domain = domainOf(request.address);
  if (!domain) return refuse('address', 'the form names no address');
  const issuer = await issuerOf(domain, deps.directory);
  if ('ok' in issuer) return issuer;
  const issuerClaims = checkIssuer(token, issuer.issuer, issuer.algorithms);
  if (issuerClaims) return issuerClaims;
  const keys = await ask(() => deps.directory.issuerKeys(issuer.jwksUri), 'its key set');
  if (!keys.ok) return keys;
  const keySet = issuerKeysOf(keys.json);
  if (!keySet) return refuse('issuer-key', "the issuer's key set is empty, private or not one");
  const signatures = await checkSignatures(token, keySet);
  if (signatures) return signatures;
  const spending = await deps.nonces.spend(request.nonce, request.holder, now);
  if (spending === 'unknown') return refuse('nonce-unknown', 'a nonce we did not hand to this holder');
  if (spending === 'already-spent') return refuse('nonce-spent', 'the nonce was spent before: a replay');
  if (spending === 'expired') return refuse('expired', 'the nonce is older than its window');
  return {
    ok: true,
    address: token.evt.email,
    issuer: issuer.issuer,
    issuedAt: new Date(token.evt.iat * 1000).toISOString(),
  };
}

/** The issuer the domain delegates to, with what its metadata says, or why there is none to ask. */
async function issuerOf(domain: string, directory: IssuerDirectory) {
  const records = await ask(() => directory.txtRecords(delegationName(domain)), 'DNS');
  if (!records.ok) return records;
  const delegation = delegatedIssuer(records.json as string[][]);
  if ('problem' in delegation) return refuse('no-issuer', `the address's domain has ${delegation.problem}`);
  const metadata = await ask(() => directory.issuerMetadata(delegation.issuer), 'its metadata');
  if (!metadata.ok) return metadata;
  const published = issuerMetadataOf(metadata.json);
  if (!published) return refuse('issuer-unreachable', "the issuer's metadata is not the protocol's");
  return { issuer: delegation.issuer, jwksUri: published.jwksUri, algorithms: published.algorithms };
}

async function ask(question: () => Promise<unknown>, what: string): Promise<{ ok: true; json: unknown } | Refused> {
  try {
    return { ok: true, json: await question() };
  } catch {
    return refuse('issuer-unreachable', `could not read ${what}`);
  }
}
