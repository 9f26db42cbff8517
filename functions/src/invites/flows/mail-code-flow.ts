/**
 * The verification mail's short code, typed in the tab that signed up (mail-codes.ts): for the
 * signed-in e-mail account, a try of its newest mail's code. A right code is spent, the sign-up's
 * proof recorded beside it while the address was unverified, and the address marked verified in
 * Auth; the welcome step then activates as the mail's link does (welcome-flow.ts). Every other try
 * hears one refusal, whatever was wrong, and changes nothing but the counts.
 */
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError, PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import { checkSession } from '../domain/join-decisions.js';
import { mailCodeDigest, mailCodeProof, triedMailCode, typedMailCode } from '../domain/mail-codes.js';
import type { AccountLookup, MailCodeStore } from './ports.js';

export interface MailCodeDeps {
  accounts: AccountLookup;
  codes: MailCodeStore;
  /** The key of the codes' digests; null where there is none (no mail carries a code then). */
  mailCodeKey(): Uint8Array | null;
  now(): Date;
}

/**
 * The one refusal of a code that does not prove the address: wrong, expired, spent, replaced by a
 * newer mail's, ended by wrong tries, or none at all. `details.mailCode` lets the page tell it from
 * a malformed request.
 */
export const MAIL_CODE_REFUSAL = 'This code does not work: check it, or send the e-mail again for a new one';

export const refusedMailCode = () => new FlowError('invalid-argument', MAIL_CODE_REFUSAL, { mailCode: 'refused' });

export class MailCodeFlow {
  constructor(private readonly deps: MailCodeDeps) {}

  /**
   * Answers whether this code proved the sign-up (the address unverified until now), and the
   * inviter the sign-up recorded, which the welcome step joins if it counts.
   */
  async confirm(caller: Caller, input: { code: string }): Promise<{ provedSignUp: boolean; inviterId: string | null }> {
    if (caller.signInProvider !== PASSWORD_PROVIDER)
      throw new FlowError('failed-precondition', 'The mail code is for accounts created with email and password');
    const account = checkSession(caller, await this.deps.accounts.getAccount(caller.uid));
    const key = this.deps.mailCodeKey();
    const typed = typedMailCode(input.code);
    const digest = key && typed ? mailCodeDigest(key, caller.uid, typed) : null;
    const now = this.deps.now();
    const verifiedBefore = account.emailVerified;
    const { tried, inviterId } = await this.deps.codes.tryCode(caller.uid, (record, signUp) => {
      const tried = triedMailCode(record, digest, now);
      return { tried, proof: tried.kind === 'right' ? mailCodeProof(signUp, { verifiedBefore, now }) : null };
    });
    if (tried.kind !== 'right') throw refusedMailCode();
    if (!verifiedBefore) await this.deps.accounts.markEmailVerified(caller.uid);
    return { provedSignUp: !verifiedBefore, inviterId };
  }
}
