/**
 * A bare client of the Firestore v1 API over gRPC, for tools that ask an emulator (ours or
 * Google's) how it judges single requests: each call is one request, sent as a client SDK sends
 * it (the caller's ID token as `authorization: Bearer …`, `owner` for the Admin SDK's rules-off
 * access, nothing for an anonymous client), and its status comes back as it is. No cache, no
 * retries, no streams kept open: a refused write costs one request, not a stream torn down and
 * opened again as in the Firebase SDKs.
 */
import {
  credentials,
  makeGenericClientConstructor,
  Metadata,
  status,
  type Client,
  type ServiceError,
} from '@grpc/grpc-js';
import { firestoreServiceDefinition, type StructuredQuery, type Value, type Write } from './proto.js';

/** A document's fields as plain data: strings, booleans, numbers, null, arrays and maps of them. */
export type PlainData = { [field: string]: PlainValue };
export type PlainValue = string | boolean | number | null | PlainValue[] | { [field: string]: PlainValue };

/** A value as the SDKs send it: whole safe numbers as integers, other numbers as doubles. */
export function wireValue(value: PlainValue): Value {
  if (value === null) return { nullValue: 'NULL_VALUE' };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number')
    return Number.isSafeInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(wireValue) } };
  return { mapValue: { fields: wireFields(value) } };
}

export function wireFields(data: PlainData): Record<string, Value> {
  return Object.fromEntries(Object.entries(data).map(([field, value]) => [field, wireValue(value)]));
}

/** `projectId`'s default database as requests name it, and a document's full name in it. */
export function defaultDatabase(projectId: string): { database: string; name: (path: string) => string } {
  const database = `projects/${projectId}/databases/(default)`;
  return { database, name: (path) => `${database}/documents/${path}` };
}

/** The write of a set of the document `name` to `data` (no precondition), or of its delete for null. */
export function setOrDelete(name: string, data: PlainData | null): Write {
  return data === null ? { delete: name } : { update: { name, fields: wireFields(data) } };
}

/** One caller's requests to one project's default database, paths relative to its documents. */
export interface WireCaller {
  /** BatchGetDocuments of one document: resolves when the read went through (found or not). */
  get(path: string): Promise<void>;
  /** RunQuery on the collection at `collectionPath`, optionally `where field op value`. */
  list(
    collectionPath: string,
    filter?: { field: string; op: 'EQUAL' | 'ARRAY_CONTAINS'; value: PlainValue },
  ): Promise<void>;
  /** Commit of one write: a set (no precondition), an update of some fields (the document must exist), or a delete. */
  set(path: string, data: PlainData): Promise<void>;
  update(path: string, data: PlainData): Promise<void>;
  delete(path: string): Promise<void>;
}

export interface WireClient {
  /** Requests carrying `token` (`owner`: the Admin SDK's; null: none, an anonymous client). */
  as(token: string | null): WireCaller;
  close(): void;
}

/** Whether a request failed because the security rules refused it (PERMISSION_DENIED). */
export function refusedByRules(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === status.PERMISSION_DENIED;
}

const FirestoreClient = makeGenericClientConstructor(firestoreServiceDefinition(), 'Firestore');

type Callback = (error: ServiceError | null) => void;
interface Calls {
  Commit(request: unknown, metadata: Metadata, callback: Callback): void;
  BatchGetDocuments(request: unknown, metadata: Metadata): NodeJS.ReadableStream;
  RunQuery(request: unknown, metadata: Metadata): NodeJS.ReadableStream;
}

/** Reads a server stream to its end; rejects with the call's error. */
function drained(stream: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.on('data', () => undefined);
    stream.on('error', reject);
    stream.on('end', resolve);
  });
}

/** A client of the emulator at `host:port` for `projectId` (plain text, as emulators speak). */
export function wireClient({ host, port }: { host: string; port: number }, projectId: string): WireClient {
  // The generic client has a method per RPC of the service definition, named as in the .proto.
  const client = new FirestoreClient(`${host}:${port}`, credentials.createInsecure()) as unknown as Client & Calls;
  const { database, name } = defaultDatabase(projectId);
  return {
    as(token) {
      const metadata = new Metadata();
      metadata.set('google-cloud-resource-prefix', database);
      if (token !== null) metadata.set('authorization', `Bearer ${token}`);
      const commit = (write: Write) =>
        new Promise<void>((resolve, reject) =>
          client.Commit({ database, writes: [write] }, metadata, (error) => (error ? reject(error) : resolve())),
        );
      return {
        get: (path) => drained(client.BatchGetDocuments({ database, documents: [name(path)] }, metadata)),
        list(collectionPath, filter) {
          const at = collectionPath.lastIndexOf('/');
          const parent = at < 0 ? `${database}/documents` : name(collectionPath.slice(0, at));
          const structuredQuery: StructuredQuery = { from: [{ collectionId: collectionPath.slice(at + 1) }] };
          if (filter)
            structuredQuery.where = {
              fieldFilter: { field: { fieldPath: filter.field }, op: filter.op, value: wireValue(filter.value) },
            };
          return drained(client.RunQuery({ parent, structuredQuery }, metadata));
        },
        set: (path, data) => commit(setOrDelete(name(path), data)),
        update: (path, data) =>
          commit({
            update: { name: name(path), fields: wireFields(data) },
            updateMask: { fieldPaths: Object.keys(data) },
            currentDocument: { exists: true },
          }),
        delete: (path) => commit(setOrDelete(name(path), null)),
      };
    },
    close: () => client.close(),
  };
}
