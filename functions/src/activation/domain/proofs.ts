/**
 * A proof of an address, whichever way it came (the mail's link, the mail's code, the browser's
 * token, the link that finishes a half-made sign-up, the provider's sign-in), and what the one
 * activation door checks of every proof alike: it is for this account, it proves the address the
 * account holds now, it is no older than its kind allows, and it is spent once, by writing the
 * address it proves, verified, and nothing else. Pure.
 */
import type { AddressProofKind, AddressProofRecord } from '@dayfocus/contracts/address-proofs';
import type { InviteWay } from '@dayfocus/contracts/invite-ways';
import type { SignUpRecord } from '@dayfocus/contracts/records';
import type { FlowError } from '../../platform/domain/errors.js';
import { sameAddress } from '../../platform/domain/email-addresses.js';
import { MAIL_CODE_LIFE_MS } from '../../invites/domain/mail-codes.js';

/** A provider's sign-in is a proof the provider keeps: nothing of ours records or spends it. */
export type ProofKind = AddressProofKind | 'provider';

/** What a way of proving yields: nothing else of its input reaches the door. */
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

/** The provider's sign-up the provider's way asks the door to join with, instead of an activation. */
export interface SocialSignUp {
  provider: string;
  name: string | undefined;
  inviterId: string;
  way?: InviteWay | undefined;
  /** The link whose page the sign-up came through, when it said. */
  link?: string | undefined;
}

/** A proof we keep a record of: every kind but the provider's. */
export type RecordedProof = Proof & { kind: AddressProofKind };

export const isRecorded = (proof: Proof): proof is RecordedProof => proof.kind !== 'provider';

/**
 * What a way of proving hands the door: a proof with the refusal its page knows, and what the
 * way adds: the issuer's own spending (Auth's code of a link or a reset), run beside the door's
 * write of the address; the inviter it knows; the provider's sign-up to join with; what the answer
 * carries beside the door's. Or, for a link whose code Auth no longer takes, why, which the page
 * says: the door refuses it before anything else.
 */
export type Presented =
  | {
      proof: Proof;
      refusal(): FlowError;
      spendAtIssuer?(): Promise<void>;
      /**
       * The issuer spent its code before the door took the proof (Auth's own page applied a link of
       * our mail): a proof of ours for this account, which proves nothing new and writes nothing.
       */
      spentByIssuer?: true;
      inviterId?: string | undefined;
      socialSignUp?: SocialSignUp;
      answerExtras?: { uid: string; email: string };
    }
  | { unusable: 'expired' | 'used-or-invalid' };

/**
 * How old a proof may be when it is presented at all. The link's code carries Auth's own expiry,
 * which Auth enforces (null: no bound of ours on top); the mail's code lives as long as its mail
 * says (mail-codes.ts), the browser's token 10 minutes (its window, plus the seconds to the call);
 * the provider's sign-in is the session's.
 */
export const PROOF_MAX_AGE_MS: Record<ProofKind, number | null> = {
  'mail-link': null,
  'finish-link': null,
  'mail-code': MAIL_CODE_LIFE_MS,
  'browser-token': 11 * 60_000,
  provider: null,
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

/**
 * What taking a proof found (`_addressProofs/{id}`): refused (voided, or another account's), spent
 * before (presented again: it proves nothing new and writes nothing), or taken by this
 * presentation, or by an earlier one of the same account that did not finish (a retry finishes it).
 */
export type Claim =
  | { kind: 'refused' }
  | { kind: 'spent' }
  | {
      kind: 'claimed';
      record: AddressProofRecord;
      provesSignUp: boolean;
      fresh: boolean;
      /** The sign-up's marks of this taking (its own proof taken, and of which address), if any. */
      signUpUpdate: Partial<SignUpRecord>;
    };

/**
 * A proof is taken by the account it was made for, and only for the address it proves. Whether its
 * spending records the sign-up's own proof is decided when it is first taken (the address was
 * unverified then, and the sign-up names an inviter with no proof yet), and kept for a retry, which
 * finds the address verified by the first try's write. The sign-up records that first taking at
 * once: Auth shows the address verified before the spending, and a call that reads it then (or after
 * a failure between) must find the inviter counting as the spending will make it
 * (recordedInviterCounts).
 */
export function claimOf(
  existing: AddressProofRecord | undefined,
  signUp: Pick<SignUpRecord, 'invitedBy' | 'signUpProvedAt'> | undefined,
  input: { proof: RecordedProof; verifiedBefore: boolean; now: Date },
): Claim {
  const { proof, now } = input;
  if (existing?.voidedAt || (existing && existing.uid !== proof.uid)) return { kind: 'refused' };
  if (existing && !sameAddress(existing.address, proof.address)) return { kind: 'refused' };
  if (existing?.spentAt) return { kind: 'spent' };
  if (existing?.claimedAt) {
    const provesSignUp = existing.provesSignUp === true;
    return { kind: 'claimed', record: existing, provesSignUp, fresh: false, signUpUpdate: {} };
  }
  const provesSignUp = !input.verifiedBefore && !!signUp?.invitedBy && !signUp.signUpProvedAt;
  const at = now.toISOString();
  const record: AddressProofRecord = { ...proofRecord(proof), claimedAt: at, provesSignUp };
  const signUpUpdate = provesSignUp ? { signUpProofTakenAt: at, signUpProofAddress: proof.address } : {};
  return { kind: 'claimed', record, provesSignUp, fresh: true, signUpUpdate };
}

/**
 * The spending, once the address it proves is written verified: the record spent, and the sign-up's
 * marks (when her mailbox last proved the address, and the sign-up's own proof where its taking
 * said so and none is recorded). Null when it was spent meanwhile (a twin presentation).
 */
export function spendingOf(
  record: AddressProofRecord | undefined,
  signUp: Pick<SignUpRecord, 'signUpProvedAt'> | undefined,
  input: { proof: RecordedProof; provesSignUp: boolean; now: Date },
): { record: AddressProofRecord; signUpUpdate: Partial<SignUpRecord> } | null {
  if (record?.spentAt) return null;
  const at = input.now.toISOString();
  const mailbox = { mailboxProvedAt: at, mailboxProvedAddress: input.proof.address };
  const provesSignUp = input.provesSignUp && !signUp?.signUpProvedAt;
  return {
    record: { ...(record ?? proofRecord(input.proof)), spentAt: at },
    signUpUpdate: provesSignUp ? { ...mailbox, signUpProvedAt: at } : mailbox,
  };
}

/**
 * The sign-up's mark of a taking undone, when Auth refused to write its address (another account
 * holds it): a taking whose address was never written proves nothing, whatever verifies it later.
 */
export function takingRefused(
  signUp: Pick<SignUpRecord, 'signUpProofTakenAt' | 'signUpProofAddress'> | undefined,
  address: string,
): Partial<SignUpRecord> {
  if (typeof signUp?.signUpProofTakenAt !== 'string' || !sameAddress(signUp.signUpProofAddress, address)) return {};
  return { signUpProofTakenAt: null, signUpProofAddress: null };
}

/** A proof presented while the account holds another address: void for good, whatever comes after. */
export function voidedProof(
  existing: AddressProofRecord | undefined,
  proof: RecordedProof,
  now: Date,
): AddressProofRecord {
  return { ...(existing ?? proofRecord(proof)), voidedAt: now.toISOString() };
}

/** The record of a proof made and not yet taken (a mail's link, written with the mail). */
function proofRecord(proof: RecordedProof): AddressProofRecord {
  return { kind: proof.kind, uid: proof.uid, address: proof.address, issuedAt: proof.issuedAt };
}

/** A proof's record its account has taken: claimed by the door, or spent. */
export const takenProof = (record: AddressProofRecord): boolean =>
  record.spentAt !== undefined || record.claimedAt !== undefined;

/**
 * Whether a link of `uid`'s own mail, opened again, answers as its confirmation did (our records
 * alone): a record of ours for this account, not voided, that the account took, or whose sign-up
 * another way has proved since. A code of another account's, or one we never mailed, does not.
 */
export function answersAgain(
  record: AddressProofRecord | undefined,
  uid: string,
  signUpProved: boolean,
): record is AddressProofRecord {
  if (!record || record.uid !== uid || record.voidedAt) return false;
  return takenProof(record) || signUpProved;
}
