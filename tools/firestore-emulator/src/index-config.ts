/**
 * A project's `firestore.indexes.json`: its composite indexes and field overrides, read and
 * checked (a problem is thrown naming where it is), field paths in the form queries use.
 */
import { formatFieldPath, parseFieldPath } from './paths.js';

export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';
export type IndexOrder = 'ASCENDING' | 'DESCENDING';

/** One field of an index, as firestore.indexes.json writes it: an order or an array config. */
export interface IndexField {
  fieldPath: string;
  order?: IndexOrder;
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: QueryScope;
  fields: IndexField[];
}

export interface SingleFieldIndex {
  order?: IndexOrder;
  arrayConfig?: 'CONTAINS';
  queryScope: QueryScope;
}

/** The complete set of single-field indexes of one field (`*`: of every field) of a collection group. */
export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes: SingleFieldIndex[];
}

export interface IndexConfig {
  /** Composite indexes a structured query can use (vector and search indexes are left out). */
  indexes: CompositeIndex[];
  fieldOverrides: FieldOverride[];
}

class IndexConfigError extends Error {
  constructor(where: string, problem: string) {
    super(`firestore.indexes.json: ${where}: ${problem}`);
    this.name = 'IndexConfigError';
  }
}

type Json = Record<string, unknown>;

function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new IndexConfigError(where, 'must be an object');
  }
  return value as Json;
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new IndexConfigError(where, 'must be an array');
  return value;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') throw new IndexConfigError(where, 'must be a non-empty string');
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], where: string): T {
  if (!allowed.includes(value as T)) throw new IndexConfigError(where, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** A field path of the file → the form queries use, so that the two compare as strings. */
function canonical(path: string, where: string): string {
  try {
    return formatFieldPath(parseFieldPath(path));
  } catch {
    throw new IndexConfigError(where, `"${path}" is not a valid field path`);
  }
}

const SCOPES = ['COLLECTION', 'COLLECTION_GROUP'] as const;
const ORDERS = ['ASCENDING', 'DESCENDING'] as const;

/** `{order}` or `{arrayConfig}`: exactly one of them (vector and search configs reported as such). */
function mode(raw: Json, where: string, special: readonly string[]): Pick<IndexField, 'order' | 'arrayConfig'> | null {
  const present = ['order', 'arrayConfig', ...special].filter((key) => raw[key] !== undefined);
  if (present.length !== 1) {
    throw new IndexConfigError(
      where,
      `must have exactly one of "${['order', 'arrayConfig', ...special].join('", "')}"`,
    );
  }
  if (raw.order !== undefined) return { order: oneOf(raw.order, ORDERS, `${where}.order`) };
  if (raw.arrayConfig !== undefined)
    return { arrayConfig: oneOf(raw.arrayConfig, ['CONTAINS'] as const, `${where}.arrayConfig`) };
  return null;
}

function parseIndex(value: unknown, where: string): CompositeIndex | null {
  const raw = object(value, where);
  const fields = list(raw.fields, `${where}.fields`).map((item, i) => {
    const at = `${where}.fields[${i}]`;
    const field = object(item, at);
    const fieldMode = mode(field, at, ['vectorConfig', 'searchConfig']);
    return (
      fieldMode && { fieldPath: canonical(text(field.fieldPath, `${at}.fieldPath`), `${at}.fieldPath`), ...fieldMode }
    );
  });
  const index = {
    collectionGroup: text(raw.collectionGroup, `${where}.collectionGroup`),
    queryScope: oneOf(raw.queryScope, SCOPES, `${where}.queryScope`),
  };
  if (fields.length < 2) {
    throw new IndexConfigError(
      where,
      'a composite index needs at least 2 fields (single-field indexes go in "fieldOverrides")',
    );
  }
  if (fields.length > 100) throw new IndexConfigError(where, 'a composite index has at most 100 fields');
  const name = fields.findIndex((field) => field?.fieldPath === '__name__');
  if (name !== -1 && name !== fields.length - 1)
    throw new IndexConfigError(where, '__name__ may only be the last field');
  // A vector or search index serves findNearest or search, never a structured query's filters.
  if (fields.some((field) => field === null)) return null;
  return { ...index, fields: fields as IndexField[] };
}

function parseOverride(value: unknown, where: string): FieldOverride {
  const raw = object(value, where);
  const fieldPath = text(raw.fieldPath, `${where}.fieldPath`);
  if (raw.ttl !== undefined && typeof raw.ttl !== 'boolean')
    throw new IndexConfigError(`${where}.ttl`, 'must be a boolean');
  return {
    collectionGroup: text(raw.collectionGroup, `${where}.collectionGroup`),
    fieldPath: fieldPath === '*' ? '*' : canonical(fieldPath, `${where}.fieldPath`),
    indexes: list(raw.indexes, `${where}.indexes`).map((item, i) => {
      const at = `${where}.indexes[${i}]`;
      const index = object(item, at);
      const queryScope =
        index.queryScope === undefined ? 'COLLECTION' : oneOf(index.queryScope, SCOPES, `${at}.queryScope`);
      return { ...mode(index, at, []), queryScope };
    }),
  };
}

/** Reads a parsed firestore.indexes.json; throws an error naming the first problem it finds. */
export function parseIndexConfig(json: unknown): IndexConfig {
  const root = object(json, 'the file');
  const indexes = list(root.indexes, '"indexes"').map((index, i) => parseIndex(index, `indexes[${i}]`));
  const overrides = root.fieldOverrides === undefined ? [] : list(root.fieldOverrides, '"fieldOverrides"');
  return {
    indexes: indexes.filter((index): index is CompositeIndex => index !== null),
    fieldOverrides: overrides.map((override, i) => parseOverride(override, `fieldOverrides[${i}]`)),
  };
}
