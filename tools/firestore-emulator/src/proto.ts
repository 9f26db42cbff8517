/**
 * The Firestore v1 API as this emulator sees it: the service definition loaded from the
 * `.proto` files that `@google-cloud/firestore` ships, and TypeScript types for the messages
 * the emulator reads and writes.
 *
 * The types follow what `@grpc/proto-loader` hands over with the options below: field names
 * in camelCase, 64-bit integers as decimal strings, enums by name, bytes as Buffers, unset
 * fields absent, and each `oneof` named by a field of its own (`valueType: 'stringValue'`).
 * Only the fields the emulator uses are typed; everything else passes through untouched.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadSync, type Options } from '@grpc/proto-loader';
import { loadPackageDefinition, type ServiceDefinition } from '@grpc/grpc-js';

/** Unset fields are absent (proto3 defaults are not filled in): a zero is a missing field. */
export interface Timestamp {
  /** Seconds since the epoch, a decimal string (int64). */
  seconds?: string | number;
  nanos?: number;
}

export interface LatLng {
  latitude?: number;
  longitude?: number;
}

export interface ArrayValue {
  values?: Value[];
}

export interface MapValue {
  fields?: Record<string, Value>;
}

/** A Firestore value: exactly one of the fields is set, and `valueType` names it. */
export interface Value {
  valueType?: ValueKind;
  nullValue?: 'NULL_VALUE' | 0;
  booleanValue?: boolean;
  /** int64, as a decimal string. */
  integerValue?: string | number;
  doubleValue?: number;
  timestampValue?: Timestamp;
  stringValue?: string;
  bytesValue?: Buffer | Uint8Array;
  referenceValue?: string;
  geoPointValue?: LatLng;
  arrayValue?: ArrayValue;
  mapValue?: MapValue;
}

export type ValueKind =
  | 'nullValue'
  | 'booleanValue'
  | 'integerValue'
  | 'doubleValue'
  | 'timestampValue'
  | 'stringValue'
  | 'bytesValue'
  | 'referenceValue'
  | 'geoPointValue'
  | 'arrayValue'
  | 'mapValue';

export interface Document {
  /** `projects/{p}/databases/{d}/documents/{path}` */
  name: string;
  fields?: Record<string, Value>;
  createTime?: Timestamp;
  updateTime?: Timestamp;
}

export interface DocumentMask {
  fieldPaths?: string[];
}

export interface Precondition {
  exists?: boolean;
  updateTime?: Timestamp;
  conditionType?: 'exists' | 'updateTime';
}

export interface FieldTransform {
  fieldPath: string;
  transformType?:
    'setToServerValue' | 'increment' | 'maximum' | 'minimum' | 'appendMissingElements' | 'removeAllFromArray';
  setToServerValue?: 'REQUEST_TIME' | 'SERVER_VALUE_UNSPECIFIED';
  increment?: Value;
  maximum?: Value;
  minimum?: Value;
  appendMissingElements?: ArrayValue;
  removeAllFromArray?: ArrayValue;
}

export interface Write {
  operation?: 'update' | 'delete' | 'transform';
  update?: Document;
  delete?: string;
  transform?: { document: string; fieldTransforms?: FieldTransform[] };
  updateMask?: DocumentMask;
  updateTransforms?: FieldTransform[];
  currentDocument?: Precondition;
}

export interface WriteResult {
  updateTime?: Timestamp;
  transformResults?: Value[];
}

export interface Status {
  code: number;
  message?: string;
}

export interface TransactionOptions {
  mode?: 'readOnly' | 'readWrite';
  readOnly?: { readTime?: Timestamp };
  readWrite?: { retryTransaction?: Buffer };
}

export interface FieldReference {
  fieldPath: string;
}

export type FieldFilterOp =
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL'
  | 'EQUAL'
  | 'NOT_EQUAL'
  | 'ARRAY_CONTAINS'
  | 'IN'
  | 'ARRAY_CONTAINS_ANY'
  | 'NOT_IN';

export type UnaryFilterOp = 'IS_NAN' | 'IS_NULL' | 'IS_NOT_NAN' | 'IS_NOT_NULL';

export interface FieldFilter {
  field: FieldReference;
  op: FieldFilterOp;
  value: Value;
}

export interface UnaryFilter {
  op: UnaryFilterOp;
  field: FieldReference;
}

export interface CompositeFilter {
  op: 'AND' | 'OR';
  filters?: Filter[];
}

export interface Filter {
  filterType?: 'compositeFilter' | 'fieldFilter' | 'unaryFilter';
  compositeFilter?: CompositeFilter;
  fieldFilter?: FieldFilter;
  unaryFilter?: UnaryFilter;
}

export type Direction = 'ASCENDING' | 'DESCENDING' | 'DIRECTION_UNSPECIFIED';

export interface Order {
  field: FieldReference;
  direction?: Direction;
}

export interface Cursor {
  values?: Value[];
  before?: boolean;
}

export interface StructuredQuery {
  select?: { fields?: FieldReference[] };
  /** No collection id: a kindless query, over every collection below the parent. */
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: Filter;
  orderBy?: Order[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset?: number;
  /** google.protobuf.Int32Value; `{}` is a limit of 0 */
  limit?: { value?: number };
  findNearest?: unknown;
}

export interface Aggregation {
  alias?: string;
  operator?: 'count' | 'sum' | 'avg';
  /** google.protobuf.Int64Value */
  count?: { upTo?: { value: string | number } };
  sum?: { field: FieldReference };
  avg?: { field: FieldReference };
}

export interface StructuredAggregationQuery {
  structuredQuery?: StructuredQuery;
  aggregations?: Aggregation[];
}

/** What a read names as its consistency: a transaction, a new one, or a point in time. */
export interface ReadConsistency {
  transaction?: Buffer;
  newTransaction?: TransactionOptions;
  readTime?: Timestamp;
}

export interface Target {
  targetType?: 'query' | 'documents';
  query?: { parent: string; structuredQuery?: StructuredQuery };
  documents?: { documents?: string[] };
  resumeToken?: Buffer;
  readTime?: Timestamp;
  targetId?: number;
  once?: boolean;
}

const PROTO_OPTIONS: Options = {
  keepCase: false,
  longs: String,
  enums: String,
  bytes: Buffer,
  defaults: false,
  oneofs: true,
};

/** The `.proto` files of the Firestore API (and `v1.json`, them as one protobufjs bundle), as `@google-cloud/firestore` ships them. */
export function protosDirectory(): string {
  const require = createRequire(import.meta.url);
  const clientEntry = require.resolve('@google-cloud/firestore');
  // build/src/index.js → build/protos
  return join(dirname(clientEntry), '..', 'protos');
}

let serviceDefinition: ServiceDefinition | undefined;

/** The Firestore v1 service definition, to register handlers against with grpc-js (loaded once). */
export function firestoreServiceDefinition(): ServiceDefinition {
  serviceDefinition ??= loadServiceDefinition();
  return serviceDefinition;
}

function loadServiceDefinition(): ServiceDefinition {
  const protos = protosDirectory();
  const definition = loadSync(join(protos, 'google/firestore/v1/firestore.proto'), {
    ...PROTO_OPTIONS,
    includeDirs: [protos],
  });
  const loaded = loadPackageDefinition(definition) as unknown as {
    google: { firestore: { v1: { Firestore: { service: ServiceDefinition } } } };
  };
  return loaded.google.firestore.v1.Firestore.service;
}
