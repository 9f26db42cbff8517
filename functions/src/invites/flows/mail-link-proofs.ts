/**
 * The verification mail's link as a way of proving the address: its code, checked with Auth without
 * using it up, is the proof of the address Auth made it for, issued when our mail carried it (its
 * record, written with the mail: mail-outbox.ts). The door (activation-flow.ts) binds it; Auth's own
 * spending of the code, which marks the address verified, comes after the door's. A code Auth no
 * longer takes is the proof it was when this account spent it (the link opened again, a retry after
 * a failure half way), or says why it is no proof.
 */
import { FlowError } from '../../platform/domain/errors.js';
import { sameAddress } from '../../platform/domain/email-addresses.js';
import { disabledAccount } from '../domain/join-decisions.js';
import { linkProofId, type Presented, type Proof } from '../domain/proofs.js';
import type { AddressProofs, VerificationCodes } from './ports.js';

export interface MailLinkDeps {
  codes: VerificationCodes;
  proofs: Pick<AddressProofs, 'read'>;
}

export const notThisAccount = () => new FlowError('invalid-argument', 'This verification link is not for this account');

export class MailLinkProofs {
  constructor(private readonly deps: MailLinkDeps) {}

  async presented(uid: string, code: string): Promise<Presented> {
    const id = linkProofId(code);
    const [check, record] = await Promise.all([this.deps.codes.check(code), this.deps.proofs.read(id)]);
    if (check.kind === 'disabled') throw disabledAccount();
    if (check.kind === 'code') {
      if (check.requestType !== 'VERIFY_EMAIL' || !check.email) throw notThisAccount();
      if (record && (record.uid !== uid || !sameAddress(record.address, check.email))) throw notThisAccount();
      const proof: Proof = { kind: 'mail-link', uid, address: check.email, issuedAt: record?.issuedAt ?? null, id };
      return { proof, refusal: notThisAccount, spendAtIssuer: () => this.apply(uid, code) };
    }
    if (check.kind === 'used-or-invalid' && record?.spentAt && record.uid === uid) {
      const { address, issuedAt } = record;
      return { proof: { kind: 'mail-link', uid, address, issuedAt, id }, refusal: notThisAccount };
    }
    return { unusable: check.kind };
  }

  /**
   * Whether `uid` has spent this link's code already (the link opened again): our record alone, so
   * that a page can tell before any Auth lookup. A code of another account's, or none, is not.
   */
  async spentBy(uid: string, code: string): Promise<boolean> {
    const record = await this.deps.proofs.read(linkProofId(code));
    return record?.spentAt !== undefined && record.uid === uid;
  }

  /** Auth's spending: a twin call may have spent the code meanwhile, which proved the same. */
  private async apply(uid: string, code: string): Promise<void> {
    const applied = await this.deps.codes.apply(code);
    if (applied.kind === 'disabled') throw disabledAccount();
    if (applied.kind === 'applied' && applied.uid !== uid) throw notThisAccount();
    if (applied.kind === 'expired') throw notThisAccount();
  }
}
