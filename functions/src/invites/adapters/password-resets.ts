/**
 * Auth's password-reset codes and passwords for finishing a half-made sign-up
 * (activation/flows/finish-link-way.ts): the Admin SDK makes the code and sets the password; the code
 * is checked and spent through Auth's REST API, as the browser SDK's verifyPasswordResetCode
 * and confirmPasswordReset do, with the web app's public API key.
 */
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { AccountByEmail, CheckedCode, PasswordResets } from '../flows/ports.js';
import { checkCode, postCode, type AuthRestOptions } from './verification-codes.js';

export class AuthPasswordResets implements PasswordResets {
  constructor(
    private readonly auth: Auth,
    private readonly options: AuthRestOptions,
  ) {}

  accountByEmail(email: string): Promise<AccountByEmail | null> {
    return accountOf(this.auth.getUserByEmail(email));
  }

  accountById(uid: string): Promise<AccountByEmail | null> {
    return accountOf(this.auth.getUser(uid));
  }

  async resetCode(email: string, continueUrl: string): Promise<string> {
    const link = await this.auth.generatePasswordResetLink(email, { url: continueUrl });
    const code = new URL(link).searchParams.get('oobCode');
    if (!code) throw new Error('Auth made a password-reset link without a code');
    return code;
  }

  async setPassword(uid: string, password: string): Promise<void> {
    await this.auth.updateUser(uid, { password });
    await this.auth.revokeRefreshTokens(uid);
  }

  check(code: string): Promise<CheckedCode> {
    return checkCode(this.options, code);
  }

  async spend(code: string, password: string): Promise<boolean> {
    return (await postCode(this.options, 'resetPassword', { oobCode: code, newPassword: password })).ok;
  }
}

/** An account without an address is none here. */
async function accountOf(lookup: Promise<UserRecord>): Promise<AccountByEmail | null> {
  try {
    const user = await lookup;
    if (!user.email) return null;
    return {
      uid: user.uid,
      email: user.email,
      emailVerified: user.emailVerified,
      disabled: user.disabled,
      providerIds: user.providerData.map((info) => info.providerId),
    };
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}
