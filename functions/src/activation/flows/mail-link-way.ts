/**
 * The verification mail's link as a way of proving the address: its code, checked with Auth without
 * using it up, is the proof of the address Auth made it for, issued when our mail carried it (its
 * record, written with the mail: invites/adapters/mail-outbox.ts). The door (door.ts) binds it;
 * Auth's own spending of the code runs beside the door's write of the address. A code Auth no
 * longer takes is the proof it was when this account took it (the link opened again, a retry after
 * a failure half way), or, where Auth's own page applied it first, a proof that proves nothing new;
 * any other code says why it is no proof (a made-up one is never ours).
 */
import { FlowError } from '../../platform/domain/errors.js';
import { sameAddress } from '../../platform/domain/email-addresses.js';
import { disabledAccount } from '../../platform/domain/session.js';
import { linkProofId } from '../../invites/domain/proof-ids.js';
import type { AddressProofs, VerificationCodes } from '../../invites/flows/ports.js';
import { answersAgain, takenProof, type Presented, type Proof } from '../domain/proofs.js';

export interface MailLinkDeps {
  codes: VerificationCodes;
  proofs: Pick<AddressProofs, 'read' | 'readWithSignUp'>;
}

export const notThisAccount = () => new FlowError('invalid-argument', 'This verification link is not for this account');

/** What the mail's link names: the account, and Auth's code. */
export interface MailLink {
  uid: string;
  code: string;
}

export class MailLinkWay {
  constructor(private readonly deps: MailLinkDeps) {}

  async present({ uid, code }: MailLink): Promise<Presented> {
    const id = linkProofId(code);
    const [check, record] = await Promise.all([this.deps.codes.check(code), this.deps.proofs.read(id)]);
    if (check.kind === 'disabled') throw disabledAccount();
    if (check.kind === 'code') {
      if (check.requestType !== 'VERIFY_EMAIL' || !check.email) throw notThisAccount();
      if (record && (record.uid !== uid || !sameAddress(record.address, check.email))) throw notThisAccount();
      const proof: Proof = { kind: 'mail-link', uid, address: check.email, issuedAt: record?.issuedAt ?? null, id };
      return { proof, refusal: notThisAccount, spendAtIssuer: () => this.apply(uid, code) };
    }
    if (check.kind === 'used-or-invalid' && record && record.uid === uid && !record.voidedAt) {
      const { address, issuedAt } = record;
      const proof: Proof = { kind: 'mail-link', uid, address, issuedAt, id };
      // Ours, and taken by this account (opened again), or applied by Auth's own page before we saw it.
      if (takenProof(record)) return { proof, refusal: notThisAccount };
      return { proof, refusal: notThisAccount, spentByIssuer: true };
    }
    return { unusable: check.kind };
  }

  /**
   * Whether the link, opened again, answers as its confirmation did (our records alone, no Auth):
   * a link of this account's own mail, whose code it has taken, or whose sign-up another way has
   * proved since (the code typed, the browser's token, another mail's link). A code of another
   * account's, or one we never mailed, is not.
   */
  async answersAgain({ uid, code }: MailLink): Promise<boolean> {
    const { record, signUpProved } = await this.deps.proofs.readWithSignUp(linkProofId(code), uid);
    return answersAgain(record, uid, signUpProved);
  }

  /** Auth's spending: a twin call may have spent the code meanwhile, which proved the same. */
  private async apply(uid: string, code: string): Promise<void> {
    const applied = await this.deps.codes.apply(code);
    if (applied.kind === 'disabled') throw disabledAccount();
    if (applied.kind === 'applied' && applied.uid !== uid) throw notThisAccount();
    if (applied.kind === 'expired') throw notThisAccount();
  }
}
