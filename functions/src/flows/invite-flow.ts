/**
 * The invite flow's server-side steps. Inputs here are already validated; callers are
 * described by what their ID token proves. Errors a caller can act on are FlowErrors.
 */
import { logger } from 'firebase-functions';
import { FlowError, PASSWORD_PROVIDER, SOCIAL_PROVIDERS } from '../domain/errors.js';
import { DEAD_TOKEN_ERRORS, friendJoinPush } from '../domain/push.js';
import { displayNameOrGeneric, isLiveUser, type UserRecord } from '../domain/records.js';
import type { WriteResult } from '../domain/write-result.js';
import type { InviteStore } from '../adapters/invite-store.js';
import type { PushTransport } from '../adapters/push-transport.js';

export interface Caller {
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  signInProvider: string | undefined;
  name: string | undefined;
}

export interface AccountLookup {
  /** The account as the Auth service knows it, or null when there is none. */
  getAccount(uid: string): Promise<{
    uid: string;
    email: string | undefined;
    emailVerified: boolean;
    providerIds: string[];
    displayName: string | undefined;
  } | null>;
}

export interface InviteFlowDeps {
  store: InviteStore;
  accounts: AccountLookup;
  push: PushTransport;
  resolvePicture(profileImage: unknown): Promise<string | null>;
  now(): Date;
}

export interface InviterCard {
  inviterId: string;
  name: string;
  photoUrl: string | null;
}

export class InviteFlow {
  constructor(private readonly deps: InviteFlowDeps) {}

  private iso(): string {
    return this.deps.now().toISOString();
  }

  /** The inviter as a public page may see it: name and picture, nothing else. */
  async getInviter(inviterId: string): Promise<InviterCard> {
    const inviter = await this.deps.store.getUser(inviterId);
    if (!isLiveUser(inviter)) throw new FlowError('not-found', 'No inviter with this id');
    return {
      inviterId,
      name: displayNameOrGeneric(inviter.name),
      photoUrl: await this.deps.resolvePicture(inviter.profileImage),
    };
  }

  private async requireInviter(inviterId: string, caller: Caller): Promise<UserRecord> {
    if (inviterId === caller.uid) throw new FlowError('invalid-argument', 'You cannot invite yourself');
    const inviter = await this.deps.store.getUser(inviterId);
    if (!isLiveUser(inviter)) throw new FlowError('not-found', 'No inviter with this id');
    return inviter;
  }

  /** Email sign-up, right after the account was created in the browser. */
  async registerInvitee(caller: Caller, input: { inviterId: string; name: string }): Promise<WriteResult> {
    if (caller.signInProvider !== PASSWORD_PROVIDER) {
      throw new FlowError('failed-precondition', 'registerInvitee is for accounts created with email and password');
    }
    if (!caller.email) throw new FlowError('failed-precondition', 'The account has no email address');
    await this.requireInviter(input.inviterId, caller);
    return this.deps.store.recordEmailSignUp({
      userId: caller.uid,
      email: caller.email,
      name: input.name.trim(),
      inviterId: input.inviterId,
      now: this.iso(),
    });
  }

  /** Apple or Google sign-up: the full record, then the friendship steps. */
  async completeSocialSignUp(caller: Caller, input: { inviterId: string }): Promise<WriteResult> {
    if (!caller.signInProvider || !SOCIAL_PROVIDERS.has(caller.signInProvider)) {
      throw new FlowError('failed-precondition', 'completeSocialSignUp is for accounts signed in with Apple or Google');
    }
    await this.requireInviter(input.inviterId, caller);
    const { result, record } = await this.deps.store.recordSocialSignUp({
      userId: caller.uid,
      email: caller.email ?? '',
      name: caller.name,
      inviterId: input.inviterId,
      now: this.iso(),
    });
    await this.finishJoining(record);
    return result;
  }

  /**
   * Activation from the verification link, which may be opened on another device: no
   * sign-in, but the account must have proved its address.
   */
  async activateAccount(input: { uid: string; inviterId?: string }): Promise<WriteResult> {
    const account = await this.deps.accounts.getAccount(input.uid);
    if (!account) throw new FlowError('not-found', 'No account with this id');
    const proved = account.emailVerified || account.providerIds.some((p) => SOCIAL_PROVIDERS.has(p));
    if (!proved) throw new FlowError('failed-precondition', 'The email address is not verified yet');
    const user = await this.deps.store.getUser(input.uid);
    if (!user) throw new FlowError('failed-precondition', 'Sign-up has not been completed for this account');
    if (user.isDeleted) throw new FlowError('failed-precondition', 'This account has been deleted');
    if (input.inviterId && user.invitedBy && input.inviterId !== user.invitedBy) {
      logger.warn('Activation link names another inviter than the one recorded at sign-up; using the recorded one', {
        uid: input.uid,
        linkInviterId: input.inviterId,
        recordedInviterId: user.invitedBy,
      });
    }
    const result = await this.deps.store.markActiveAndVerified(input.uid, this.iso());
    if (result.status !== 200) throw new Error(result.message);
    await this.finishJoining(user);
    return result;
  }

  /** Notification defaults, friendship, history and push: each step safe to repeat. */
  private async finishJoining(invitee: UserRecord): Promise<void> {
    await this.deps.store.ensureDefaultNotifications(invitee.userId, this.iso());
    const inviterId = invitee.invitedBy;
    if (!inviterId || inviterId === invitee.userId) return;
    const inviter = await this.deps.store.getUser(inviterId);
    if (!isLiveUser(inviter)) {
      logger.warn('Inviter recorded at sign-up no longer exists; no friendship made', { uid: invitee.userId, inviterId });
      return;
    }
    const inviteeName = displayNameOrGeneric(invitee.name);
    await this.deps.store.linkFriends({ inviterId, inviteeId: invitee.userId, inviteeName, now: this.iso() });
    await this.deliverNotice(inviterId, invitee.userId);
  }

  /** Sends the friend-join push if it is still owed. A failure is logged, never thrown. */
  private async deliverNotice(inviterId: string, inviteeId: string): Promise<void> {
    const notice = await this.deps.store.claimNotice(inviterId, inviteeId, this.deps.now());
    if (!notice) return;
    const settle = (status: 'pending' | 'sent' | 'no-token' | 'token-removed', error?: string) =>
      this.deps.store.settleNotice(inviterId, inviteeId, { status, error }, this.iso());
    try {
      const inviter = await this.deps.store.getUser(inviterId);
      const token = inviter?.fcmToken;
      if (!token) {
        await settle('no-token');
        return;
      }
      const [outcome] = await this.deps.push.send([friendJoinPush(token, notice.inviteeName)]);
      if (outcome?.delivered) {
        await settle('sent');
      } else if (outcome?.errorCode && DEAD_TOKEN_ERRORS.has(outcome.errorCode)) {
        await this.deps.store.removeDeadToken(inviterId, token, this.iso());
        await settle('token-removed', outcome.errorCode);
        logger.info('Removed a push token that FCM reported dead', { inviterId, errorCode: outcome.errorCode });
      } else {
        // Not the token's fault (a bad request or FCM trouble): keep it and owe the push.
        await settle('pending', outcome?.errorCode ?? 'unknown');
        logger.error('Error Notification:', { inviterId, inviteeId, errorCode: outcome?.errorCode, message: outcome?.errorMessage });
      }
    } catch (error) {
      logger.error('Error Notification:', { inviterId, inviteeId, error: error instanceof Error ? error.message : String(error) });
      await settle('pending', error instanceof Error ? error.message : String(error)).catch((settleError: unknown) =>
        logger.error('Could not release the push notice; it is retried after its lease runs out', {
          inviterId,
          inviteeId,
          error: String(settleError),
        }),
      );
    }
  }

  async onAccountCreated(account: { uid: string; email: string | undefined; displayName: string | undefined }): Promise<void> {
    const outcome = await this.deps.store.ensureBaseUser({
      userId: account.uid,
      email: account.email ?? '',
      name: account.displayName ?? '',
      now: this.iso(),
    });
    logger.info('Base user record', { uid: account.uid, outcome });
  }

  async onAccountDeleted(uid: string): Promise<void> {
    const outcome = await this.deps.store.retireUser(uid, this.iso());
    logger.info('User record retired', { uid, outcome });
  }
}
