/**
 * The Firestore triggers the Functions emulator registers, as it registers them with Google's
 * emulator (firebase-tools' `addFirestoreTrigger`), and which of them a document change fires:
 *
 * - 2nd gen (CloudEvents): `POST /emulator/v1/projects/{p}/eventarcTrigger?eventarcTriggerId={key}`
 *   with `{eventType, database, namespace, document: {value, matchType: EXACT | PATH_PATTERN}}`;
 * - 1st gen: `PUT /emulator/v1/projects/{p}/triggers/{key}` with
 *   `{eventTrigger: {eventType, resource, service: "firestore.googleapis.com"}}`.
 *
 * A key registered again replaces its trigger. Bad input gets INVALID_ARGUMENT and changes nothing.
 */
import { status } from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';

export type ChangeKind = 'created' | 'updated' | 'deleted';

/** The event types a trigger may name, and the changes each fires on. */
const CLOUD_EVENT_TYPES: Record<string, readonly ChangeKind[]> = {};
for (const [name, kinds] of [
  ['created', ['created']],
  ['updated', ['updated']],
  ['deleted', ['deleted']],
  ['written', ['created', 'updated', 'deleted']],
] as const) {
  CLOUD_EVENT_TYPES[`google.cloud.firestore.document.v1.${name}`] = kinds;
  CLOUD_EVENT_TYPES[`google.cloud.firestore.document.v1.${name}.withAuthContext`] = kinds;
}
const LEGACY_EVENT_TYPES: Record<string, readonly ChangeKind[]> = {
  'providers/cloud.firestore/eventTypes/document.create': ['created'],
  'providers/cloud.firestore/eventTypes/document.update': ['updated'],
  'providers/cloud.firestore/eventTypes/document.delete': ['deleted'],
  'providers/cloud.firestore/eventTypes/document.write': ['created', 'updated', 'deleted'],
};

/** One registered trigger: where its events go, and which changes of which documents fire it. */
export interface Trigger {
  /** The Functions emulator's key for it: events go to `/functions/projects/{project}/triggers/{key}`. */
  key: string;
  project: string;
  /** `cloudevent`: 2nd gen, a CloudEvent with a protobuf body; `legacy`: 1st gen, a JSON body. */
  signature: 'cloudevent' | 'legacy';
  eventType: string;
  database: string;
  /** The document pattern's segments: literal, `{x}` (one segment) or `{x=**}` (one or more). */
  pattern: string[];
  kinds: readonly ChangeKind[];
}

function invalid(message: string): never {
  throw new FirestoreError(status.INVALID_ARGUMENT, message);
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') invalid(`${what} must be a non-empty string`);
  return value;
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** A 2nd-gen registration (the body firebase-tools' `getV2FirestoreAttributes` sends). */
export function cloudEventTrigger(project: string, key: string, body: unknown): Trigger {
  const spec = (body ?? {}) as Record<string, unknown>;
  const eventType = text(spec.eventType, 'eventType');
  const kinds = CLOUD_EVENT_TYPES[eventType] ?? invalid(`Unsupported eventType: ${eventType}`);
  const namespace = spec.namespace ?? '(default)';
  if (namespace !== '(default)') invalid(`Only the (default) namespace is supported, not ${String(namespace)}`);
  const document = (spec.document ?? {}) as Record<string, unknown>;
  const value = text(document.value, 'document.value');
  const matchType = document.matchType ?? 'EXACT';
  if (matchType !== 'EXACT' && matchType !== 'PATH_PATTERN') invalid(`Unsupported matchType: ${String(matchType)}`);
  const pattern = segments(value);
  if (matchType === 'EXACT' && pattern.some(isWildcard)) invalid(`An EXACT document has no wildcards: ${value}`);
  const database = spec.database === undefined ? '(default)' : text(spec.database, 'database');
  return { key, project, signature: 'cloudevent', eventType, database, pattern, kinds };
}

const LEGACY_RESOURCE = /^projects\/([^/]+)\/databases\/([^/]+)\/documents\/(.+)$/;

/** A 1st-gen registration (the body firebase-tools' `getV1FirestoreAttributes` sends). */
export function legacyTrigger(project: string, key: string, body: unknown): Trigger {
  const spec = ((body ?? {}) as { eventTrigger?: Record<string, unknown> }).eventTrigger ?? {};
  if (spec.service !== 'firestore.googleapis.com') invalid('EventTrigger service must be: firestore.googleapis.com');
  const eventType = text(spec.eventType, 'eventTrigger.eventType');
  const kinds = LEGACY_EVENT_TYPES[eventType] ?? invalid(`Unsupported eventType: ${eventType}`);
  const resource = text(spec.resource, 'eventTrigger.resource');
  const match = LEGACY_RESOURCE.exec(resource) ?? invalid(`Not a document resource: ${resource}`);
  const database = match[2] as string;
  return { key, project, signature: 'legacy', eventType, database, pattern: segments(match[3] as string), kinds };
}

function isWildcard(segment: string): boolean {
  return segment === '*' || segment === '**' || /^\{[^}]*\}$/.test(segment);
}

function isMultiSegment(segment: string): boolean {
  return segment === '**' || /^\{[^}=]*=\*\*\}$/.test(segment);
}

/** Whether a document path (`c/d/...`) fits a pattern's segments. */
export function patternMatches(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length === 0) return path.length === 0;
  const [head, ...rest] = pattern as [string, ...string[]];
  if (isMultiSegment(head)) {
    for (let taken = 1; taken <= path.length; taken++) if (patternMatches(rest, path.slice(taken))) return true;
    return false;
  }
  if (path.length === 0) return false;
  const matches = isWildcard(head) ? true : head === path[0];
  return matches && patternMatches(rest, path.slice(1));
}

/** Whether `trigger` fires on a change of kind `kind` of the document `path` of `project`'s `database`. */
export function fires(trigger: Trigger, project: string, database: string, path: string, kind: ChangeKind): boolean {
  if (trigger.project !== project || !trigger.kinds.includes(kind)) return false;
  if (trigger.database !== database && !isWildcard(trigger.database)) return false;
  return patternMatches(trigger.pattern, segments(path));
}

/** The registered triggers, by project and key. */
export class TriggerRegistry {
  private readonly triggers = new Map<string, Trigger>();

  register(trigger: Trigger): void {
    this.triggers.set(`${trigger.project}/${trigger.key}`, trigger);
  }

  /** The triggers a change of kind `kind` of `path` fires, in the order they were registered. */
  firing(project: string, database: string, path: string, kind: ChangeKind): Trigger[] {
    return [...this.triggers.values()].filter((trigger) => fires(trigger, project, database, path, kind));
  }

  /** Forgets `trigger`, unless its key has been registered again since. */
  forget(trigger: Trigger): void {
    const id = `${trigger.project}/${trigger.key}`;
    if (this.triggers.get(id) === trigger) this.triggers.delete(id);
  }

  list(): Trigger[] {
    return [...this.triggers.values()];
  }

  clear(): void {
    this.triggers.clear();
  }
}
