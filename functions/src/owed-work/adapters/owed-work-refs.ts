/**
 * Where owed work's records live, with their converters: `_friendJoins/{inviterId}_{inviteeId}` and
 * `_pushBudgets/{inviterId}`. Shared so that the invite store writes a join's record in the join's
 * own transaction through the same refs.
 */
import type { DocumentReference } from 'firebase-admin/firestore';
import { collections, friendDocumentId } from '@dayfocus/contracts/records';
import { converter } from '../../platform/adapters/converters.js';
import { RecordRefs } from '../../platform/adapters/record-refs.js';
import type { FriendJoin } from '../domain/friend-join.js';
import type { PushBudget } from '../domain/push-budget.js';

export const owedWorkConverters = {
  friendJoins: converter<FriendJoin>(),
  pushBudgets: converter<PushBudget>(),
};

export class OwedWorkRefs extends RecordRefs {
  joinRef(inviterId: string, inviteeId: string): DocumentReference<FriendJoin> {
    return this.firestore
      .collection(collections.friendJoins)
      .doc(friendDocumentId(inviterId, inviteeId))
      .withConverter(owedWorkConverters.friendJoins);
  }

  budgetRef(inviterId: string): DocumentReference<PushBudget> {
    return this.firestore
      .collection(collections.pushBudgets)
      .doc(inviterId)
      .withConverter(owedWorkConverters.pushBudgets);
  }
}
