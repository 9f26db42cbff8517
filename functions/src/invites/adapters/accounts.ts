import type { Auth } from 'firebase-admin/auth';
import { FlowError } from '../../platform/domain/errors.js';
import type { Account, AccountLookup, AccountMaker } from '../flows/ports.js';

/** The `code` an Admin SDK error carries (`auth/user-not-found`, ...), if any. */
const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

export class FirebaseAccounts implements AccountLookup, AccountMaker {
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
      const code = codeOf(error);
      if (code === 'auth/user-not-found' || code === 'auth/invalid-uid') return null;
      throw error;
    }
  }

  async clearDisplayName(uid: string): Promise<void> {
    await this.auth.updateUser(uid, { displayName: null });
  }

  async createPasswordAccount(email: string, password: string): Promise<{ uid: string; email: string } | 'taken'> {
    try {
      const made = await this.auth.createUser({ email, password, emailVerified: false });
      return { uid: made.uid, email: made.email ?? email };
    } catch (error) {
      const code = codeOf(error);
      if (code === 'auth/email-already-exists') return 'taken';
      // The request's schema passed them; Auth's own rules are the last word.
      if (code === 'auth/invalid-email') throw new FlowError('invalid-argument', 'This e-mail address is not valid');
      if (code === 'auth/invalid-password') throw new FlowError('invalid-argument', 'This password is not valid');
      throw error;
    }
  }

  async verifyAddress(uid: string, address: string): Promise<'verified' | 'taken'> {
    try {
      await this.auth.updateUser(uid, { email: address, emailVerified: true });
      return 'verified';
    } catch (error) {
      const code = codeOf(error);
      if (code === 'auth/email-already-exists') return 'taken';
      throw error;
    }
  }
}
