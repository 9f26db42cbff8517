/**
 * The inviter's levers on her own invitation, called by the mobile app signed in as her: a pause,
 * a limit and an expiry (domain/invite-limits.ts). Each acts on the caller's own invitation only:
 * no request names an inviter. The join, the sign-up and her page enforce what these write.
 */
import type { InvitationControls } from '@dayfocus/contracts/invite-controls';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError } from '../../platform/domain/errors.js';
import { checkSession } from '../../platform/domain/session.js';
import { controlsAnswer, limitedControls, pausedControls } from '../domain/invite-limits.js';
import type { AccountLookup, InviteControls, UserReader } from './ports.js';

export interface InviterControlsDeps {
  controls: InviteControls;
  users: UserReader;
  accounts: Pick<AccountLookup, 'getAccount'>;
  now(): Date;
}

export class InviterControlsFlow {
  constructor(private readonly deps: InviterControlsDeps) {}

  /**
   * The caller as an inviter: a session that still counts, of an account with a live record. An
   * account the app never finished (no record) has no invitation to act on.
   */
  async inviterOf(caller: Caller): Promise<string> {
    const [account, user] = await Promise.all([
      this.deps.accounts.getAccount(caller.uid),
      this.deps.users.getUser(caller.uid),
    ]);
    checkSession(caller, account);
    if (!user || user.isDeleted) throw new FlowError('failed-precondition', 'Finish signing up in the app first');
    return caller.uid;
  }

  async pause(caller: Caller, paused: boolean): Promise<InvitationControls> {
    const inviterId = await this.inviterOf(caller);
    const now = this.deps.now();
    const state = await this.deps.controls.change(inviterId, (current) =>
      pausedControls(current, inviterId, paused, now),
    );
    return controlsAnswer(state.controls, state.joins, now);
  }

  async setLimits(
    caller: Caller,
    change: { maxJoins?: number | null | undefined; expiresAt?: string | null | undefined },
  ): Promise<InvitationControls> {
    const inviterId = await this.inviterOf(caller);
    const now = this.deps.now();
    // Checked before the transaction, so that a refused expiry writes nothing.
    limitedControls(undefined, inviterId, change, now);
    const state = await this.deps.controls.change(inviterId, (current) =>
      limitedControls(current, inviterId, change, now),
    );
    return controlsAnswer(state.controls, state.joins, now);
  }
}
