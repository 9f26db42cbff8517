/**
 * Query evaluation: which documents a structured query selects, in which order, between its
 * cursors, after its offset and up to its limit (filters.ts: which documents match a filter;
 * aggregations.ts: count, sum and avg over them).
 *
 * The order is production's: the query's `orderBy`, then every field of an inequality filter
 * not ordered yet (by field path), then the document name, each later one in the direction of
 * the last explicit order. A document without a value at an ordered field is not a result.
 */
import { status } from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';
import type { IndexPlan } from './field-index.js';
import { matchesFilter } from './filters.js';
import { formatFieldPath, NAME_FIELD, parseFieldPath } from './paths.js';
import type { Cursor, Filter, StructuredQuery, Value } from './proto.js';
import type { DatabaseState, StoredDocument, Time } from './state.js';
import { compareReferences, compareStrings, compareValues, kindOf, NULL, reference, valueAt } from './values.js';
import { equalityKey } from './value-equality.js';

/** A field of the query's order: its path and direction. */
export interface Ordering {
  segments: string[];
  path: string;
  descending: boolean;
}

/** What a query runs over: the database, the parent path ("" for the root) and its full name. */
export interface QueryScope {
  database: DatabaseState;
  /** Relative path of the parent document, or "" for the database root. */
  parent: string;
  /** `projects/{p}/databases/{d}/documents`, to make document names. */
  root: string;
  readTime?: Time;
}

/** The documents a query selects, ordered, after cursors, offset and limit. */
export function runQuery(scope: QueryScope, query: StructuredQuery): StoredDocument[] {
  const orderings = orderingsOf(query);
  const name = (document: StoredDocument) => `${scope.root}/${document.path}`;
  const fieldOf = (document: StoredDocument, ordering: Ordering): Value | undefined =>
    ordering.path === NAME_FIELD ? reference(name(document)) : valueAt(document.fields, ordering.segments);

  const matches: StoredDocument[] = [];
  for (const document of candidates(scope, query)) {
    if (query.where && !matchesFilter(query.where, document, name(document))) continue;
    if (orderings.some((ordering) => fieldOf(document, ordering) === undefined)) continue;
    matches.push(document);
  }
  const compare = (a: StoredDocument, b: StoredDocument): number => {
    for (const ordering of orderings) {
      const order = compareValues(fieldOf(a, ordering) as Value, fieldOf(b, ordering) as Value);
      if (order !== 0) return ordering.descending ? -order : order;
    }
    return 0;
  };
  matches.sort(compare);

  const position = (document: StoredDocument, cursor: Cursor): number => {
    const values = cursor.values ?? [];
    for (let i = 0; i < values.length && i < orderings.length; i++) {
      const ordering = orderings[i] as Ordering;
      const order = compareCursorValue(fieldOf(document, ordering) as Value, values[i] as Value, ordering, scope.root);
      if (order !== 0) return ordering.descending ? -order : order;
    }
    return 0;
  };
  let selected = matches.filter((document) => {
    if (query.startAt) {
      const order = position(document, query.startAt);
      if (order < 0 || (order === 0 && !query.startAt.before)) return false;
    }
    if (query.endAt) {
      const order = position(document, query.endAt);
      if (order > 0 || (order === 0 && query.endAt.before)) return false;
    }
    return true;
  });
  const offset = query.offset ?? 0;
  if (offset < 0) throw new FirestoreError(status.INVALID_ARGUMENT, 'offset must be non-negative');
  if (offset > 0) selected = selected.slice(offset);
  const limit = query.limit ? (query.limit.value ?? 0) : undefined;
  if (limit !== undefined) {
    if (limit < 0) throw new FirestoreError(status.INVALID_ARGUMENT, 'limit is negative');
    selected = selected.slice(0, limit);
  }
  return selected;
}

/** A cursor's `__name__` value may be a reference or, as some clients send, a relative path string. */
function compareCursorValue(documentValue: Value, cursorValue: Value, ordering: Ordering, root: string): number {
  if (ordering.path === NAME_FIELD && kindOf(cursorValue) === 'stringValue') {
    return compareReferences(documentValue.referenceValue ?? '', `${root}/${cursorValue.stringValue ?? ''}`);
  }
  return compareValues(documentValue, cursorValue);
}

/** The documents of the collection (or, with all descendants, of every collection of that id below the parent). */
function* candidates(scope: QueryScope, query: StructuredQuery): Generator<StoredDocument> {
  const from = query.from ?? [];
  if (from.length !== 1) {
    throw new FirestoreError(status.INVALID_ARGUMENT, 'A query must select exactly one collection');
  }
  // A kindless query (recursiveDelete's) names no collection: every collection below the parent.
  const { collectionId = '', allDescendants } = from[0] as { collectionId?: string; allDescendants?: boolean };
  const prefix = scope.parent === '' ? '' : `${scope.parent}/`;
  if (!allDescendants) {
    const collection = `${prefix}${collectionId}`;
    const plan = indexPlan(query);
    yield* plan
      ? scope.database.documentsMatching(collection, plan, scope.readTime)
      : scope.database.documentsIn(collection, scope.readTime);
    return;
  }
  for (const path of [...scope.database.collectionPaths()]) {
    if (!path.startsWith(prefix)) continue;
    if (collectionId !== '' && path.slice(path.lastIndexOf('/') + 1) !== collectionId) continue;
    yield* scope.database.documentsIn(path, scope.readTime);
  }
}

/**
 * What the field indexes can narrow a query to: its filters, and its order (a document without
 * a value at an ordered field, explicit or implicit, is no result). Undefined when nothing narrows it.
 */
export function indexPlan(query: StructuredQuery): IndexPlan | undefined {
  const parts: IndexPlan[] = [];
  const filtered = query.where ? filterPlan(query.where) : undefined;
  if (filtered) parts.push(filtered);
  for (const ordering of orderingsOf(query)) {
    if (ordering.path !== NAME_FIELD) parts.push({ field: ordering.segments, present: true });
  }
  return parts.length <= 1 ? parts[0] : { and: parts };
}

function filterPlan(filter: Filter): IndexPlan | undefined {
  if (filter.compositeFilter) {
    const parts = (filter.compositeFilter.filters ?? []).map(filterPlan);
    if (filter.compositeFilter.op === 'OR') {
      return parts.length > 0 && parts.every((part) => part !== undefined) ? { or: parts as IndexPlan[] } : undefined;
    }
    const narrowing = parts.filter((part): part is IndexPlan => part !== undefined);
    return narrowing.length === 0 ? undefined : { and: narrowing };
  }
  const leaf = filter.fieldFilter ?? filter.unaryFilter;
  if (!leaf || canonical(leaf.field.fieldPath) === NAME_FIELD) return undefined;
  const field = parseFieldPath(leaf.field.fieldPath);
  // Every filter needs a value at its field; equality, `in` and `is null` need one of theirs.
  const keys = equalityKeysOf(filter);
  return keys?.every((key) => key !== undefined) ? { field, keys: keys as string[] } : { field, present: true };
}

/** The equality keys of the values a leaf filter matches, or undefined when it names none. */
function equalityKeysOf(filter: Filter): (string | undefined)[] | undefined {
  if (filter.unaryFilter) return filter.unaryFilter.op === 'IS_NULL' ? [equalityKey(NULL)] : undefined;
  switch (filter.fieldFilter?.op) {
    case 'EQUAL':
      return [equalityKey(filter.fieldFilter.value)];
    case 'IN':
      return (filter.fieldFilter.value.arrayValue?.values ?? []).map(equalityKey);
    default:
      return undefined;
  }
}

// --- Order --------------------------------------------------------------------------------

/** The operators that make a field an inequality field (ordered by it, and at most 10 of them). */
export const INEQUALITY_OPS: ReadonlySet<string> = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
  'IS_NOT_NAN',
  'IS_NOT_NULL',
]);

/** Field paths of the query's inequality filters, however nested. */
export function inequalityFields(filter: Filter | undefined): string[] {
  const found = new Set<string>();
  const visit = (f: Filter): void => {
    if (f.compositeFilter) for (const child of f.compositeFilter.filters ?? []) visit(child);
    const leaf = f.fieldFilter ?? f.unaryFilter;
    if (leaf && INEQUALITY_OPS.has(leaf.op)) found.add(canonical(leaf.field.fieldPath));
  };
  if (filter) visit(filter);
  return [...found];
}

function canonical(fieldPath: string): string {
  return fieldPath === NAME_FIELD ? NAME_FIELD : formatFieldPath(parseFieldPath(fieldPath));
}

/** The query's full order: explicit, then implicit inequality fields, then the name. */
export function orderingsOf(query: StructuredQuery): Ordering[] {
  const orderings: Ordering[] = (query.orderBy ?? []).map((order) => {
    const path = canonical(order.field.fieldPath);
    return { path, segments: segmentsOf(path), descending: order.direction === 'DESCENDING' };
  });
  const descending = orderings.length > 0 ? (orderings[orderings.length - 1] as Ordering).descending : false;
  const ordered = new Set(orderings.map((ordering) => ordering.path));
  // The name is ordered last even when a filter makes it an inequality field.
  const implicit = inequalityFields(query.where)
    .filter((path) => !ordered.has(path) && path !== NAME_FIELD)
    .sort((a, b) => compareFieldPaths(segmentsOf(a), segmentsOf(b)));
  for (const path of implicit) orderings.push({ path, segments: segmentsOf(path), descending });
  if (!ordered.has(NAME_FIELD)) {
    orderings.push({ path: NAME_FIELD, segments: [NAME_FIELD], descending });
  }
  return orderings;
}

function segmentsOf(path: string): string[] {
  return path === NAME_FIELD ? [NAME_FIELD] : parseFieldPath(path);
}

/** Field paths order segment by segment. */
function compareFieldPaths(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = compareStrings(a[i] as string, b[i] as string);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}
