/**
 * The friend-join pushes (one join's, and the summary of many) as FCM HTTP v1 receives them.
 * Pure: the adapter hands these objects to firebase-admin's sendEach unchanged (and the local
 * stack records them unchanged). They speak the inviter's language; the title is the product.
 */
import { createHash } from 'node:crypto';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import { brand } from '@dayfocus/contracts/brand';
import { FRIEND_JOIN, JOIN_REQUEST } from '@dayfocus/contracts/records';
import { serverText, type ServerText } from '../../platform/domain/server-text.js';

export interface PushMessage {
  token: string;
  notification: { title: string; body: string };
  data: Record<string, string>;
  android: { priority: 'high'; notification: { title: string; body: string; tag: string } };
  apns: {
    headers: Record<string, string>;
    payload: { aps: { badge: number; contentAvailable?: boolean; alert?: { title: string; body: string } } };
  };
}

export function friendJoinText(inviteeName: string, text: ServerText = serverText()): string {
  // Cleaned again where it is shown: the stored name came from a record a client may write.
  return text.t('push.friendJoin', { name: cleanDisplayName(inviteeName) });
}

/** A summary of one join says what that join's own push would have said. */
export function friendJoinSummaryText(heldName: string, count: number, text: ServerText = serverText()): string {
  const others = count - 1;
  if (others < 1) return friendJoinText(heldName, text);
  return text.t('push.friendJoinSummary', { name: cleanDisplayName(heldName), count: others });
}

/**
 * One notification per friend on the inviter's phone: a push delivered twice (the sweep's
 * delivery is at-least-once) replaces the first instead of showing again. Android's tag and
 * APNs' collapse id (at most 64 bytes) name the join.
 */
export function friendJoinCollapseId(inviteeId: string): string {
  return `${FRIEND_JOIN}-${createHash('sha256').update(inviteeId).digest('hex').slice(0, 40)}`;
}

/** A summary's collapse id: one per summary (its retries replace it), never one of a join's. */
export function friendJoinSummaryCollapseId(inviterId: string, summaryId: string): string {
  const digest = createHash('sha256').update(`summary\u0000${inviterId}\u0000${summaryId}`).digest('hex');
  return `${FRIEND_JOIN}-${digest.slice(0, 40)}`;
}

function pushMessage(
  token: string,
  body: string,
  collapseId: string,
  type: typeof FRIEND_JOIN | typeof JOIN_REQUEST = FRIEND_JOIN,
): PushMessage {
  const title = brand.productName;
  return {
    token,
    notification: { title, body },
    // FCM v1 accepts string values only in data. `topic` stays the join's: the app's one channel.
    data: { title, body, topic: FRIEND_JOIN, type },
    android: { priority: 'high', notification: { title, body, tag: collapseId } },
    apns: {
      // A visible alert may use priority 10; `content-available` rides along so the app
      // can refresh its friend list, which Apple accepts for an alert push.
      headers: { 'apns-priority': '10', 'apns-push-type': 'alert', 'apns-collapse-id': collapseId },
      payload: { aps: { badge: 0, contentAvailable: true, alert: { title, body } } },
    },
  };
}

export function friendJoinPush(token: string, inviteeName: string, inviteeId: string, text?: ServerText): PushMessage {
  return pushMessage(token, friendJoinText(inviteeName, text), friendJoinCollapseId(inviteeId));
}

/**
 * "Asha asks to join you", from a link of hers that asks her first. Its collapse id is the join's,
 * so that her approval's push ("Asha has accepted your invitation") replaces it on her phone.
 */
export function joinRequestPush(
  token: string,
  inviteeName: string,
  inviteeId: string,
  text: ServerText = serverText(),
): PushMessage {
  const body = text.t('push.joinRequest', { name: cleanDisplayName(inviteeName) });
  return pushMessage(token, body, friendJoinCollapseId(inviteeId), JOIN_REQUEST);
}

export function friendJoinSummaryPush(
  token: string,
  summary: { inviterId: string; id: string; name: string; count: number },
  text?: ServerText,
): PushMessage {
  return pushMessage(
    token,
    friendJoinSummaryText(summary.name, summary.count, text),
    friendJoinSummaryCollapseId(summary.inviterId, summary.id),
  );
}

/** FCM error codes after which a token will never work again and is dropped from the user. */
export const DEAD_TOKEN_ERRORS: ReadonlySet<string> = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);
