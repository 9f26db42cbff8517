/**
 * What every RPC of the service works with: the state, the transactions, the emitter of
 * changes, and who asks (the caller) with what the rules and the indexes say about it.
 */
import type { EventEmitter } from 'node:events';
import type { HotDocuments } from './hot-documents.js';
import type { DatabaseName } from './paths.js';
import type { StructuredQuery, Value } from './proto.js';
import type { DatabaseState, EmulatorState, Time } from './state.js';
import type { Transactions } from './transactions.js';

/** Who is asking: the Admin SDK (`Bearer owner`), or a client judged by the security rules. */
export interface Caller {
  admin: boolean;
  /** The signed-in user's claims, or null for a client not signed in. */
  auth: { uid: string; token: Record<string, unknown> } | null;
}

/** What the security rules are asked about one document (or, for `list`, one collection). */
export interface AccessRequest {
  method: 'get' | 'list' | 'create' | 'update' | 'delete';
  path: string;
  resource?: Record<string, Value> | null;
  requestResource?: Record<string, Value> | null;
}

/** Judges a client's request; throws PERMISSION_DENIED. Never asked about the Admin SDK's requests. */
export type Authorize = (database: DatabaseName, caller: Caller, request: AccessRequest) => void;

/** Tells whether a query needs a composite index it lacks; throws FAILED_PRECONDITION naming it. */
export type IndexCheck = (database: DatabaseName, query: StructuredQuery, allDescendants: boolean) => void;

/** A commit's effect, for listeners: the database and the paths it changed, at `time`. */
export interface Change {
  database: DatabaseState;
  paths: string[];
  time: Time;
}

export interface ServiceOptions {
  authorize?: Authorize;
  checkIndexes?: IndexCheck;
  /** Production's per-document write limit (hot-documents.ts); without it, commits never wait. */
  hotDocuments?: HotDocuments;
}

/** The service as its RPCs see it (FirestoreService is one). */
export interface ServiceContext {
  readonly state: EmulatorState;
  readonly transactions: Transactions;
  /** Emits 'change' (Change) after every commit that changed something. */
  readonly changes: EventEmitter;
  readonly options: ServiceOptions;
}

/** Asks the rules about a client's request; the Admin SDK's are never judged. */
export function authorize(
  context: ServiceContext,
  database: DatabaseName,
  caller: Caller,
  request: AccessRequest,
): void {
  if (!caller.admin) context.options.authorize?.(database, caller, request);
}
