/**
 * The sign-in handoff (docs/signed-in-on-arrival.md, section 6): a code minted by the welcome page's
 * "Get the app" for the person signed in there, redeemed once by the app for a custom token; a
 * second redemption locks the account until its owner recovers it from the mail it sends her
 * (or, once every token of the code has expired and nothing changed, only signs it out).
 */
import { HANDOFF_CODE_BYTES } from '@dayfocus/contracts/sign-in-handoff';
import type { Phone } from '@dayfocus/contracts/phones';
import type { SignUpRecord } from '@dayfocus/contracts/records';
import type { AccountLookup, UserReader } from '../../invites/flows/ports.js';
import type { ServerText } from '../../platform/domain/server-text.js';
import type { Caller } from '../../platform/domain/caller.js';
import type { Logger } from '../../platform/flows/ports.js';
import { FlowError } from '../../platform/domain/errors.js';
import { nextAllowedAt, withEventCounted } from '../../platform/domain/rolling-window.js';
import {
  ATTEMPTS_PER_INSTANCE,
  ATTEMPTS_PER_PREFIX,
  attemptKeyOf,
  checkMinter,
  decideRedemption,
  mayMintAtActivation,
  mintCounted,
  newHandoff,
  tooManyAttempts,
  tooManyMints,
  unusableCode,
  type HandoffAccount,
  type HandoffOwner,
  type HandoffRecord,
  type Redemption,
} from '../domain/handoffs.js';
import {
  decideRecovery,
  holderProvedSinceMint,
  lockOf,
  type AccountLock,
  type Recovery,
} from '../domain/account-locks.js';
import { accountDeletedMail, accountLockMail, recoveryLink } from '../domain/recovery-mail.js';
import type { HandoffAuth, HandoffStore } from './ports.js';

export interface SignInHandoffDeps {
  store: HandoffStore;
  auth: HandoffAuth;
  accounts: Pick<AccountLookup, 'getAccount'>;
  users: UserReader;
  signUps: { getSignUp(uid: string): Promise<SignUpRecord | undefined> };
  randomBytes: (size: number) => Buffer;
  /** A code's digest (and a retry key's, a recovery code's): the only form in which it is kept. */
  digest: (code: string) => string;
  textIn: (language: unknown) => ServerText;
  productDomain: () => string;
  now: () => Date;
  logger: Logger;
}

/**
 * A recovery's outcome: restored, with the link to set her password when she had one, and whether
 * an account made on her address was disabled to give it back; or `failed`, a step of Auth's that
 * did not go through (nothing is marked done: the same link finishes it).
 */
export type RecoveryOutcome =
  | Exclude<Recovery, { kind: 'restore' }>
  | { kind: 'restored'; resetLink: string | null; squatted: boolean }
  | { kind: 'failed' }
  | { kind: 'address-proved-elsewhere' };

interface MintRequest {
  platform: Phone;
  language?: string | undefined;
}

type Outcome = { kind: 'limited' } | (Redemption & { record: HandoffRecord | undefined });

export class SignInHandoffFlow {
  private instanceAttempts: string[] = [];

  constructor(private readonly deps: SignInHandoffDeps) {}

  async create(caller: Caller, request: MintRequest): Promise<{ code: string; expiresAt: string }> {
    const { account, user, signUp } = await this.minterOf(caller.uid);
    const at = this.deps.now();
    checkMinter({ caller, account, user, signUp, platform: request.platform, now: at });
    const minted = await this.mint(caller.uid, account, request, at);
    if (!minted) throw tooManyMints();
    return minted;
  }

  /** By the activation whose proof (of `address`, made at `proofIssuedAt`) proved the sign-up: null when refused, or spent. */
  async createAtActivation(
    uid: string,
    request: MintRequest & { proofIssuedAt: string | null; address: string },
  ): Promise<{ code: string; expiresAt: string } | null> {
    const { account, user, signUp } = await this.minterOf(uid);
    const at = this.deps.now();
    const proofIssuedAt = request.proofIssuedAt === null ? null : new Date(request.proofIssuedAt);
    if (!mayMintAtActivation({ account, user, signUp, proofIssuedAt, address: request.address, now: at })) return null;
    return this.mint(uid, account && { ...account, email: request.address }, request, at);
  }

  private async minterOf(uid: string) {
    const { accounts, users, signUps } = this.deps;
    const [account, user, signUp] = await Promise.all([
      accounts.getAccount(uid),
      users.getUser(uid),
      signUps.getSignUp(uid),
    ]);
    return { account, user, signUp };
  }

  /** Replaces the account's earlier live code; null when its mints are spent. */
  private async mint(
    uid: string,
    account: HandoffAccount | null,
    request: MintRequest,
    at: Date,
  ): Promise<{ code: string; expiresAt: string } | null> {
    const code = this.deps.randomBytes(HANDOFF_CODE_BYTES).toString('base64url');
    const owner = {
      email: account?.email ?? null,
      providerIds: account?.providerIds ?? [],
      language: this.deps.textIn(request.language).language,
      factorIds: account?.factorIds ?? [],
    };
    const record = newHandoff(uid, request.platform, at, owner);
    const minted = await this.deps.store.mint(this.deps.digest(code), record, (mintedAt) => mintCounted(mintedAt, at));
    return minted ? { code, expiresAt: record.expiresAt } : null;
  }

  /** `appPlatform`: as App Check names the calling app (null without a token, or for a web app). */
  async redeem(
    request: { code: string; installationId: string; retryKey: string },
    appPlatform: string | null,
  ): Promise<{ customToken: string }> {
    const { store, auth, now } = this.deps;
    const at = now();
    const key = attemptKeyOf(request.code);
    if (!key) throw unusableCode();
    const digest = this.deps.digest(request.code);
    const retryKeyDigest = this.deps.digest(request.retryKey);
    const outcome = await store.redeem<Outcome>(digest, key, async ({ record, attempts }) => {
      // Only an unknown code is a guess, and only guesses count against the windows: a known code's
      // reuse is decided (and its lock taken) whatever they say, so that spending a window with
      // made-up codes cannot keep the owner's redemption from locking.
      if (!record) {
        const limited = nextAllowedAt(attempts, ATTEMPTS_PER_PREFIX, at) > at || this.instanceFull(at);
        if (limited) return { result: { kind: 'limited' }, writes: {} };
        return {
          result: { kind: 'refuse', record },
          writes: { attempts: withEventCounted(attempts, ATTEMPTS_PER_PREFIX, at) },
        };
      }
      const account = await this.deps.accounts.getAccount(record.uid);
      const decision = decideRedemption({ record, account, appPlatform, retryKeyDigest, now: at });
      const first = decision.kind === 'grant' && decision.first;
      const redeemed = { redeemedAt: at.toISOString(), installationId: request.installationId, retryKeyDigest };
      const locking = decision.kind === 'reuse' && !record.lockingAt;
      return {
        result: { ...decision, record },
        writes: { ...(first ? { redeemed } : {}), ...(locking ? { lockingAt: at.toISOString() } : {}) },
      };
    });
    if (outcome.kind === 'limited') throw tooManyAttempts();
    if (!outcome.record) {
      this.instanceAttempts = withEventCounted(this.instanceAttempts, ATTEMPTS_PER_INSTANCE, at);
      throw unusableCode();
    }
    const { record } = outcome;
    switch (outcome.kind) {
      case 'grant':
        return { customToken: await auth.customToken(record.uid) };
      case 'reuse':
        await this.lock(digest, record, at);
        break;
      case 'signOut':
        // Signed out first, then the code revoked: a failure between signs out again on the next try.
        await auth.revokeSessions(record.uid);
        await store.revoke(digest, null, at);
        break;
      case 'deleted':
        await store.revoke(digest, this.deletionMail(record), at);
        break;
    }
    throw unusableCode();
  }

  /**
   * The owner's mail when the first redeemer deleted her account while his token could sign in: the
   * account cannot be locked or recovered (docs/threat-model.md), so she is told what
   * happened and where to start again.
   */
  private deletionMail(record: HandoffRecord) {
    const email = record.owner?.email;
    if (!email) return null;
    const home = new URL('/', this.deps.productDomain()).href;
    return accountDeletedMail(email, home, this.deps.textIn(record.owner?.language));
  }

  /**
   * A reuse: the account disabled and signed out first, then its lock, its owner's mail and the
   * code's revocation in one commit. A failure between leaves a code that locks again when tried
   * (its `lockingAt` tells the next try that the account's being disabled is the lock's own doing).
   */
  private async lock(digest: string, record: HandoffRecord, at: Date): Promise<void> {
    const { store, auth } = this.deps;
    await auth.lockAccount(record.uid);
    const owner = record.owner ?? (await this.ownerNow(record.uid));
    const code = this.deps.randomBytes(HANDOFF_CODE_BYTES).toString('base64url');
    await store.lock(
      digest,
      record.uid,
      (existing) => {
        const { lock, mail } = lockOf(existing, {
          uid: record.uid,
          owner,
          recoveryDigest: this.deps.digest(code),
          mintedAt: record.createdAt,
          now: at,
        });
        const link = recoveryLink(this.deps.productDomain(), record.uid, code);
        const text = this.deps.textIn(owner.language);
        return { lock, mail: mail && owner.email ? accountLockMail(owner.email, link, text) : null };
      },
      at,
    );
  }

  /**
   * The owner of an account whose code was minted before codes kept her (a code of the day before
   * this rule shipped): the account as it is now, the best there is, so that she is mailed too.
   */
  private async ownerNow(uid: string): Promise<HandoffOwner> {
    const account = await this.deps.accounts.getAccount(uid);
    return { email: account?.email ?? null, providerIds: account?.providerIds ?? [], language: 'en' };
  }

  /** What a redeemer may have changed is put back and the account enabled; she then sets her password through the link. */
  async recover(uid: string, code: string): Promise<RecoveryOutcome> {
    const { store, auth, accounts, now } = this.deps;
    const [lock, account] = await Promise.all([store.readLock(uid), accounts.getAccount(uid)]);
    const at = now();
    const recovery = decideRecovery(lock, this.deps.digest(code), account, at);
    const squatted = lock?.squatter !== undefined;
    try {
      if (recovery.kind === 'recovered' && recovery.resetPassword && lock?.owner.email) {
        // The link opened again (her first reset link expired, say): a new one.
        return { kind: 'restored', resetLink: await auth.passwordResetLink(lock.owner.email), squatted };
      }
      if (recovery.kind !== 'restore') return recovery;
      const took = await this.takeAddressBack(uid, recovery.restore.email, lock);
      if (took === 'proved-elsewhere') {
        this.deps.logger.warn('Account recovery left to support: another account proved her address', { uid });
        return { kind: 'address-proved-elsewhere' };
      }
      // Restored, then marked: a failure between leaves a lock that the same link restores again.
      const resetLink = await auth.restoreAccount(uid, recovery.restore);
      await store.markRecovered(uid, at);
      return { kind: 'restored', resetLink, squatted: squatted || took };
    } catch (error) {
      this.deps.logger.error('Account recovery stopped; the same link finishes it', {
        uid,
        error: error instanceof Error ? error.message : String(error),
      });
      return { kind: 'failed' };
    }
  }

  /**
   * Auth keeps one account per address, and at the mint it was hers, so whoever holds it now got it
   * since (most likely the first redeemer moved her account off it and signed up on it). Unless its
   * own mailbox proved it since the mint: then it is the mailbox's owner's, and nothing is taken.
   */
  private async takeAddressBack(
    uid: string,
    email: string,
    lock: AccountLock | undefined,
  ): Promise<boolean | 'proved-elsewhere'> {
    const holder = await this.deps.auth.addressHolder(email);
    if (holder === null || holder === uid) return false;
    if (lock && holderProvedSinceMint(lock, email, await this.deps.signUps.getSignUp(holder)))
      return 'proved-elsewhere';
    await this.deps.store.noteSquatter(uid, { uid: holder, email });
    await this.deps.auth.setAside(holder);
    return true;
  }

  /** "Not you?" in the app. */
  async revoke(caller: Caller): Promise<{ revoked: true }> {
    if (!caller.handoff) {
      throw new FlowError('permission-denied', 'Only a session made by a sign-in code is ended this way');
    }
    await this.deps.auth.revokeSessions(caller.uid);
    return { revoked: true };
  }

  private instanceFull(at: Date): boolean {
    return nextAllowedAt(this.instanceAttempts, ATTEMPTS_PER_INSTANCE, at) > at;
  }
}
