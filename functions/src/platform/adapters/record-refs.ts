/**
 * Where each record the flows read and write lives, with its converter: the stores of every
 * slice name documents through these, so that a path is written once.
 */
import { FieldValue, type DocumentReference, type Firestore, type UpdateData } from 'firebase-admin/firestore';
import { collections, friendDocumentId, type SignUpRecord, type UserRecord } from '@dayfocus/contracts/records';
import type { FriendJoin } from '../../owed-work/domain/friend-join.js';
import type { PushBudget } from '../../owed-work/domain/push-budget.js';
import { converters } from './converters.js';

/** Fields whose value is `undefined` are deleted by an update. */
export function forUpdate<T extends object>(fields: Partial<Record<keyof T, unknown>>): UpdateData<T> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value === undefined ? FieldValue.delete() : value]),
  ) as UpdateData<T>;
}

export class RecordRefs {
  constructor(protected readonly firestore: Firestore) {}

  user(userId: string): DocumentReference<UserRecord> {
    return this.firestore.collection(collections.users).doc(userId).withConverter(converters.users);
  }

  notifications(userId: string) {
    return this.firestore.collection(collections.notifications).doc(userId).withConverter(converters.notifications);
  }

  joinRef(inviterId: string, inviteeId: string): DocumentReference<FriendJoin> {
    return this.firestore
      .collection(collections.friendJoins)
      .doc(friendDocumentId(inviterId, inviteeId))
      .withConverter(converters.friendJoins);
  }

  historyRef(inviterId: string) {
    return this.firestore
      .collection(collections.notificationHistory)
      .doc(inviterId)
      .withConverter(converters.notificationHistory);
  }

  budgetRef(inviterId: string): DocumentReference<PushBudget> {
    return this.firestore.collection(collections.pushBudgets).doc(inviterId).withConverter(converters.pushBudgets);
  }

  /** The server's own record of an account's sign-up: its inviter and the proof (never in `Users`). */
  signUpRef(userId: string): DocumentReference<SignUpRecord> {
    return this.firestore.collection(collections.signUps).doc(userId).withConverter(converters.signUps);
  }

  friendRef(id: string) {
    return this.firestore.collection(collections.friends).doc(id);
  }
}
