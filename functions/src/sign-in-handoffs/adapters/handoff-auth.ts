/** Auth for the sign-in handoff: its custom tokens, and the end of an account's sessions. */
import type { Auth } from 'firebase-admin/auth';
import { HANDOFF_CLAIM } from '@dayfocus/contracts/sign-in-handoff';
import type { HandoffAuth } from '../flows/ports.js';

export class FirebaseHandoffAuth implements HandoffAuth {
  constructor(private readonly auth: Auth) {}

  /**
   * Signed by the functions' service account in a deployment: it needs the Service Account Token
   * Creator role (iam.serviceAccounts.signBlob; docs/deploying.md). Unsigned in the emulator.
   */
  customToken(uid: string): Promise<string> {
    return this.auth.createCustomToken(uid, { [HANDOFF_CLAIM]: true });
  }

  /**
   * Auth keeps a revocation's time to the second, and a session begun in that same second would
   * survive it (its `auth_time` is not before it): the revocation waits for the next second.
   */
  async revokeSessions(uid: string): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 5));
    await this.auth.revokeRefreshTokens(uid);
  }
}
