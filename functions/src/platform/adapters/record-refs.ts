/**
 * The records that more than one slice reads, with their converters: every slice's stores name
 * documents through these, so that a path is written once. A slice's own records are its own.
 */
import { FieldValue, type DocumentReference, type Firestore, type UpdateData } from 'firebase-admin/firestore';
import { collections, type SignUpRecord, type UserRecord } from '@dayfocus/contracts/records';
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

  historyRef(inviterId: string) {
    return this.firestore
      .collection(collections.notificationHistory)
      .doc(inviterId)
      .withConverter(converters.notificationHistory);
  }

  /** The server's own record of an account's sign-up: its inviter and the proof (never in `Users`). */
  signUpRef(userId: string): DocumentReference<SignUpRecord> {
    return this.firestore.collection(collections.signUps).doc(userId).withConverter(converters.signUps);
  }

  friendRef(id: string) {
    return this.firestore.collection(collections.friends).doc(id);
  }
}
