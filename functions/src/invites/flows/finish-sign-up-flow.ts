/**
 * A sign-up left half-way finished by whoever holds the mailbox (docs/app-contract.md's threat
 * model, row 36): the account made and recorded (registerInvitee) but never confirmed, because
 * App Check refused, the network went or the page closed, and tried again with another password.
 * The form cannot take the new password (the account is someone's, maybe a stranger's who typed
 * her address first), so the proof comes through the mail: sign-up-link-flow.ts mails a
 * password-reset code of Auth's, in the fragment of a link to the inviter's sign-up page, and
 * `finish` takes that code and a new password, sets it, and only then hands the code to the
 * activation door as the proof of the address it was mailed to (activation-flow.ts), so that the
 * inviter joins as the verification mail would have made her. A stranger's password never ends on
 * a confirmed account.
 */
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import type { FinishSignUpAnswer } from '@dayfocus/contracts/finish-sign-up-functions';
import type { Phone } from '@dayfocus/contracts/phones';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError, PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import { finishProofId, type Presented } from '../domain/proofs.js';
import type { AddressProofs, MailOutbox, PasswordResets } from './ports.js';

export interface FinishSignUpDeps {
  resets: PasswordResets;
  outbox: Pick<MailOutbox, 'invitedBy'>;
  proofs: Pick<AddressProofs, 'read'>;
  /** The activation door (activation-flow.ts). */
  activate(
    input: { uid: string; inviterId: string; platform?: Phone | undefined; language?: string | undefined },
    caller: Caller | null,
    presented: Presented,
  ): Promise<ActivationAnswer>;
}

/** One answer whatever the reason, so that no mailbox is told anything. */
const unusableLink = (reason: 'expired' | 'used-or-invalid') =>
  new FlowError('invalid-argument', 'This link to finish signing up cannot be used: ask for a new one', {
    finishLink: reason,
  });

export class FinishSignUpFlow {
  constructor(private readonly deps: FinishSignUpDeps) {}

  /**
   * The password is set first (ending every session), then the door proves the address with the
   * reset code, and the code is spent at Auth last: Auth's reset may mark the address verified (the
   * emulator's does), and a verified address takes no sign-up proof (inviter-choice.ts). A failure
   * leaves the code unspent, so the same link finishes.
   */
  async finish(input: {
    resetCode: string;
    password: string;
    platform?: Phone | undefined;
    language?: string | undefined;
  }): Promise<FinishSignUpAnswer> {
    const checked = await this.deps.resets.check(input.resetCode);
    if (checked.kind === 'expired') throw unusableLink('expired');
    if (checked.kind !== 'code' || checked.requestType !== 'PASSWORD_RESET' || !checked.email)
      throw unusableLink('used-or-invalid');
    const id = finishProofId(input.resetCode);
    const [account, record] = await Promise.all([
      this.deps.resets.accountByEmail(checked.email),
      this.deps.proofs.read(id),
    ]);
    const inviterId = account ? await this.deps.outbox.invitedBy(account.uid) : null;
    if (!account || account.disabled || !inviterId || !account.providerIds.includes(PASSWORD_PROVIDER))
      throw unusableLink('used-or-invalid');

    await this.deps.resets.setPassword(account.uid, input.password);
    // Issued when our mail carried it (its record, written with the mail), or unknown: then nothing is minted.
    const issuedAt = record?.uid === account.uid ? record.issuedAt : null;
    const proof = { kind: 'finish-link', uid: account.uid, address: checked.email, issuedAt, id } as const;
    const answer = await this.deps.activate(
      { uid: account.uid, inviterId, platform: input.platform, language: input.language },
      null,
      { proof, refusal: () => unusableLink('used-or-invalid') },
    );
    // Spent by a twin call meanwhile (both hold the mailbox): this one's work stands all the same.
    await this.deps.resets.spend(input.resetCode, input.password);
    return { ...answer, uid: account.uid, email: account.email };
  }
}
