import { createHash, randomBytes } from 'node:crypto';
import type { Auth, PhoneMultiFactorInfo, UpdateMultiFactorInfoRequest } from 'firebase-admin/auth';
import { HANDOFF_CLAIM } from '@dayfocus/contracts/sign-in-handoff';
import type { Restore } from '../domain/account-locks.js';
import type { HandoffAuth } from '../flows/ports.js';

export class FirebaseHandoffAuth implements HandoffAuth {
  constructor(private readonly auth: Auth) {}

  /**
   * Signed by the functions' service account in a deployment: it needs the Service Account Token
   * Creator role (iam.serviceAccounts.signBlob; docs/deploying.md). Unsigned in the emulator.
   * The Admin SDK signs it for an hour, Auth's ceiling; a lock lasts that hour (account-locks.ts).
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

  /** Disabled first: from then on no sign-in of any kind, a kept custom token's included, gets a session. */
  async lockAccount(uid: string): Promise<void> {
    await this.auth.updateUser(uid, { disabled: true });
    await this.revokeSessions(uid);
  }

  async restoreAccount(uid: string, restore: Restore): Promise<string | null> {
    // Unlinked first: unlinking a provider may take the address it brought with it.
    if (restore.unlink.length > 0) await this.auth.updateUser(uid, { providersToUnlink: restore.unlink });
    const factors = restore.keepFactorIds ? await this.keptFactors(uid, restore.keepFactorIds) : undefined;
    await this.auth.updateUser(uid, {
      email: restore.email,
      emailVerified: true,
      ...(restore.resetPassword ? { password: randomBytes(24).toString('base64url') } : {}),
      ...(factors !== undefined ? { multiFactor: { enrolledFactors: factors } } : {}),
    });
    await this.revokeSessions(uid);
    if (restore.enable) await this.auth.updateUser(uid, { disabled: false });
    return restore.resetPassword ? this.passwordResetLink(restore.email) : null;
  }

  /** The account's second factors that are still hers (null: none left, which removes them all). */
  private async keptFactors(uid: string, keep: readonly string[]): Promise<UpdateMultiFactorInfoRequest[] | null> {
    const enrolled = (await this.auth.getUser(uid)).multiFactor?.enrolledFactors ?? [];
    const kept = enrolled
      .filter((factor) => keep.includes(factor.uid))
      .map((factor) => ({
        uid: factor.uid,
        factorId: factor.factorId,
        displayName: factor.displayName,
        phoneNumber: (factor as PhoneMultiFactorInfo).phoneNumber,
        enrollmentTime: factor.enrollmentTime,
      }));
    return kept.length > 0 ? kept : null;
  }

  async addressHolder(email: string): Promise<string | null> {
    try {
      return (await this.auth.getUserByEmail(email)).uid;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'auth/user-not-found') return null;
      throw error;
    }
  }

  /**
   * Its address becomes one under the reserved `.invalid` domain (RFC 2606), where no mail is ever
   * delivered, named by its uid's digest: unique, since Auth compares addresses without case and uids
   * have it.
   */
  async setAside(uid: string): Promise<void> {
    await this.auth.updateUser(uid, { disabled: true });
    await this.revokeSessions(uid);
    const name = createHash('sha256').update(uid).digest('hex').slice(0, 32);
    await this.auth.updateUser(uid, { email: `${name}@address-taken-back.invalid` });
  }

  passwordResetLink(email: string): Promise<string> {
    return this.auth.generatePasswordResetLink(email);
  }
}
