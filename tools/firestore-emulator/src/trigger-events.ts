/**
 * The HTTP request that tells the Functions emulator of one document change, as Google's
 * emulator sends it to `/functions/projects/{project}/triggers/{key}`:
 *
 * - 2nd gen: a binary-mode CloudEvent: `ce-*` headers (type, source, subject, id, time, and the
 *   Firestore attributes project, database, namespace, document) and, as body, the
 *   `google.events.cloud.firestore.v1.DocumentEventData` protobuf in base64 (the Functions
 *   emulator decodes base64 before it hands the bytes to firebase-functions);
 * - 1st gen: JSON `{data: {value, oldValue, updateMask}, context: {eventId, timestamp, eventType,
 *   resource}}`, documents in the API's JSON form.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { protosDirectory, type Document, type Timestamp, type Value } from './proto.js';
import { toTimestamp, type StoredDocument, type Time } from './state.js';
import type { Trigger } from './trigger-registry.js';
import { kindOf } from './values.js';

/** One committed change of one document. */
export interface DocumentChangeEvent {
  project: string;
  database: string;
  /** Relative to the database's documents root: `joins/abc`. */
  path: string;
  before: StoredDocument | null;
  after: StoredDocument | null;
  /** The commit's time. */
  time: Time;
}

export interface TriggerRequest {
  headers: Record<string, string>;
  body: string;
}

const DATA_SCHEMA =
  'https://github.com/googleapis/google-cloudevents/blob/main/proto/google/events/cloud/firestore/v1/data.proto';

let eventDataType: protobuf.Type | undefined;

/**
 * DocumentEventData {Document value = 1; Document old_value = 2; DocumentMask update_mask = 3},
 * over the Firestore API's own Document and DocumentMask: google.events' copies of them have
 * the same fields and numbers, so the bytes are the same.
 */
function documentEventData(): protobuf.Type {
  if (eventDataType) return eventDataType;
  const bundle = JSON.parse(readFileSync(join(protosDirectory(), 'v1.json'), 'utf8')) as protobuf.INamespace;
  const root = protobuf.Root.fromJSON(bundle);
  const type = new protobuf.Type('DocumentEventData')
    .add(new protobuf.Field('value', 1, 'google.firestore.v1.Document'))
    .add(new protobuf.Field('oldValue', 2, 'google.firestore.v1.Document'))
    .add(new protobuf.Field('updateMask', 3, 'google.firestore.v1.DocumentMask'));
  root.define('google.events.cloud.firestore.v1').add(type);
  eventDataType = root.lookupType('google.events.cloud.firestore.v1.DocumentEventData');
  return eventDataType;
}

function documentName(event: DocumentChangeEvent): string {
  return `projects/${event.project}/databases/${event.database}/documents/${event.path}`;
}

function toDocument(event: DocumentChangeEvent, document: StoredDocument): Document {
  return {
    name: documentName(event),
    fields: document.fields,
    createTime: toTimestamp(document.createTime),
    updateTime: toTimestamp(document.updateTime),
  };
}

/** RFC 3339 in UTC with 0, 3, 6 or 9 digits of fraction, as protobuf's JSON writes a Timestamp. */
export function formatTimestamp(ts: Timestamp): string {
  const seconds = Number(ts.seconds ?? 0);
  const nanos = ts.nanos ?? 0;
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  if (nanos === 0) return `${base}Z`;
  let fraction = String(nanos).padStart(9, '0');
  while (fraction.endsWith('000')) fraction = fraction.slice(0, -3);
  return `${base}.${fraction}Z`;
}

/**
 * A header value as the CloudEvents HTTP binding carries it: printable ASCII as is, anything
 * else (and space, `"`, `%`) percent-encoded as UTF-8.
 */
function headerValue(value: string): string {
  return value.replace(/[^\x21\x23\x24\x26-\x7e]/gu, (character) => encodeURIComponent(character));
}

function cloudEventRequest(trigger: Trigger, event: DocumentChangeEvent, id: string): TriggerRequest {
  const type = documentEventData();
  const message = type.fromObject({
    ...(event.after ? { value: toDocument(event, event.after) } : {}),
    ...(event.before ? { oldValue: toDocument(event, event.before) } : {}),
    updateMask: {},
  });
  const headers: Record<string, string> = {
    'content-type': 'application/protobuf',
    'ce-specversion': '1.0',
    'ce-type': trigger.eventType,
    'ce-source': `//firestore.googleapis.com/projects/${event.project}/databases/${event.database}`,
    'ce-id': id,
    'ce-subject': `documents/${event.path}`,
    'ce-time': formatTimestamp(toTimestamp(event.time)),
    'ce-datacontenttype': 'application/protobuf',
    'ce-dataschema': DATA_SCHEMA,
    'ce-location': 'us-central1',
    'ce-project': event.project,
    'ce-database': event.database,
    'ce-namespace': '(default)',
    'ce-document': event.path,
  };
  if (trigger.eventType.endsWith('.withAuthContext')) {
    // Google's emulator sends these placeholders: neither emulator knows a principal as production does.
    headers['ce-authtype'] = 'unknown';
    headers['ce-authid'] = 'fake-auth-id@gmail.com';
  }
  for (const [name, value] of Object.entries(headers)) headers[name] = headerValue(value);
  return { headers, body: Buffer.from(type.encode(message).finish()).toString('base64') };
}

function jsonDouble(value: number | undefined): number | string {
  const n = value ?? 0;
  return Number.isFinite(n) ? n : String(n); // NaN, Infinity, -Infinity as protobuf's JSON writes them
}

/** A value in the API's JSON form (int64 as a string, bytes in base64, timestamps in RFC 3339). */
export function valueJson(value: Value): unknown {
  switch (kindOf(value)) {
    case 'nullValue':
      return { nullValue: null };
    case 'booleanValue':
      return { booleanValue: value.booleanValue ?? false };
    case 'integerValue':
      return { integerValue: String(value.integerValue ?? 0) };
    case 'doubleValue':
      return { doubleValue: jsonDouble(value.doubleValue) };
    case 'timestampValue':
      return { timestampValue: formatTimestamp(value.timestampValue ?? {}) };
    case 'stringValue':
      return { stringValue: value.stringValue ?? '' };
    case 'bytesValue':
      return { bytesValue: Buffer.from(value.bytesValue ?? []).toString('base64') };
    case 'referenceValue':
      return { referenceValue: value.referenceValue ?? '' };
    case 'geoPointValue':
      return {
        geoPointValue: { latitude: value.geoPointValue?.latitude ?? 0, longitude: value.geoPointValue?.longitude ?? 0 },
      };
    case 'arrayValue':
      return { arrayValue: { values: (value.arrayValue?.values ?? []).map(valueJson) } };
    case 'mapValue':
      return { mapValue: { fields: fieldsJson(value.mapValue?.fields ?? {}) } };
  }
}

function fieldsJson(fields: Record<string, Value>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, valueJson(value)]));
}

function documentJson(event: DocumentChangeEvent, document: StoredDocument): unknown {
  return {
    name: documentName(event),
    fields: fieldsJson(document.fields),
    createTime: formatTimestamp(toTimestamp(document.createTime)),
    updateTime: formatTimestamp(toTimestamp(document.updateTime)),
  };
}

function legacyRequest(trigger: Trigger, event: DocumentChangeEvent, id: string): TriggerRequest {
  const data = {
    ...(event.after ? { value: documentJson(event, event.after) } : {}),
    ...(event.before ? { oldValue: documentJson(event, event.before) } : {}),
    updateMask: {},
  };
  const context = {
    eventId: id,
    timestamp: formatTimestamp(toTimestamp(event.time)),
    eventType: trigger.eventType,
    resource: { name: documentName(event), service: 'firestore.googleapis.com' },
  };
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data, context }) };
}

/** The request that delivers `event` to `trigger`; `id` is the event's id (kept across retries). */
export function triggerRequest(trigger: Trigger, event: DocumentChangeEvent, id: string): TriggerRequest {
  return trigger.signature === 'cloudevent' ? cloudEventRequest(trigger, event, id) : legacyRequest(trigger, event, id);
}
