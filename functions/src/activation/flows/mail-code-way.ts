/**
 * The verification mail's short code, typed in the tab that signed up (invites/domain/mail-codes.ts), as a way of
 * proving the address: for the signed-in e-mail account, a try of its newest mail's code. A right
 * code is spent and answers the proof it is: the address the mail went to, when it was sent. The
 * door (door.ts) then binds it to the account as it is now. Every other try hears one
 * refusal, whatever was wrong, and changes nothing but the counts; only an older mail's code is
 * told apart, so that the page can say that the newest mail's code is the one that works.
 */
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError, PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import { mailCodeDigest, triedMailCode, typedMailCode } from '../../invites/domain/mail-codes.js';
import type { Presented } from '../domain/proofs.js';
import type { MailCodeStore } from '../../invites/flows/ports.js';

export interface MailCodeDeps {
  codes: MailCodeStore;
  /** The key of the codes' digests; null where there is none (no mail carries a code then). */
  mailCodeKey(): Uint8Array | null;
  now(): Date;
}

/**
 * The one refusal of a code that does not prove the address: wrong, expired, spent, replaced by a
 * newer mail's, ended by wrong tries, made for another address, or none at all. `details.mailCode`
 * lets the page tell it from a malformed request.
 */
export const MAIL_CODE_REFUSAL = 'This code does not work: check it, or send the e-mail again for a new one';

export const refusedMailCode = () => new FlowError('invalid-argument', MAIL_CODE_REFUSAL, { mailCode: 'refused' });

/** The refusal of a code from one of the account's older mails (mail-codes.ts, `older`): `details.mailCode` says so. */
export const MAIL_CODE_OLDER = 'This code is from an older e-mail: only the code in the newest e-mail works';

const olderMailCode = () => new FlowError('invalid-argument', MAIL_CODE_OLDER, { mailCode: 'older' });

export class MailCodeWay {
  constructor(private readonly deps: MailCodeDeps) {}

  /** The proof a right code is, spent by this try; a wrong one is counted and refused. */
  async present(input: { code: string }, caller: Caller | null): Promise<Presented> {
    if (!caller) throw new FlowError('unauthenticated', 'Sign in first');
    if (caller.signInProvider !== PASSWORD_PROVIDER)
      throw new FlowError('failed-precondition', 'The mail code is for accounts created with email and password');
    const key = this.deps.mailCodeKey();
    const typed = typedMailCode(input.code);
    const digest = key && typed ? mailCodeDigest(key, caller.uid, typed) : null;
    const now = this.deps.now();
    const tried = await this.deps.codes.tryCode(caller.uid, (record) => triedMailCode(record, digest, now));
    if (tried.kind === 'refused' && tried.older) throw olderMailCode();
    const code = tried.kind === 'right' ? tried.record.code : undefined;
    // A code stored before codes kept their address proves nothing: the next mail's does.
    if (!code?.address) throw refusedMailCode();
    const { address, issuedAt } = code;
    return {
      proof: { kind: 'mail-code', uid: caller.uid, address, issuedAt, id: `code-${code.digest}` },
      refusal: refusedMailCode,
    };
  }
}
