/**
 * The link that finishes a sign-up left half-way, as a way of proving the address
 * (docs/threat-model-sign-up.md, row 36): the account made and recorded (registerInvitee) but never confirmed, because
 * App Check refused, the network went or the page closed, and tried again with another password.
 * The form cannot take the new password (the account is someone's, maybe a stranger's who typed her
 * address first), so the proof comes through the mail: invites/flows/sign-up-link-flow.ts mails a
 * password-reset code of Auth's in the fragment of a link to the inviter's sign-up page. Presented
 * with a new password, the code is checked, the password set (ending every session), and the code is
 * the proof of the address it was mailed to; Auth's own spending of it runs beside the door's write
 * of the address (door.ts), so that a failure leaves the code unspent and the same link finishes.
 * A stranger's password never ends on a confirmed account.
 */
import { FlowError, PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import { finishProofId } from '../../invites/domain/proof-ids.js';
import type { AddressProofs, MailOutbox, PasswordResets } from '../../invites/flows/ports.js';
import { answersAgain, takenProof, type Presented } from '../domain/proofs.js';

export interface FinishLinkDeps {
  resets: PasswordResets;
  outbox: Pick<MailOutbox, 'invitedBy'>;
  proofs: Pick<AddressProofs, 'read' | 'readWithSignUp'>;
}

/** One answer whatever the reason, so that no mailbox is told anything. */
const unusableLink = (reason: 'expired' | 'used-or-invalid') =>
  new FlowError('invalid-argument', 'This link to finish signing up cannot be used: ask for a new one', {
    finishLink: reason,
  });

export class FinishLinkWay {
  constructor(private readonly deps: FinishLinkDeps) {}

  async present(input: { resetCode: string; password?: string | undefined }): Promise<Presented> {
    const { password } = input;
    const checked = await this.deps.resets.check(input.resetCode);
    if (password === undefined) return this.again(input.resetCode, checked.kind);
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

    await this.deps.resets.setPassword(account.uid, password);
    // Issued when our mail carried it (its record, written with the mail), or unknown: then nothing is minted.
    const issuedAt = record?.uid === account.uid ? record.issuedAt : null;
    const proof = { kind: 'finish-link', uid: account.uid, address: checked.email, issuedAt, id } as const;
    return {
      proof,
      refusal: () => unusableLink('used-or-invalid'),
      inviterId,
      // Spent by a twin call meanwhile (both hold the mailbox): this one's work stands all the same.
      spendAtIssuer: async () => void (await this.deps.resets.spend(input.resetCode, password)),
      answerExtras: { uid: account.uid, email: account.email },
    };
  }

  /**
   * The link opened again, without a password: Auth no longer takes its code, and our records say
   * it finished her sign-up (taken by it) or her sign-up was proved another way since. Answered as
   * the reopened mail link is (mail-link-way.ts): the proof it was, which proves nothing new, sets
   * nothing and mints nothing; the door joins as before. A link that still works needs its password.
   */
  private async again(resetCode: string, kind: string): Promise<Presented> {
    if (kind === 'code') {
      throw new FlowError('invalid-argument', 'A new password is needed to finish signing up with this link', {
        password: 'needed',
      });
    }
    const id = finishProofId(resetCode);
    // One read where the link took its record; the sign-up's own only where it did not.
    const record = await this.deps.proofs.read(id);
    const taken = record !== undefined && takenProof(record);
    const signUpProved =
      record && !taken ? (await this.deps.proofs.readWithSignUp(id, record.uid)).signUpProved : false;
    if (!answersAgain(record, record?.uid ?? '', signUpProved)) {
      throw unusableLink(kind === 'expired' ? 'expired' : 'used-or-invalid');
    }
    const inviterId = await this.deps.outbox.invitedBy(record.uid);
    if (!inviterId) throw unusableLink('used-or-invalid');
    const { uid, address, issuedAt } = record;
    return {
      proof: { kind: 'finish-link', uid, address, issuedAt, id },
      refusal: () => unusableLink('used-or-invalid'),
      inviterId,
      ...(taken ? {} : { spentByIssuer: true as const }),
      answerExtras: { uid, email: address },
    };
  }
}
