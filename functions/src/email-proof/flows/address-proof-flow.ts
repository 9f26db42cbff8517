/**
 * The e-mail proof for a sign-up: no mail where the browser can prove the address. The form asks
 * for a nonce before the account exists (`issueNonce`, bound to the tab that asked), the browser
 * binds its mail provider's token to it, and once the e-mail account is created the tab presents
 * the token (`prove`): verified as the protocol says (email-proof-flow.ts) for the account's own
 * address, it records the sign-up's proof and marks the address verified in Auth as the mail's
 * code does (invites/flows/mail-code-flow.ts); the welcome step then activates as the mail's link
 * does (invites/flows/welcome-flow.ts). Anything else is one refusal, with nothing written, and
 * the page sends the mail instead. Switched off (EMAIL_PROOF), both refuse and write nothing.
 */
import type { EmailProofNonce } from '@dayfocus/contracts/answers';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError, PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import type { Logger } from '../../platform/flows/ports.js';
import { checkSession } from '../../invites/domain/join-decisions.js';
import { mailCodeProof } from '../../invites/domain/mail-codes.js';
import type { AccountLookup, SignUpProofs } from '../../invites/flows/ports.js';
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
  accounts: AccountLookup;
  signUps: SignUpProofs;
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
   * Answers whether the token proved the sign-up (the address unverified until now), and the
   * inviter the sign-up recorded, which the welcome step joins if it counts.
   */
  async prove(
    caller: Caller,
    input: { token: string; nonce: string; holder: string },
  ): Promise<{ provedSignUp: boolean; inviterId: string | null }> {
    if (!this.deps.enabled()) throw switchedOff();
    if (caller.signInProvider !== PASSWORD_PROVIDER)
      throw new FlowError('failed-precondition', 'The e-mail proof is for accounts created with email and password');
    const account = checkSession(caller, await this.deps.accounts.getAccount(caller.uid));
    if (!account.email) throw refusedProof();
    const now = this.deps.now();
    const request = { ...input, address: account.email, origin: this.deps.origin() };
    const verdict = await verifyEmailProof(request, this.deps, now);
    if (!verdict.ok) {
      this.deps.logger.warn('E-mail proof refused', { refusal: verdict.refusal, detail: verdict.detail });
      throw refusedProof();
    }
    const verifiedBefore = account.emailVerified;
    // The sign-up's own proof, as a right code of its mail records it (mail-codes.ts).
    const { inviterId } = await this.deps.signUps.recordProof(caller.uid, (signUp) =>
      mailCodeProof(signUp, { verifiedBefore, now }),
    );
    if (!verifiedBefore) await this.deps.accounts.markEmailVerified(caller.uid);
    this.deps.logger.info('E-mail proven by the browser', { issuer: verdict.issuer });
    return { provedSignUp: !verifiedBefore, inviterId };
  }
}
