/**
 * A proof of an address, whichever way it came (the mail's link, the mail's code, the browser's
 * token, the link that finishes a half-made sign-up), and what the one activation door checks of
 * every proof alike before anything is proved: it is for this account, it proves the address the
 * account holds now, it is no older than its kind allows, and it is spent once. Pure.
 */
import { createHash } from 'node:crypto';
import type { AddressProofKind, AddressProofRecord } from '@dayfocus/contracts/address-proofs';
import type { SignUpRecord } from '@dayfocus/contracts/records';
import type { FlowError } from '../../platform/domain/errors.js';
import { sameAddress } from '../../platform/domain/email-addresses.js';
import { MAIL_CODE_LIFE_MS } from './mail-codes.js';

export type ProofKind = AddressProofKind;

/** What a way of proving yields: nothing else of its input reaches activation. */
export interface Proof {
  kind: ProofKind;
  /** The account the proof was made for (the sign-up it belongs to). */
  uid: string;
  /** Exactly the address it proves, as it was when the proof was made. */
  address: string;
  /**
   * When it was made (ISO): the mail's sending for the link and the code, the token's own `iat`;
   * null when it was not made by us (a link of Auth's own mail): then nothing is minted from it.
   */
  issuedAt: string | null;
  /** Names this proof and no other (a kind and a digest, never the secret): spent once. */
  id: string;
}

/**
 * What a way of proving hands the door: a proof with the refusal its page knows and, where the
 * issuer keeps its own (Auth's code of a link), the issuer's spending, which also marks the address
 * verified; or, for a link whose code Auth no longer takes, why, which the page says.
 */
export type Presented =
  { proof: Proof; refusal(): FlowError; spendAtIssuer?(): Promise<void> } | { unusable: 'expired' | 'used-or-invalid' };

/**
 * How old a proof may be when it is presented at all. The link's code carries Auth's own expiry,
 * which Auth enforces (null: no bound of ours on top); the mail's code lives as long as its mail
 * says (mail-codes.ts), the browser's token 10 minutes (its window, plus the seconds to the call).
 */
export const PROOF_MAX_AGE_MS: Record<ProofKind, number | null> = {
  'mail-link': null,
  'finish-link': null,
  'mail-code': MAIL_CODE_LIFE_MS,
  'browser-token': 11 * 60_000,
};

type ProofRefusal = 'other-account' | 'other-address' | 'too-old';

/** The account as it is now, read by the door. */
interface BoundAccount {
  uid: string;
  email: string | undefined;
}

/** Null when the proof binds to this account now; otherwise why not. */
export function proofRefusal(proof: Proof, account: BoundAccount, now: Date): ProofRefusal | null {
  if (proof.uid !== account.uid) return 'other-account';
  if (!sameAddress(proof.address, account.email)) return 'other-address';
  const maxAge = PROOF_MAX_AGE_MS[proof.kind];
  if (maxAge !== null && (proof.issuedAt === null || now.getTime() - Date.parse(proof.issuedAt) > maxAge)) {
    return 'too-old';
  }
  return null;
}

/** What spending a proof found and writes (`_addressProofs/{id}`, and the sign-up beside it). */
type Spending =
  | { kind: 'refused' }
  | {
      kind: 'spent';
      /** This presentation spent it (false: the same account's retry of one it spent before). */
      first: boolean;
      record: AddressProofRecord;
      /** Merged into the sign-up: its proof of the address when this one made it; may be empty. */
      signUpUpdate: Partial<SignUpRecord>;
    };

/**
 * A proof is spent once, by the account it was made for. A second presentation by that account (a
 * retry after a failure half way, the link opened again) is a spent proof, which proves nothing
 * new; a voided one, or one another account spent, is refused. The first spending of a proof made
 * while the address was unverified records the sign-up's own proof, which lets its inviter count
 * (inviter-choice.ts), and every first spending records when her mailbox last proved the address.
 */
export function spendingOf(
  existing: AddressProofRecord | undefined,
  signUp: Pick<SignUpRecord, 'invitedBy' | 'signUpProvedAt'> | undefined,
  input: { proof: Proof; verifiedBefore: boolean; now: Date },
): Spending {
  const { proof, now } = input;
  if (existing?.voidedAt || (existing && existing.uid !== proof.uid)) return { kind: 'refused' };
  if (existing?.spentAt) return { kind: 'spent', first: false, record: existing, signUpUpdate: {} };
  const at = now.toISOString();
  const record: AddressProofRecord = { ...proofRecord(proof), spentAt: at };
  const provesSignUp = !input.verifiedBefore && !!signUp?.invitedBy && !signUp.signUpProvedAt;
  const mailbox = { mailboxProvedAt: at, mailboxProvedAddress: proof.address };
  return {
    kind: 'spent',
    first: true,
    record,
    signUpUpdate: provesSignUp ? { ...mailbox, signUpProvedAt: at } : mailbox,
  };
}

/** A proof presented while the account holds another address: void for good, whatever comes after. */
export function voidedProof(existing: AddressProofRecord | undefined, proof: Proof, now: Date): AddressProofRecord {
  return { ...(existing ?? proofRecord(proof)), voidedAt: now.toISOString() };
}

/** The record of a proof made and not yet spent (a mail's link, written with the mail). */
function proofRecord(proof: Proof): AddressProofRecord {
  return { kind: proof.kind, uid: proof.uid, address: proof.address, issuedAt: proof.issuedAt };
}

const digestOf = (code: string) => createHash('sha256').update(code).digest('base64url');

/** A verification mail's link's proof id: a digest of Auth's code, never the code. */
export const linkProofId = (code: string): string => `link-${digestOf(code)}`;

/** A finishing link's proof id: a digest of Auth's reset code, never the code. */
export const finishProofId = (code: string): string => `finish-${digestOf(code)}`;
