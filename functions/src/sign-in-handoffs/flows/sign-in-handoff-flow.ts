/**
 * The sign-in handoff (docs/app-contract.md, section 6): a code minted by the welcome page's
 * "Get the app" for the person signed in there, redeemed once by the app for a custom token.
 */
import { HANDOFF_CODE_BYTES, type HandoffPlatform } from '@dayfocus/contracts/sign-in-handoff';
import type { AccountLookup, UserReader } from '../../invites/flows/ports.js';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError } from '../../platform/domain/errors.js';
import { nextAllowedAt, withEventCounted } from '../../platform/domain/rolling-window.js';
import {
  ATTEMPTS_PER_INSTANCE,
  ATTEMPTS_PER_PREFIX,
  attemptKeyOf,
  checkMinter,
  decideRedemption,
  newHandoff,
  tooManyAttempts,
  unusableCode,
  type Redemption,
} from '../domain/handoffs.js';
import type { HandoffAuth, HandoffStore } from './ports.js';

export interface SignInHandoffDeps {
  store: HandoffStore;
  auth: HandoffAuth;
  accounts: Pick<AccountLookup, 'getAccount'>;
  users: UserReader;
  randomBytes: (size: number) => Buffer;
  /** A code's digest, the only form in which it is kept. */
  digest: (code: string) => string;
  now: () => Date;
}

/** A redemption's outcome with the account it concerns. */
type Outcome = { kind: 'limited' } | (Redemption & { uid: string | undefined });

export class SignInHandoffFlow {
  /** The attempts this instance took lately (ATTEMPTS_PER_INSTANCE). */
  private instanceAttempts: string[] = [];

  constructor(private readonly deps: SignInHandoffDeps) {}

  /** A new code for the caller's account, replacing its earlier live one. */
  async create(caller: Caller, platform: HandoffPlatform): Promise<{ code: string; expiresAt: string }> {
    const { accounts, users, store, now } = this.deps;
    const [account, user] = await Promise.all([accounts.getAccount(caller.uid), users.getUser(caller.uid)]);
    checkMinter({ caller, account, user });
    const code = this.deps.randomBytes(HANDOFF_CODE_BYTES).toString('base64url');
    const at = now();
    const record = newHandoff(caller.uid, platform, at);
    await store.mint(this.deps.digest(code), record, at);
    return { code, expiresAt: record.expiresAt };
  }

  /**
   * A custom token for the code's account, or the one refusal. `appPlatform`: the calling app's
   * platform as App Check names it (null without a token, or for a web app).
   */
  async redeem(
    request: { code: string; installationId: string },
    appPlatform: string | null,
  ): Promise<{ customToken: string }> {
    const { store, auth, now } = this.deps;
    const at = now();
    this.countOnInstance(at);
    const key = attemptKeyOf(request.code);
    if (!key) throw unusableCode();
    const digest = this.deps.digest(request.code);
    const outcome = await store.redeem<Outcome>(digest, key, async ({ record, attempts }) => {
      if (nextAllowedAt(attempts, ATTEMPTS_PER_PREFIX, at) > at) return { result: { kind: 'limited' }, writes: {} };
      const account = record ? await this.deps.accounts.getAccount(record.uid) : null;
      const decision = decideRedemption({
        record,
        account,
        appPlatform,
        installationId: request.installationId,
        now: at,
      });
      const first = decision.kind === 'grant' && decision.first;
      return {
        result: { ...decision, uid: record?.uid },
        writes: {
          attempts: withEventCounted(attempts, ATTEMPTS_PER_PREFIX, at),
          ...(first ? { redeemed: { redeemedAt: at.toISOString(), installationId: request.installationId } } : {}),
        },
      };
    });
    if (outcome.kind === 'limited') throw tooManyAttempts();
    if (outcome.kind === 'grant' && outcome.uid) return { customToken: await auth.customToken(outcome.uid) };
    if (outcome.kind === 'reuse' && outcome.uid) {
      // Revoked first, marked after: a failure between leaves a code that ends the sessions again.
      await auth.revokeSessions(outcome.uid);
      await store.markRevoked(digest, at);
    }
    throw unusableCode();
  }

  /** "Not you?" in the app: ends every session of the account, the handoff's among them. */
  async revoke(caller: Caller): Promise<{ revoked: true }> {
    if (!caller.handoff) {
      throw new FlowError('permission-denied', 'Only a session made by a sign-in code is ended this way');
    }
    await this.deps.auth.revokeSessions(caller.uid);
    return { revoked: true };
  }

  /** Counts an attempt on this instance, or refuses it when the instance's minute is full. */
  private countOnInstance(at: Date): void {
    if (nextAllowedAt(this.instanceAttempts, ATTEMPTS_PER_INSTANCE, at) > at) throw tooManyAttempts();
    this.instanceAttempts = withEventCounted(this.instanceAttempts, ATTEMPTS_PER_INSTANCE, at);
  }
}
