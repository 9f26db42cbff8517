/**
 * An invitee whose account was deleted leaves the inviter's list (docs/inviter-view.md): her join's
 * record keeps no name, says when she left, and owes the inviter nothing more. A push or a history
 * entry not yet on its way would announce someone who is gone, with a name nobody may keep: it is
 * no longer owed. A push already claimed (`sending`) finishes as claimed: its claim holds the name
 * for the seconds of its send, and it settles as any other. The record itself stays, so that the
 * join still happens once per pair and her numbers still count it.
 */
import { withDueAt, type FriendJoin } from '../../owed-work/domain/friend-join.js';

/** The record with its invitee gone, or null when it says so already. */
export function forgottenJoin(join: FriendJoin, now: Date): FriendJoin | null {
  if (join.inviteeDeletedAt !== undefined && join.inviteeName === '') return null;
  const at = now.toISOString();
  const next: FriendJoin = { ...join, inviteeName: '', inviteeDeletedAt: join.inviteeDeletedAt ?? at, updatedAt: at };
  if (next.push === 'undecided' || next.push === 'pending') {
    next.push = 'not-owed';
    delete next.pushDueAt;
  }
  if (next.history === 'owed') {
    next.history = 'not-owed';
    delete next.historyDueAt;
  }
  const { dueAt, ...rest } = withDueAt(next);
  return dueAt === undefined ? rest : { ...rest, dueAt };
}
