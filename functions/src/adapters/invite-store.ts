/**
 * Firestore side of the invite flow. Every operation is idempotent, so that a retry after
 * a failure anywhere in the flow finishes the work instead of duplicating it.
 */
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  collections,
  defaultNotifications,
  emailSignUpRecord,
  friendDocumentId,
  friendJoinHistoryEntry,
  friendRecord,
  socialSignUpRecord,
  type UserRecord,
} from '../domain/records.js';
import { documentIdMissing, writeSucceeded, type WriteResult } from '../domain/write-result.js';
import { DocumentRepository } from './documents.js';

const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;

function grpcCode(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? Number((error as { code: unknown }).code) : undefined;
}

export type NoticeStatus = 'pending' | 'sending' | 'sent' | 'no-token' | 'token-removed';

export interface FriendJoinNotice {
  inviterId: string;
  inviteeId: string;
  inviteeName: string;
  status: NoticeStatus;
  attempts: number;
  claimedAt?: string;
  lastError?: string;
  createdAt: string;
  updatedAt: string;
}

/** A claimed notice that was not settled within this time is taken to be abandoned. */
const NOTICE_LEASE_MS = 60_000;

export class InviteStore {
  private readonly documents: DocumentRepository;

  constructor(private readonly firestore: Firestore) {
    this.documents = new DocumentRepository(firestore);
  }

  private users() {
    return this.firestore.collection(collections.users);
  }

  async getUser(userId: string): Promise<UserRecord | null> {
    return (await this.documents.read<UserRecord>(collections.users, userId)) || null;
  }

  /** Auth trigger: a base record from the email sign-up set, never overwriting one. */
  async ensureBaseUser(input: { userId: string; email: string; name: string; now: string }): Promise<'created' | 'existed'> {
    try {
      await this.users().doc(input.userId).create(emailSignUpRecord(input));
      return 'created';
    } catch (error) {
      if (grpcCode(error) === ALREADY_EXISTS) return 'existed';
      throw error;
    }
  }

  /** Auth trigger on deletion: the record stays (history refers to it) but is retired. */
  async retireUser(userId: string, now: string): Promise<'retired' | 'missing'> {
    try {
      await this.users()
        .doc(userId)
        .update({ isDeleted: true, isActive: false, fcmToken: FieldValue.delete(), updatedAt: now });
      return 'retired';
    } catch (error) {
      if (grpcCode(error) === NOT_FOUND) return 'missing';
      throw error;
    }
  }

  /**
   * Email sign-up: exactly the email sign-up set plus `invitedBy`. A repeated call changes
   * nothing but updatedAt; the first recorded inviter stays.
   */
  async recordEmailSignUp(input: { userId: string; email: string; name: string; inviterId: string; now: string }): Promise<WriteResult> {
    if (!input.userId) return documentIdMissing;
    const ref = this.users().doc(input.userId);
    await this.firestore.runTransaction(async (tx) => {
      const existing = (await tx.get(ref)).data() as Partial<UserRecord> | undefined;
      if (existing?.invitedBy) {
        tx.update(ref, { updatedAt: input.now });
        return;
      }
      const record = emailSignUpRecord(input);
      tx.set(ref, { ...record, createdAt: existing?.createdAt ?? record.createdAt, invitedBy: input.inviterId }, { merge: true });
    });
    return writeSucceeded;
  }

  /** Social sign-up: the full, active record; fields the app added (token, picture) are kept. */
  async recordSocialSignUp(input: {
    userId: string;
    email: string;
    name: string | null | undefined;
    inviterId: string;
    now: string;
  }): Promise<{ result: WriteResult; record: UserRecord }> {
    const ref = this.users().doc(input.userId);
    const record = await this.firestore.runTransaction(async (tx) => {
      const existing = (await tx.get(ref)).data() as Partial<UserRecord> | undefined;
      const next: UserRecord = {
        ...socialSignUpRecord({
          userId: input.userId,
          email: input.email,
          name: input.name || existing?.name,
          now: input.now,
          createdAt: existing?.createdAt,
        }),
        invitedBy: existing?.invitedBy ?? input.inviterId,
      };
      tx.set(ref, next, { merge: true });
      return next;
    });
    return { result: writeSucceeded, record };
  }

  /** Activation rewrites the record with both flags set; every other field is kept. */
  async markActiveAndVerified(userId: string, now: string): Promise<WriteResult> {
    return this.documents.write(collections.users, userId, { isActive: true, isVerified: true, updatedAt: now }, { merge: true });
  }

  async ensureDefaultNotifications(userId: string, now: string): Promise<'created' | 'existed'> {
    try {
      await this.firestore.collection(collections.notifications).doc(userId).create(defaultNotifications(userId, now));
      return 'created';
    } catch (error) {
      if (grpcCode(error) === ALREADY_EXISTS) return 'existed';
      throw error;
    }
  }

  private async friendshipExistsIn(tx: Transaction, a: string, b: string): Promise<boolean> {
    const friends = this.firestore.collection(collections.friends);
    const [forward, backward] = await Promise.all([
      tx.get(friends.where('userId', '==', a).where('friendId', '==', b).limit(1)),
      tx.get(friends.where('userId', '==', b).where('friendId', '==', a).limit(1)),
    ]);
    return !forward.empty || !backward.empty;
  }

  /** The spec's friendship check (by userId and friendId), in both directions. */
  async friendshipExists(a: string, b: string): Promise<boolean> {
    const friends = this.firestore.collection(collections.friends);
    const [forward, backward] = await Promise.all([
      friends.where('userId', '==', a).where('friendId', '==', b).limit(1).get(),
      friends.where('userId', '==', b).where('friendId', '==', a).limit(1).get(),
    ]);
    return !forward.empty || !backward.empty;
  }

  /**
   * Makes inviter and invitee friends unless they already are, in either direction. In the
   * same transaction: the inviter's history entry and the push notice owed to the inviter.
   * Returns whether this call created the friendship.
   */
  async linkFriends(input: { inviterId: string; inviteeId: string; inviteeName: string; now: string }): Promise<'linked' | 'already-friends'> {
    const friendRef = this.firestore.collection(collections.friends).doc(friendDocumentId(input.inviterId, input.inviteeId));
    const historyRef = this.firestore.collection(collections.notificationHistory).doc(input.inviterId);
    const noticeRef = this.noticeRef(input.inviterId, input.inviteeId);
    return this.firestore.runTransaction(
      async (tx) => {
        if (await this.friendshipExistsIn(tx, input.inviterId, input.inviteeId)) return 'already-friends' as const;
        tx.create(friendRef, friendRecord(input));
        // arrayUnion appends without reading the list, so many invitees joining at once do
        // not contend for the inviter's history document.
        tx.set(
          historyRef,
          { userId: input.inviterId, history: FieldValue.arrayUnion(friendJoinHistoryEntry(input)), updatedAt: input.now },
          { merge: true },
        );
        const notice: FriendJoinNotice = {
          inviterId: input.inviterId,
          inviteeId: input.inviteeId,
          inviteeName: input.inviteeName,
          status: 'pending',
          attempts: 0,
          createdAt: input.now,
          updatedAt: input.now,
        };
        // set, not create: after an unfriending, a new friendship owes a new push.
        tx.set(noticeRef, notice);
        return 'linked' as const;
      },
      { maxAttempts: 20 },
    );
  }

  private noticeRef(inviterId: string, inviteeId: string) {
    return this.firestore.collection(collections.friendJoinNotices).doc(friendDocumentId(inviterId, inviteeId));
  }

  /**
   * Takes the push owed for this friendship, if it is still owed and nobody else is sending
   * it right now. Exactly one of many concurrent callers gets it.
   */
  async claimNotice(inviterId: string, inviteeId: string, now: Date): Promise<FriendJoinNotice | null> {
    const ref = this.noticeRef(inviterId, inviteeId);
    return this.firestore.runTransaction(
      async (tx) => {
        const notice = (await tx.get(ref)).data() as FriendJoinNotice | undefined;
        if (!notice) return null;
        const abandoned =
          notice.status === 'sending' && notice.claimedAt !== undefined && now.getTime() - Date.parse(notice.claimedAt) > NOTICE_LEASE_MS;
        if (notice.status !== 'pending' && !abandoned) return null;
        const iso = now.toISOString();
        tx.update(ref, { status: 'sending', claimedAt: iso, attempts: FieldValue.increment(1), updatedAt: iso });
        return notice;
      },
      { maxAttempts: 20 },
    );
  }

  async settleNotice(inviterId: string, inviteeId: string, outcome: { status: NoticeStatus; error?: string }, now: string): Promise<void> {
    await this.noticeRef(inviterId, inviteeId).update({
      status: outcome.status,
      lastError: outcome.error ?? FieldValue.delete(),
      updatedAt: now,
    });
  }

  /** Drops a push token that FCM reported dead, unless the app has meanwhile stored a new one. */
  async removeDeadToken(userId: string, token: string, now: string): Promise<void> {
    const ref = this.users().doc(userId);
    await this.firestore.runTransaction(async (tx) => {
      const user = (await tx.get(ref)).data() as Partial<UserRecord> | undefined;
      if (user?.fcmToken === token) tx.update(ref, { fcmToken: FieldValue.delete(), updatedAt: now });
    });
  }
}
