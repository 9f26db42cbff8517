/**
 * An invitee whose account was deleted leaves the inviter's list (docs/inviter-view.md): her join's
 * record keeps no name, says when she left, and owes the inviter nothing more. A push or a history
 * entry not yet on its way would announce someone who is gone, with a name nobody may keep: it is
 * no longer owed. A push already claimed (`sending`) finishes as claimed: its claim holds the name
 * for the seconds of its send, and it settles as any other. The record itself stays, so that the
 * join still happens once per pair and her numbers still count it.
 */
import { withOwedDropped, type FriendJoin } from '../../owed-work/domain/friend-join.js';

/** The record with its invitee gone, or null when it says so already. */
export function forgottenJoin(join: FriendJoin, now: Date): FriendJoin | null {
  if (join.inviteeDeletedAt !== undefined && join.inviteeName === '') return null;
  const at = now.toISOString();
  const gone = { ...join, inviteeName: '', inviteeDeletedAt: join.inviteeDeletedAt ?? at, updatedAt: at };
  const { dueAt, ...rest } = withOwedDropped(gone);
  return dueAt === undefined ? rest : { ...rest, dueAt };
}
