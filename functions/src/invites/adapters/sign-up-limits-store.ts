/**
 * The tries at a new e-mail account per client, in `_signUpLimits/client-{digest}` (the stamps of
 * its window, and `expireAt` for a TTL policy when the window ends: docs/deploying.md).
 */
import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import { countWithinLimits } from '../../platform/adapters/rolling-limits.js';
import { gated } from '../../platform/adapters/write-gate.js';
import { limitKey, type RollingWindow } from '../../platform/domain/rolling-window.js';
import type { SignUpLimits } from '../flows/ports.js';

export class FirestoreSignUpLimits implements SignUpLimits {
  constructor(
    private readonly firestore: Firestore,
    private readonly window: RollingWindow,
  ) {}

  take(client: string, now: Date): Promise<boolean> {
    const ref = this.firestore.collection(collections.signUpLimits).doc(limitKey('client', client));
    return this.firestore.runTransaction((tx) => countWithinLimits(tx, [{ ref, window: this.window }], now));
  }
}

/** Counting a try writes its stamp: after the call's App Check token is consumed. */
export const gatedSignUpLimits = (limits: SignUpLimits): SignUpLimits => gated(limits, { take: 'write' });
