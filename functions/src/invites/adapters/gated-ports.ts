/**
 * The invite flows' writing ports behind the call's write gate (platform/adapters/write-gate.ts):
 * a transaction commits, and each other write starts, only once the call's App Check token is
 * consumed. composition/wiring.ts wraps the real ports, the flows' unit tests their fakes.
 */
import { gated } from '../../platform/adapters/write-gate.js';
import type { AccountLookup, InviteStore, VerificationCodes } from '../flows/ports.js';

export function gatedInviteStore(store: InviteStore): InviteStore {
  return gated(store, {
    transactions: ['transaction'],
    writes: ['rememberVerificationCode', 'ensureBaseUser', 'retireUser'],
  });
}

/** Removing a display name writes to Auth. */
export function gatedAccounts(accounts: AccountLookup): AccountLookup {
  return gated(accounts, { writes: ['clearDisplayName'] });
}

/** Applying a code verifies the address in Auth. */
export function gatedCodes(codes: VerificationCodes): VerificationCodes {
  return gated(codes, { writes: ['apply'] });
}
