/**
 * The friend-join push as FCM receives it: firebase-admin (the real SDK, which validates the
 * message and turns it into the wire format) sends it to a local server standing in for
 * fcm.googleapis.com, and the captured request is checked against what the FCM HTTP v1 API
 * and Apple document, not against a checker of ours:
 *   - https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages (the Message resource);
 *   - https://firebase.google.com/docs/cloud-messaging/concept-options (reserved data keys, 4096 bytes);
 *   - Apple's "Sending notification requests to APNs" (apns-* headers) and the aps dictionary keys.
 */
import { Agent } from 'node:https';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getMessaging } from 'firebase-admin/messaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import hi from '@dayfocus/contracts/locales/hi';
import { friendJoinPush, friendJoinSummaryPush } from '../../src/owed-work/domain/push.js';
import { serverText } from '../../src/platform/domain/server-text.js';

interface Captured {
  method: string;
  path: string;
  body: { validate_only?: boolean; message: Record<string, unknown> };
}

let server: Server;
let app: App;
const captured: Captured[] = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      captured.push({
        method: request.method ?? '',
        path: request.url ?? '',
        body: JSON.parse(text) as Captured['body'],
      });
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ name: 'projects/demo-push/messages/1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  /** Every "https" connection of the SDK goes, unencrypted, to the local server instead of Google. */
  class LocalFcm extends Agent {
    override createConnection() {
      return connect(port, '127.0.0.1');
    }
  }
  app = initializeApp(
    {
      projectId: 'demo-push',
      credential: { getAccessToken: async () => ({ access_token: 'local-token', expires_in: 3600 }) },
      httpAgent: new LocalFcm(),
    },
    'push-wire',
  );
});

afterAll(async () => {
  await deleteApp(app);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The documented fields of each object of the v1 Message resource (REST names). */
const documented = {
  message: ['name', 'data', 'notification', 'android', 'webpush', 'apns', 'fcm_options', 'token', 'topic', 'condition'],
  notification: ['title', 'body', 'image'],
  android: [
    'collapse_key',
    'priority',
    'ttl',
    'restricted_package_name',
    'data',
    'notification',
    'fcm_options',
    'direct_boot_ok',
    'bandwidth_constrained_ok',
    'restricted_satellite_ok',
  ],
  androidNotification: [
    'title',
    'body',
    'icon',
    'color',
    'sound',
    'tag',
    'click_action',
    'body_loc_key',
    'body_loc_args',
    'title_loc_key',
    'title_loc_args',
    'channel_id',
    'ticker',
    'sticky',
    'event_time',
    'local_only',
    'notification_priority',
    'default_sound',
    'default_vibrate_timings',
    'default_light_settings',
    'vibrate_timings',
    'visibility',
    'notification_count',
    'light_settings',
    'image',
    'bypass_proxy_notification',
    'proxy',
  ],
  apns: ['headers', 'payload', 'fcm_options', 'live_activity_token'],
  /** Apple's keys of the aps dictionary. */
  aps: [
    'alert',
    'badge',
    'sound',
    'thread-id',
    'category',
    'content-available',
    'mutable-content',
    'target-content-id',
    'interruption-level',
    'relevance-score',
    'filter-criteria',
    'stale-date',
    'content-state',
    'timestamp',
    'event',
    'dismissal-date',
    'attributes-type',
    'attributes',
  ],
};
const keys = (value: unknown) => Object.keys(value as object);

describe('the friend-join push, as the Admin SDK sends it to the FCM HTTP v1 API', () => {
  let request: Captured;
  let message: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  beforeAll(async () => {
    captured.length = 0;
    await getMessaging(app).send(friendJoinPush('device-token-1', 'Mira Nair', 'invitee-42'), true);
    expect(captured).toHaveLength(1);
    request = captured[0] as Captured;
    message = request.body.message;
  });

  it('is one POST to projects/{project}/messages:send', () => {
    expect([request.method, request.path, request.body.validate_only]).toEqual([
      'POST',
      '/v1/projects/demo-push/messages:send',
      true,
    ]);
    expect(keys(request.body).sort()).toEqual(['message', 'validate_only']);
  });

  it('uses only the fields the Message resource documents, with one target: the token', () => {
    expect(keys(message).filter((key) => !documented.message.includes(key))).toEqual([]);
    expect(message.token).toBe('device-token-1');
    expect([message.topic, message.condition]).toEqual([undefined, undefined]);
    expect(keys(message.notification).filter((key) => !documented.notification.includes(key))).toEqual([]);
    expect(message.notification).toEqual({ title: 'Dayfocus', body: 'Mira Nair has accepted your invitation' });
  });

  it('has data of strings only, under no reserved key', () => {
    const data = message.data as Record<string, unknown>;
    expect(Object.values(data).every((value) => typeof value === 'string')).toBe(true);
    const reserved = keys(data).filter(
      (key) => ['from', 'notification', 'message_type'].includes(key) || /^(google|gcm)/.test(key),
    );
    expect(reserved).toEqual([]);
    expect(data).toMatchObject({ type: 'friend_join', body: 'Mira Nair has accepted your invitation' });
  });

  it('has an Android part of documented fields: high priority and a tag per join', () => {
    expect(keys(message.android).filter((key) => !documented.android.includes(key))).toEqual([]);
    expect(keys(message.android.notification).filter((key) => !documented.androidNotification.includes(key))).toEqual(
      [],
    );
    expect(String(message.android.priority).toUpperCase()).toBe('HIGH');
    expect(message.android.notification.tag).toMatch(/^friend_join-[0-9a-f]{40}$/);
  });

  it("has an APNs part that Apple's rules accept for a visible alert", () => {
    expect(keys(message.apns).filter((key) => !documented.apns.includes(key))).toEqual([]);
    const headers = message.apns.headers as Record<string, unknown>;
    expect(Object.values(headers).every((value) => typeof value === 'string')).toBe(true);
    // A notification with an alert: push type "alert", priority 10 (immediate) allowed.
    expect(headers['apns-push-type']).toBe('alert');
    expect(['5', '10']).toContain(headers['apns-priority']);
    // The collapse id: at most 64 bytes, the same as Android's tag.
    expect(Buffer.byteLength(String(headers['apns-collapse-id']))).toBeLessThanOrEqual(64);
    expect(headers['apns-collapse-id']).toBe(message.android.notification.tag);

    const aps = message.apns.payload.aps as Record<string, unknown>;
    expect(keys(aps).filter((key) => !documented.aps.includes(key))).toEqual([]);
    expect(aps.alert).toEqual({ title: 'Dayfocus', body: 'Mira Nair has accepted your invitation' });
    // content-available is the number 1 on the wire (the SDK turns `true` into it).
    expect(aps['content-available']).toBe(1);
    expect(Number.isInteger(aps.badge) && (aps.badge as number) >= 0).toBe(true);
  });

  it('stays within the 4096 bytes FCM and APNs allow, even with the longest name', async () => {
    captured.length = 0;
    await getMessaging(app).send(friendJoinPush('device-token-1', 'क'.repeat(80), 'invitee-42'), true);
    const long = (captured[0] as Captured).body.message;
    expect(Buffer.byteLength(JSON.stringify(long.apns))).toBeLessThanOrEqual(4096);
    expect(Buffer.byteLength(JSON.stringify({ notification: long.notification, data: long.data }))).toBeLessThanOrEqual(
      4096,
    );
  });

  it('the Hindi push and the summary push go through the same way, within the same limits', async () => {
    captured.length = 0;
    const name = 'क'.repeat(80);
    await getMessaging(app).send(friendJoinPush('device-token-1', name, 'invitee-42', serverText(hi)), true);
    await getMessaging(app).send(
      friendJoinSummaryPush(
        'device-token-1',
        { inviterId: 'x'.repeat(128), id: '2026-11-23T10:00:00.000Z', name, count: 1_000_000 },
        serverText(hi),
      ),
      true,
    );
    expect(captured).toHaveLength(2);
    const [hindi, summary] = captured.map((c) => c.body.message as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(hindi?.notification).toEqual({ title: 'Dayfocus', body: `${name} ने आपका निमंत्रण स्वीकार कर लिया है` });
    expect(summary?.notification).toEqual({
      title: 'Dayfocus',
      body: `${name} और 999999 अन्य ने आपका निमंत्रण स्वीकार कर लिया है`,
    });
    for (const message of [hindi, summary]) {
      expect(Buffer.byteLength(JSON.stringify(message?.apns))).toBeLessThanOrEqual(4096);
      expect(
        Buffer.byteLength(JSON.stringify({ notification: message?.notification, data: message?.data })),
      ).toBeLessThanOrEqual(4096);
      expect(Buffer.byteLength(String(message?.apns.headers['apns-collapse-id']))).toBeLessThanOrEqual(64);
      expect(message?.android.notification.tag).toBe(message?.apns.headers['apns-collapse-id']);
    }
  });
});
