/**
 * Her invite links, one per chat (docs/inviter-view.md, "Her links"), decided: what a new link
 * and a change write, and what her list says of each. Pure: the store reads, these decide, the
 * store writes. A link's limit and expiry follow her invitation's own rules (invites/domain/
 * invite-limits.ts, through the contracts' linkControls), so that one gate decides a join either way.
 */
import { groupedSpokenCode } from '@dayfocus/contracts/spoken-codes';
import type { InvitationCounts } from '@dayfocus/contracts/inviter-view-functions';
import { linkClosure, linkControls, type InviteLink } from '@dayfocus/contracts/invite-links';
import { invitationClosure, type InviteControlsRecord } from '@dayfocus/contracts/invite-controls';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import { limitedControls } from './invite-limits.js';
import type { AppLinkRecord } from '../../short-links/domain/app-links.js';

export interface LinkChange {
  name?: string | undefined;
  maxJoins?: number | null | undefined;
  expiresAt?: string | null | undefined;
  approval?: boolean | undefined;
}

/**
 * The link's levers after `change`: a field left out stays, `null` clears a limit or an expiry, a
 * limit set (even to the same number) starts a new count. Throws FlowError for an expiry too far ahead.
 */
export function changedLink(link: AppLinkRecord, change: LinkChange, now: Date): AppLinkRecord {
  const at = now.toISOString();
  const levers = limitedControls(linkControls(link.inviterId, link), link.inviterId, change, now);
  const next: AppLinkRecord = { ...link, updatedAt: at };
  delete next.maxJoins;
  delete next.limitSetAt;
  delete next.expiresAt;
  if (levers.maxJoins !== undefined) next.maxJoins = levers.maxJoins;
  if (levers.limitSetAt !== undefined) next.limitSetAt = levers.limitSetAt;
  if (levers.expiresAt !== undefined) next.expiresAt = levers.expiresAt;
  if (change.name !== undefined) next.name = cleanDisplayName(change.name);
  if (change.approval !== undefined) next.approval = change.approval;
  return next;
}

/** A new link of hers for one chat, with its levers as asked. */
export function newChatLink(
  input: { code: string; inviterId: string; target: string; spokenCode: string },
  change: LinkChange & { name: string },
  now: Date,
): AppLinkRecord {
  const at = now.toISOString();
  const bare: AppLinkRecord = {
    code: input.code,
    inviterId: input.inviterId,
    target: input.target,
    kind: 'chat',
    spokenCode: input.spokenCode,
    approval: false,
    createdAt: at,
    updatedAt: at,
  };
  return changedLink(
    bare,
    { ...change, maxJoins: change.maxJoins ?? undefined, expiresAt: change.expiresAt ?? undefined },
    now,
  );
}

/** One link as her list says it: `joins` under its limit, `numbers` since it was made. */
export function inviteLinkOf(
  link: AppLinkRecord,
  facts: {
    own: boolean;
    url: string;
    /** Her invitation's levers: her pause holds every link; her own link's limit and expiry are these. */
    invitation: InviteControlsRecord | undefined;
    joinsUnderLimit: number;
    numbers: InvitationCounts;
  },
  now: Date,
): InviteLink {
  const levers = facts.own ? facts.invitation : linkControls(link.inviterId, link);
  const limited = levers?.maxJoins !== undefined;
  const closed = facts.own
    ? invitationClosure(facts.invitation, now, facts.joinsUnderLimit)
    : linkClosure(link, facts.invitation, now, facts.joinsUnderLimit);
  return {
    code: link.code,
    url: facts.url,
    spokenCode: link.spokenCode ? groupedSpokenCode(link.spokenCode) : '',
    name: facts.own ? null : (link.name ?? ''),
    own: facts.own,
    approval: link.approval ?? false,
    maxJoins: levers?.maxJoins ?? null,
    joinsSinceLimit: limited ? facts.joinsUnderLimit : null,
    expiresAt: levers?.expiresAt ?? null,
    closed,
    createdAt: link.createdAt,
    numbers: facts.numbers,
  };
}
