/**
 * The ports of the e-mail proof: where an address's issuer and its keys are found (DNS and the
 * issuer's own HTTPS documents, adapters/issuer-discovery.ts), and the nonces we handed out, each
 * kept within its limits and spent once. The unit tests give them the local issuer of the stack and a memory store.
 */
import type { RollingWindow } from '../../platform/domain/rolling-window.js';
import type { NonceRecord, NonceSpending } from '../domain/proof-nonces.js';

export type { NonceSpending } from '../domain/proof-nonces.js';

/** What the world says about an issuer; each method throws when it cannot be asked. */
export interface IssuerDirectory {
  /** The TXT records at a DNS name, each as the strings DNS split it into; none as []. */
  txtRecords(name: string): Promise<string[][]>;
  /** The JSON an issuer publishes as its metadata (`https://{issuer}/.well-known/email-verification`). */
  issuerMetadata(issuer: string): Promise<unknown>;
  /** The JSON at an issuer's `jwks_uri`. */
  issuerKeys(jwksUri: string): Promise<unknown>;
}

export interface ProofNonces {
  /**
   * Spends the nonce handed to `holder` (the session or account that asked for it), at most once
   * however many spend it at the same time: only one of them hears 'spent'.
   */
  spend(nonce: string, holder: string, now: Date): Promise<NonceSpending>;
}

export interface NonceIssuance {
  /**
   * In one transaction: each limit's window counted, and the nonce's record kept under the digest
   * `id`; false, nothing written, when any window is full.
   */
  keep(id: string, record: NonceRecord, limits: { key: string; window: RollingWindow }[], now: Date): Promise<boolean>;
}
