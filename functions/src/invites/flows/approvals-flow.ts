/**
 * A link that asks her first (domain/approvals.ts), for the mobile app signed in as her: the
 * people waiting for her, and her decision on one. Each acts on the caller's own requests only: a
 * uid nobody asked with answers as one that does not exist.
 */
import type { JoinDecisionAnswer, PendingJoin, PendingJoins } from '@dayfocus/contracts/join-approvals';
import type { Caller } from '../../platform/domain/caller.js';
import { decideRequest, PENDING_JOINS_PAGE, requestStanding } from '../domain/approvals.js';
import type { ApprovalStore } from './ports.js';

export interface ApprovalsFlowDeps {
  store: ApprovalStore;
  invitation: { inviterOf(caller: Caller): Promise<string> };
  now: () => Date;
}

export class ApprovalsFlow {
  constructor(private readonly deps: ApprovalsFlowDeps) {}

  /** Lapsed requests and people whose account is gone are not listed. */
  async pending(caller: Caller): Promise<PendingJoins> {
    const inviterId = await this.deps.invitation.inviterOf(caller);
    const now = this.deps.now();
    const found = await this.deps.store.requested(inviterId, PENDING_JOINS_PAGE + 1);
    const waiting = found
      .slice(0, PENDING_JOINS_PAGE)
      .filter((join) => join.inviteeDeletedAt === undefined && requestStanding(join, now) === 'waiting');
    const names = await this.deps.store.linkNames([...new Set(waiting.flatMap((join) => join.link ?? []))]);
    const requests = waiting.map((join): PendingJoin => ({
      userId: join.inviteeId,
      name: join.inviteeName,
      link: { code: join.link ?? '', name: (join.link && names.get(join.link)) ?? null },
      requestedAt: join.requestedAt ?? join.createdAt,
      lapsesAt: join.lapsesAt ?? '',
    }));
    return { requests, more: found.length > PENDING_JOINS_PAGE };
  }

  async decide(caller: Caller, input: { userId: string; approve: boolean }): Promise<JoinDecisionAnswer> {
    const inviterId = await this.deps.invitation.inviterOf(caller);
    const now = this.deps.now();
    await this.deps.store.decide(
      inviterId,
      input.userId,
      (join, facts) => decideRequest(join, { approve: input.approve, ...facts }, now),
      now,
    );
    return { outcome: input.approve ? 'friends' : 'declined' };
  }
}
