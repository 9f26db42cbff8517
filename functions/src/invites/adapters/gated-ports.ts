/**
 * The invite flows' writing ports behind the call's write gate (platform/adapters/write-gate.ts):
 * a transaction commits, and each other write starts, only once the call's App Check token is
 * consumed. Each table names the role of every method of its port, so a method added to a port
 * does not compile until it is classified here.
 */
import { gated, type GateTable } from '../../platform/adapters/write-gate.js';
import type {
  AccountLookup,
  AccountMaker,
  AddressProofs,
  InviteStore,
  MailCodeStore,
  VerificationCodes,
} from '../flows/ports.js';

export const inviteStoreGate = {
  getUser: 'read',
  transaction: 'transaction',
  ensureBaseUser: 'write',
  retireUser: 'write',
  forgetInvitee: 'write',
} as const satisfies GateTable<InviteStore>;

/** Removing a display name, or writing a proved address verified, writes to Auth. */
export const accountsGate = {
  getAccount: 'read',
  clearDisplayName: 'write',
  verifyAddress: 'write',
} as const satisfies GateTable<AccountLookup>;

/** Making an account writes to Auth. */
export const accountMakerGate = { createPasswordAccount: 'write' } as const satisfies GateTable<AccountMaker>;

/** Applying a code verifies the address in Auth. */
export const codesGate = {
  check: 'read',
  apply: 'write',
} as const satisfies GateTable<VerificationCodes>;

/** A try of a mail's code writes its counts, or spends it. */
export const mailCodesGate = {
  tryCode: 'write',
} as const satisfies GateTable<MailCodeStore>;

/** The door's taking and spending of a proof writes it, and the sign-up's proof beside it. */
export const addressProofsGate = {
  read: 'read',
  readWithSignUp: 'read',
  change: 'write',
} as const satisfies GateTable<AddressProofs>;

export function gatedInviteStore(store: InviteStore): InviteStore {
  return gated(store, inviteStoreGate);
}

export function gatedAccounts(accounts: AccountLookup): AccountLookup {
  return gated(accounts, accountsGate);
}

export function gatedAccountMaker(maker: AccountMaker): AccountMaker {
  return gated(maker, accountMakerGate);
}

export function gatedCodes(codes: VerificationCodes): VerificationCodes {
  return gated(codes, codesGate);
}

export function gatedMailCodes(codes: MailCodeStore): MailCodeStore {
  return gated(codes, mailCodesGate);
}

export function gatedAddressProofs(proofs: AddressProofs): AddressProofs {
  return gated(proofs, addressProofsGate);
}
