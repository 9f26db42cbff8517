/**
 * The record of one proof of an address, in `_addressProofs/{id}` (collections.addressProofs): what
 * the activation door binds and spends (functions/src/activation/domain/proofs.ts).
 */
export type AddressProofKind = 'mail-link' | 'mail-code' | 'browser-token' | 'finish-link';

export interface AddressProofRecord {
  kind: AddressProofKind;
  /** The account it was made for. */
  uid: string;
  /** Exactly the address it proves. */
  address: string;
  /** When it was made (ISO), or null when not by us. */
  issuedAt: string | null;
  /**
   * Taken by a presentation of its account, which then writes the address to Auth: a retry of that
   * account finishes it (writes the same address again) until it is spent.
   */
  claimedAt?: string;
  /** Whether its spending records the sign-up's own proof (decided when it was first taken). */
  provesSignUp?: boolean;
  /** Spent: the address it proves was written verified. Presented again, it proves nothing new. */
  spentAt?: string;
  /** Presented while the account held another address: never proves anything again. */
  voidedAt?: string;
  /** For the TTL policy: a week on, when no proof is of use any more. */
  expireAt?: Date;
}
