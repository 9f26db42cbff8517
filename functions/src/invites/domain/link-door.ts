/**
 * Which door a sign-up or a join comes through (docs/inviter-view.md, "A renewal closes the
 * door"): a link of hers for one chat, held by its own levers; her invitation, held by hers; or
 * nothing at all, once she replaced her link (renewInviteLink) and the request names only her uid
 * or a link she no longer has. Pure: the stores read her owner record and the link, this decides.
 */
import {
  INVITATION_REPLACED_DETAILS,
  invitationClosure,
  type InviteControlsRecord,
} from '@dayfocus/contracts/invite-controls';
import { linkClosure, type InviteLinkClosure, type LinkLeversRecord } from '@dayfocus/contracts/invite-links';
import { FlowError } from '../../platform/domain/errors.js';

/** What a door is decided on: her owner record (her own link's code, when she replaced it) and the named link. */
export interface DoorRecords {
  owner: { code?: string; renewedAt?: string } | undefined;
  link: LinkLeversRecord | undefined;
}

/** `own`: her invitation reached by her own link's code (which then counts for that link's numbers). */
export type Door =
  { kind: 'invitation'; own?: string } | { kind: 'link'; link: LinkLeversRecord } | { kind: 'replaced' };

/**
 * A link of hers for one chat is its own door (retired or not: its levers say). Her own link's
 * code is her invitation's door. Anything else is her invitation's door until she replaces her
 * link; after that, it admits nobody: the spec's pages keep working for an inviter who never did.
 */
export function doorOf(inviterId: string, code: string | undefined, records: DoorRecords): Door {
  const { owner, link } = records;
  if (code && link && link.code === code && link.inviterId === inviterId && link.kind === 'chat') {
    return { kind: 'link', link };
  }
  const own = code && owner?.code === code ? { own: code } : {};
  if (!owner?.renewedAt) return { kind: 'invitation', ...own };
  return 'own' in own ? { kind: 'invitation', ...own } : { kind: 'replaced' };
}

/**
 * The link whose own numbers count what comes through this door (a view, a sign-up, a confirmation,
 * a join), and that a sign-up records: a link of hers, a chat's or her own; never a code she does not
 * have, which counts for nothing and is not kept.
 */
export function countedLinkOf(door: Door): string | undefined {
  if (door.kind === 'link') return door.link.code;
  return door.kind === 'invitation' ? door.own : undefined;
}

/**
 * Why a door takes no one now, or null: `replaced`, or the closure of the levers that hold it (a
 * link of hers by its own and her pause, `linkJoins` its friends under its limit; her invitation by
 * hers). The sign-up's check and her invitation page decide by it, so that they never disagree.
 */
export function doorClosure(
  door: Door,
  invitation: { controls: InviteControlsRecord | undefined; joins: number },
  now: Date,
  linkJoins?: number,
): InviteLinkClosure | 'replaced' | null {
  if (door.kind === 'replaced') return 'replaced';
  if (door.kind === 'invitation') return invitationClosure(invitation.controls, now, invitation.joins);
  return linkClosure(door.link, invitation.controls, now, linkJoins);
}

/** The one refusal of a sign-up, a join or "I already have an account" through a replaced link. */
export function replacedInvitation(): FlowError {
  return new FlowError(
    'failed-precondition',
    'This invitation link was replaced: ask the person who invited you for the new one',
    INVITATION_REPLACED_DETAILS,
  );
}
