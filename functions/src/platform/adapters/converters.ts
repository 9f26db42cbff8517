/**
 * One Firestore data converter per collection: the single place where a stored document is
 * taken to be of its record type. Everything the stores read goes through one of these, so no
 * store casts document data, and a record type's change shows wherever it is used.
 *
 * The records come from the mobile app as much as from us, so a converter trusts the stored
 * shape (the domain checks what it relies on, e.g. isLiveUser); it checks nothing at run time.
 */
import type {
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Transaction,
  FirestoreDataConverter,
  PartialWithFieldValue,
  QueryDocumentSnapshot,
  WithFieldValue,
} from 'firebase-admin/firestore';
import type { SignUpRecord, UserRecord } from '@dayfocus/contracts/records';

export function converter<T extends DocumentData>(): FirestoreDataConverter<T, DocumentData> {
  return {
    toFirestore: (record: WithFieldValue<T> | PartialWithFieldValue<T>) => record as DocumentData,
    fromFirestore: (snapshot: QueryDocumentSnapshot) => snapshot.data() as T,
  };
}

/**
 * The record a trigger's snapshot holds (one side of a change), or undefined where the document
 * did not exist: an existing snapshot is what a query hands a converter.
 */
export function recordOf<T extends DocumentData>(
  of: FirestoreDataConverter<T, DocumentData>,
  snapshot: DocumentSnapshot | undefined,
): T | undefined {
  return snapshot?.exists ? of.fromFirestore(snapshot as QueryDocumentSnapshot) : undefined;
}

/** `NotificationHistory/{inviterId}`: the inviter's history list, as the app reads it. */
export interface HistoryDocument {
  userId: string;
  history: unknown[];
  updatedAt: string;
}

/** `Notifications/{userId}`: a user's notification settings (the app's; we only create defaults). */
export type NotificationSettings = Record<string, unknown> & { userId: string };

export const converters = {
  users: converter<UserRecord>(),
  signUps: converter<SignUpRecord>(),
  notifications: converter<NotificationSettings>(),
  notificationHistory: converter<HistoryDocument>(),
};

type DataOf<R> = R extends DocumentReference<infer T> ? T : never;

/** Documents of different collections in one transactional read, each typed as its own record. */
export async function readAllIn<const R extends readonly DocumentReference<DocumentData>[]>(
  tx: Transaction,
  ...refs: R
): Promise<{ [K in keyof R]: DataOf<R[K]> | undefined }> {
  const snapshots = await tx.getAll(...refs);
  return snapshots.map((snapshot) => snapshot.data()) as { [K in keyof R]: DataOf<R[K]> | undefined };
}
