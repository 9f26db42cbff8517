/**
 * Auth's password-reset codes and passwords for finishing a half-made sign-up
 * (flows/finish-sign-up-flow.ts): the Admin SDK makes the code and sets the password; the code
 * is checked and spent through Auth's REST API, as the browser SDK's verifyPasswordResetCode
 * and confirmPasswordReset do, with the web app's public API key.
 */
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { AccountByEmail, CheckedCode, PasswordResets } from '../flows/ports.js';
import { codeRefusal } from './verification-codes.js';

export class AuthPasswordResets implements PasswordResets {
  constructor(
    private readonly auth: Auth,
    private readonly options: {
      apiKey: () => string;
      /** `host:port` of the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST), when there is one. */
      emulatorHost: string | undefined;
      timeoutMs?: number;
    },
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

  async check(code: string): Promise<CheckedCode> {
    const answer = await this.post({ oobCode: code });
    if (!answer.ok) return { kind: answer.refusal };
    const { requestType, email } = answer.data;
    return {
      kind: 'code',
      requestType: String(requestType ?? ''),
      email: typeof email === 'string' ? email : undefined,
    };
  }

  async spend(code: string, password: string): Promise<boolean> {
    return (await this.post({ oobCode: code, newPassword: password })).ok;
  }

  private async post(body: object) {
    const base = this.options.emulatorHost
      ? `http://${this.options.emulatorHost}/identitytoolkit.googleapis.com`
      : 'https://identitytoolkit.googleapis.com';
    const apiKey = this.options.apiKey();
    if (apiKey === '') throw new Error('WEB_API_KEY is not set: reset codes cannot be checked (docs/configuration.md)');
    const response = await fetch(`${base}/v1/accounts:resetPassword?key=${encodeURIComponent(apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown> & {
      error?: { message?: string };
    };
    if (response.ok) return { ok: true as const, data };
    const refusal = codeRefusal(data.error?.message);
    if (refusal) return { ok: false as const, refusal };
    throw new Error(`Auth accounts:resetPassword answered ${response.status}: ${data.error?.message ?? 'no message'}`);
  }
}

/** The account Auth found, or null when it has none (an account without an address is none here). */
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
