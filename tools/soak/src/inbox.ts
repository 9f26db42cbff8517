/**
 * What each inviter received once the soak is over: the pushes the FCM stand-in's outbox holds for
 * their phone, and the entries of their notification history in the app.
 */
import type { Inviter } from './journeys.js';
import { adminDb } from './store.js';

export interface Outbox {
  /** collapse id → deliveries */
  byCollapseId: Map<string, number>;
  /** collapse id → the first delivery's real time */
  firstSent: Map<string, string>;
}

export interface Inbox {
  outbox: Outbox;
  history: Record<string, unknown>[];
}

async function outboxOf(token: string): Promise<Outbox> {
  const snapshot = await adminDb.collection('_devPushOutbox').where('token', '==', token).get();
  const byCollapseId = new Map<string, number>();
  const firstSent = new Map<string, string>();
  for (const doc of snapshot.docs) {
    const data = doc.data() as { sentAt?: string; message?: { android?: { notification?: { tag?: string } } } };
    const tag = data.message?.android?.notification?.tag;
    if (!tag) continue;
    byCollapseId.set(tag, (byCollapseId.get(tag) ?? 0) + 1);
    const first = firstSent.get(tag);
    if (data.sentAt && (!first || data.sentAt < first)) firstSent.set(tag, data.sentAt);
  }
  return { byCollapseId, firstSent };
}

/** Inviter id → what they received, read one inviter after the other. */
export async function readInboxes(inviters: readonly Inviter[]): Promise<Map<string, Inbox>> {
  const inboxes = new Map<string, Inbox>();
  for (const inviter of inviters) {
    const outbox = await outboxOf(inviter.token);
    const data = (await adminDb.collection('NotificationHistory').doc(inviter.userId).get()).data();
    inboxes.set(inviter.userId, {
      outbox,
      history: (data?.['history'] as Record<string, unknown>[] | undefined) ?? [],
    });
  }
  return inboxes;
}
