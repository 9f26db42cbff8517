import type { Auth } from 'firebase-admin/auth';
import type { Account, AccountLookup } from '../flows/ports.js';

export class FirebaseAccounts implements AccountLookup {
  constructor(private readonly auth: Auth) {}

  async getAccount(uid: string): Promise<Account | null> {
    try {
      const user = await this.auth.getUser(uid);
      return {
        uid: user.uid,
        email: user.email,
        emailVerified: user.emailVerified,
        providerIds: user.providerData.map((p) => p.providerId),
        displayName: user.displayName,
        disabled: user.disabled,
        tokensValidAfter: user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime).toISOString() : undefined,
        factorIds: (user.multiFactor?.enrolledFactors ?? []).map((factor) => factor.uid),
      };
    } catch (error) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
      if (code === 'auth/user-not-found' || code === 'auth/invalid-uid') return null;
      throw error;
    }
  }

  async clearDisplayName(uid: string): Promise<void> {
    await this.auth.updateUser(uid, { displayName: null });
  }

  async verifyAddress(uid: string, address: string): Promise<'verified' | 'taken'> {
    try {
      await this.auth.updateUser(uid, { email: address, emailVerified: true });
      return 'verified';
    } catch (error) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
      if (code === 'auth/email-already-exists') return 'taken';
      throw error;
    }
  }
}
