/**
 * Firestore triggers for firebase-tools' Functions emulator, as Google's emulator serves them:
 * the Functions emulator registers each Firestore-triggered function over HTTP
 * (trigger-registry.ts), and after every commit each change of a document that a trigger
 * matches is sent to the Functions emulator (trigger-events.ts, trigger-delivery.ts).
 *
 * Routes (the first two are Google's, the others ours):
 *
 * - `POST /emulator/v1/projects/{p}/eventarcTrigger?eventarcTriggerId={key}`: a 2nd-gen trigger
 * - `PUT /emulator/v1/projects/{p}/triggers/{key}`: a 1st-gen trigger
 * - `GET /emulator/v1/triggers`: the triggers, and how many events were delivered, failed, pending
 * - `DELETE /emulator/v1/triggers`: forgets every trigger
 */
import type { EventEmitter } from 'node:events';
import { status } from '@grpc/grpc-js';
import type { Change } from './context.js';
import { FirestoreError } from './errors.js';
import { TriggerDelivery, type DeliveryOptions } from './trigger-delivery.js';
import type { DocumentChangeEvent } from './trigger-events.js';
import { cloudEventTrigger, legacyTrigger, TriggerRegistry, type ChangeKind } from './trigger-registry.js';

const CLOUD_EVENT_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/eventarcTrigger$/;
const LEGACY_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/triggers\/(.+)$/;
const OURS_PATH = '/emulator/v1/triggers';

export type TriggerRoute = (
  method: string,
  url: URL,
  body: () => unknown,
) => { status: number; body: unknown } | undefined;

export interface FirestoreTriggers {
  route: TriggerRoute;
  delivery: TriggerDelivery | undefined;
}

/** The events one commit's change of `path` makes: none when the document neither was nor is. */
function changeEvent(change: Change, path: string): { kind: ChangeKind; event: DocumentChangeEvent } | null {
  const before = change.database.get(path, change.time - 1n);
  const after = change.database.get(path, change.time);
  const kind: ChangeKind | null = before ? (after ? 'updated' : 'deleted') : after ? 'created' : null;
  if (kind === null) return null;
  const { projectId: project, databaseId: database } = change.database.name;
  return { kind, event: { project, database, path, before, after, time: change.time } };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new FirestoreError(status.INVALID_ARGUMENT, `Malformed escape in ${segment}`);
  }
}

/**
 * Triggers over the service's `changes`, delivered to the Functions emulator at
 * `options.functionsEmulator`; without one, a registration fails with FAILED_PRECONDITION.
 */
export function firestoreTriggers(changes: EventEmitter, options: Partial<DeliveryOptions>): FirestoreTriggers {
  const registry = new TriggerRegistry();
  const { functionsEmulator } = options;
  const delivery =
    functionsEmulator === undefined
      ? undefined
      : new TriggerDelivery({ ...options, functionsEmulator }, (trigger) => registry.forget(trigger));
  if (delivery) {
    changes.on('change', (change: Change) => {
      for (const path of change.paths) {
        const made = changeEvent(change, path);
        if (!made) continue;
        const { project, database } = made.event;
        for (const trigger of registry.firing(project, database, path, made.kind))
          delivery.enqueue(trigger, made.event);
      }
    });
  }
  const registering = () => {
    if (!delivery) {
      throw new FirestoreError(
        status.FAILED_PRECONDITION,
        'This Firestore emulator has no Functions emulator to send events to (functionsEmulator, --functions_emulator)',
      );
    }
  };
  const route: TriggerRoute = (method, url, body) => {
    const cloudEvent = method === 'POST' ? CLOUD_EVENT_PATH.exec(url.pathname) : null;
    if (cloudEvent) {
      registering();
      const key = url.searchParams.get('eventarcTriggerId');
      if (!key) throw new FirestoreError(status.INVALID_ARGUMENT, 'eventarcTriggerId is required');
      registry.register(cloudEventTrigger(decoded(cloudEvent[1] as string), key, body()));
      return { status: 200, body: body() };
    }
    const legacy = method === 'PUT' ? LEGACY_PATH.exec(url.pathname) : null;
    if (legacy) {
      registering();
      registry.register(legacyTrigger(decoded(legacy[1] as string), decoded(legacy[2] as string), body()));
      return { status: 200, body: {} };
    }
    if (url.pathname !== OURS_PATH) return undefined;
    if (method === 'DELETE') registry.clear();
    else if (method !== 'GET') return undefined;
    const counts = delivery?.counters() ?? { delivered: 0, failed: 0, pending: 0 };
    return {
      status: 200,
      body: { functionsEmulator: functionsEmulator ?? null, triggers: registry.list(), ...counts },
    };
  };
  return { route, delivery };
}
