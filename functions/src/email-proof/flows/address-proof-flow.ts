/**
 * The e-mail proof for a sign-up: no mail where the browser can prove the address. The form asks
 * for a nonce before the account exists (`issueNonce`, bound to the tab that asked), the browser
 * binds its mail provider's token to it, and once the e-mail account is created the tab presents
 * the token (`presented`): verified as the protocol says (email-proof-flow.ts), it is a proof of the
 * address it names, which the activation door binds to the account, spends and activates with, as
 * the mail's code (activation/flows/door.ts). Anything else is one refusal, with nothing
 * written, and the page sends the mail instead. Switched off (EMAIL_PROOF), both refuse and write
 * nothing.
 */
import type { EmailProofNonce } from '@dayfocus/contracts/answers';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError, PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import type { Logger } from '../../platform/flows/ports.js';
import type { Presented } from '../../activation/domain/proofs.js';
import {
  digestOf,
  newNonce,
  nonceLimitKey,
  nonceRecord,
  NONCES_PER_ADDRESS,
  NONCES_PER_HOLDER,
} from '../domain/proof-nonces.js';
import { verifyEmailProof } from './email-proof-flow.js';
import type { IssuerDirectory, NonceIssuance, ProofNonces } from './ports.js';

export interface AddressProofDeps {
  /** Whether this deployment takes the browser's proof (EMAIL_PROOF). */
  enabled(): boolean;
  /** Our origin, to which the browser binds its token: the site's (PRODUCT_DOMAIN). */
  origin(): string;
  directory: IssuerDirectory;
  nonces: ProofNonces;
  issuance: NonceIssuance;
  logger: Logger;
  now(): Date;
}

export const EMAIL_PROOF_OFF = 'The browser’s proof of the address is switched off here: the e-mail proves it';

/**
 * The one refusal of a token that does not prove the account's address, whatever was wrong:
 * `details.emailProof` tells the page to send the mail instead.
 */
export const EMAIL_PROOF_REFUSAL = 'The browser could not prove this address: the e-mail will';

const switchedOff = () => new FlowError('failed-precondition', EMAIL_PROOF_OFF, { emailProof: 'off' });
const refusedProof = () => new FlowError('invalid-argument', EMAIL_PROOF_REFUSAL, { emailProof: 'refused' });

export class AddressProofFlow {
  constructor(private readonly deps: AddressProofDeps) {}

  /** A nonce for the tab `holder`, within its and its network address's limits. */
  async issueNonce(holder: string, clientAddress: string): Promise<EmailProofNonce> {
    if (!this.deps.enabled()) throw switchedOff();
    const now = this.deps.now();
    const nonce = newNonce();
    const record = nonceRecord(holder, now);
    const limits = [
      { key: nonceLimitKey('holder', holder), window: NONCES_PER_HOLDER },
      { key: nonceLimitKey('address', clientAddress), window: NONCES_PER_ADDRESS },
    ];
    if (!(await this.deps.issuance.keep(digestOf(nonce), record, limits, now))) {
      this.deps.logger.warn('E-mail proof: nonces refused past a limit');
      throw new FlowError('resource-exhausted', 'Too many sign-up forms from this device; please wait a while', {
        emailProof: 'limited',
      });
    }
    return { nonce, expiresAt: record.expiresAt };
  }

  /**
   * The token as a proof of the address it names, for the signed-in e-mail account: verified as the
   * protocol says (email-proof-flow.ts), its nonce spent. The door (activation/flows/door.ts)
   * binds it to the account's address now. Anything else is one refusal, with nothing written.
   */
  async present(input: { token: string; nonce: string; holder: string }, caller: Caller | null): Promise<Presented> {
    if (!this.deps.enabled()) throw switchedOff();
    if (!caller) throw new FlowError('unauthenticated', 'Sign in first');
    if (caller.signInProvider !== PASSWORD_PROVIDER)
      throw new FlowError('failed-precondition', 'The e-mail proof is for accounts created with email and password');
    // The address the session names: the door holds the proof to the one the account holds now.
    if (!caller.email) throw refusedProof();
    const now = this.deps.now();
    const request = { ...input, address: caller.email, origin: this.deps.origin() };
    const verdict = await verifyEmailProof(request, this.deps, now);
    if (!verdict.ok) {
      this.deps.logger.warn('E-mail proof refused', { refusal: verdict.refusal, detail: verdict.detail });
      throw refusedProof();
    }
    this.deps.logger.info('E-mail proven by the browser', { issuer: verdict.issuer });
    const id = `token-${digestOf(input.nonce)}`;
    const proof = {
      kind: 'browser-token',
      uid: caller.uid,
      address: verdict.address,
      issuedAt: verdict.issuedAt,
      id,
    } as const;
    return { proof, refusal: refusedProof };
  }
}
