/**
 * The ports of the e-mail proof: where an address's issuer and its keys are found (DNS and the
 * issuer's own HTTPS documents, adapters/issuer-discovery.ts), and the nonces we handed out, each
 * spent once. The unit tests give them the local issuer of the stack and a memory store.
 */

/** What the world says about an issuer; each method throws when it cannot be asked. */
export interface IssuerDirectory {
  /** The TXT records at a DNS name, each as the strings DNS split it into; none as []. */
  txtRecords(name: string): Promise<string[][]>;
  /** The JSON an issuer publishes as its metadata (`https://{issuer}/.well-known/email-verification`). */
  issuerMetadata(issuer: string): Promise<unknown>;
  /** The JSON at an issuer's `jwks_uri`. */
  issuerKeys(jwksUri: string): Promise<unknown>;
}

/** What spending a nonce found: it was ours and now is spent, or it was never ours, or used, or old. */
export type NonceSpending = 'spent' | 'unknown' | 'already-spent' | 'expired';

export interface ProofNonces {
  /**
   * Spends the nonce handed to `holder` (the session or account that asked for it), at most once
   * however many spend it at the same time: only one of them hears 'spent'.
   */
  spend(nonce: string, holder: string, now: Date): Promise<NonceSpending>;
}
