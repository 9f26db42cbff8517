/**
 * The friend-join push as FCM HTTP v1 receives it. Pure: the adapter hands this object to
 * firebase-admin's sendEach unchanged (and the local stack records it unchanged).
 */
import { createHash } from 'node:crypto';
import { brand } from './brand.js';
import { FRIEND_JOIN, friendJoinMessage } from './records.js';

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

/**
 * One notification per friend on the inviter's phone: a push delivered twice (the sweep's
 * delivery is at-least-once) replaces the first instead of showing again. Android's tag and
 * APNs' collapse id (at most 64 bytes) name the join.
 */
export function friendJoinCollapseId(inviteeId: string): string {
  return `${FRIEND_JOIN}-${createHash('sha256').update(inviteeId).digest('hex').slice(0, 40)}`;
}

export function friendJoinPush(token: string, inviteeName: string, inviteeId: string): PushMessage {
  const title = brand.productName;
  const body = friendJoinMessage(inviteeName);
  const collapseId = friendJoinCollapseId(inviteeId);
  return {
    token,
    notification: { title, body },
    // FCM v1 accepts string values only in data.
    data: { title, body, topic: FRIEND_JOIN, type: FRIEND_JOIN },
    android: { priority: 'high', notification: { title, body, tag: collapseId } },
    apns: {
      // A visible alert may use priority 10; `content-available` rides along so the app
      // can refresh its friend list, which Apple accepts for an alert push.
      headers: { 'apns-priority': '10', 'apns-push-type': 'alert', 'apns-collapse-id': collapseId },
      payload: { aps: { badge: 0, contentAvailable: true, alert: { title, body } } },
    },
  };
}

/** FCM error codes after which a token will never work again and is dropped from the user. */
export const DEAD_TOKEN_ERRORS: ReadonlySet<string> = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);
