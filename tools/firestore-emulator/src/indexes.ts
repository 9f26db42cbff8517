/**
 * Whether production Firestore would refuse a query (FAILED_PRECONDITION) for want of an index,
 * given the project's `firestore.indexes.json`, by Firestore's documented index rules:
 *
 * - Every field has automatic single-field indexes with collection scope, ascending,
 *   descending and array-contains, unless a field override says otherwise (an override lists
 *   the complete set for its field, its map subfields inherit it, and `*` covers every field of
 *   its collection group). Single-field indexes with collection-group scope exist only where an
 *   override lists them.
 * - A query's results come in its normalized order: its explicit orders, then its inequality
 *   fields not already ordered (in field path order), then `__name__`, each added field taking
 *   the direction of the last explicit order (query.proto). An index serves one disjunction of
 *   the query when its fields are that disjunction's equality and array-contains fields (in
 *   any order), followed by exactly that order (fields an equality pins are left out of it).
 *   A single-field index is such an index of one field followed by `__name__` in its direction;
 *   a composite index ends with `__name__` in its last ordered field's direction unless it
 *   lists `__name__` itself.
 * - Index merging: indexes that end with the same order combine, so the equality fields may be
 *   spread over several of them (e.g. two single-field indexes serve `a == 1 AND b == 2`).
 * - A query with neither equality filters nor an order beyond `__name__` needs no index at all.
 * - IN is an equality and ARRAY_CONTAINS_ANY an array-contains (each value a disjunction of its
 *   own); NOT_EQUAL, NOT_IN, IS_NOT_NULL and IS_NOT_NAN are inequalities; every disjunction of
 *   an OR must be servable on its own.
 *
 * Where the documentation leaves a case open this module allows the query and lists the case in
 * `UNCLEAR_CASES`.
 */
import { disjunctiveTerms } from './limits/queries.js';
import { orderingsOf } from './query.js';
import { formatFieldPath, NAME_FIELD, parseFieldPath } from './paths.js';
import type { StructuredQuery } from './proto.js';
import type {
  CompositeIndex,
  FieldOverride,
  IndexConfig,
  IndexField,
  IndexOrder,
  QueryScope,
  SingleFieldIndex,
} from './index-config.js';

/** The index a query lacks, in firestore.indexes.json's words. */
export interface MissingIndex extends CompositeIndex {
  /** When the missing index is a single-field one: the field override to add (or replace the field's with). */
  fieldOverride?: FieldOverride;
}

/** Cases the documentation leaves open; each is allowed here. */
export const UNCLEAR_CASES: readonly string[] = [
  'Equality and array-contains filters together (`tags array-contains x AND status == y`) are served by merging single-field indexes; the documentation gives such queries a composite index in its examples.',
  'Index merging also when the shared order holds an inequality field (the documentation shows merging under an order by only).',
  'A COLLECTION_GROUP index (composite, or single-field from an override) serves a collection query of that collection id too.',
  'An array-contains single-field index serves an array-contains query ordered by __name__ DESCENDING as well as ASCENDING.',
  'Filters on __name__ (equality, range, IN) never call for an index.',
  'An order by a field that an equality filter pins (`a == 1 ORDER BY a`) is ignored when matching indexes.',
  'An equality field may appear in an index ASCENDING or DESCENDING.',
  'findNearest (vector search) queries are not checked.',
];

// --- Matching -----------------------------------------------------------------------------

type Mode = IndexOrder | 'CONTAINS';
/** One position of an index, or of a query's order. */
interface Entry {
  field: string;
  mode: Mode;
}
/** A field a disjunction constrains by equality (`contains`: by array-contains). */
interface Requirement {
  field: string;
  contains: boolean;
}

/** A requirement, or an index entry that meets it, as one string (a field may be both `==` and array-contains). */
const requirementKey = (field: string, contains: boolean): string => `${contains ? 'contains' : 'equals'} ${field}`;

const EQUALITIES = ['EQUAL', 'IN', 'IS_NULL', 'IS_NAN'];
const CONTAINS = ['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY'];
function fieldOf(path: string): string {
  return path === NAME_FIELD ? NAME_FIELD : formatFieldPath(parseFieldPath(path));
}

/** The order the query's results come in (query.ts, query.proto's normalization), ending with __name__. */
function normalizedOrder(query: StructuredQuery): Entry[] {
  const order = orderingsOf(query).map((ordering): Entry => ({
    field: ordering.path,
    mode: ordering.descending ? 'DESCENDING' : 'ASCENDING',
  }));
  const name = order.findIndex((entry) => entry.field === NAME_FIELD);
  return order.slice(0, name + 1); // nothing orders after the name
}

/** The single-field index modes a field has in a collection group for a scope. */
function singleFieldModes(config: IndexConfig, group: string, field: string, scope: QueryScope): Set<Mode> {
  const override = overrideFor(config, group, field);
  if (!override) return new Set(scope === 'COLLECTION' ? ['ASCENDING', 'DESCENDING', 'CONTAINS'] : []);
  // A collection query may use a collection-group index too (UNCLEAR_CASES).
  const usable = override.indexes.filter((index) => index.queryScope === scope || scope === 'COLLECTION');
  return new Set(usable.map((index) => index.arrayConfig ?? index.order ?? 'ASCENDING'));
}

/** The override that governs a field: its own, else its nearest parent map's, else the group's `*`. */
function overrideFor(config: IndexConfig, group: string, field: string): FieldOverride | undefined {
  const overrides = config.fieldOverrides.filter((override) => override.collectionGroup === group);
  const segments = parseFieldPath(field);
  for (let length = segments.length; length > 0; length--) {
    const path = formatFieldPath(segments.slice(0, length));
    const found = overrides.find((override) => override.fieldPath === path);
    if (found) return found;
  }
  return overrides.find((override) => override.fieldPath === '*');
}

/**
 * A single-field index, as the query planner sees it: the field, then __name__ in the index's
 * direction (array-contains: either direction, see UNCLEAR_CASES).
 */
const SINGLE_FIELD_SHAPES: readonly [Mode, IndexOrder][] = [
  ['ASCENDING', 'ASCENDING'],
  ['DESCENDING', 'DESCENDING'],
  ['CONTAINS', 'ASCENDING'],
  ['CONTAINS', 'DESCENDING'],
];

/** Every index the query could use, as entries ending with __name__. */
function candidates(config: IndexConfig, group: string, scope: QueryScope, fields: readonly string[]): Entry[][] {
  const result: Entry[][] = [];
  for (const index of config.indexes) {
    if (index.collectionGroup !== group || (index.queryScope !== scope && scope === 'COLLECTION_GROUP')) continue;
    const entries = index.fields.map((f) => ({ field: f.fieldPath, mode: f.arrayConfig ?? f.order ?? 'ASCENDING' }));
    if (entries.at(-1)?.field !== NAME_FIELD) {
      const directional = entries.filter((entry) => entry.mode !== 'CONTAINS').at(-1);
      entries.push({ field: NAME_FIELD, mode: directional?.mode ?? 'ASCENDING' });
    }
    result.push(entries);
  }
  for (const field of new Set(fields)) {
    if (field === NAME_FIELD) continue;
    const modes = singleFieldModes(config, group, field, scope);
    for (const [mode, nameOrder] of SINGLE_FIELD_SHAPES) {
      if (modes.has(mode))
        result.push([
          { field, mode },
          { field: NAME_FIELD, mode: nameOrder },
        ]);
    }
  }
  return result;
}

/**
 * The requirements an index meets for a disjunction (their keys), if it ends with exactly the order and
 * everything before that is among the disjunction's equality and array-contains fields.
 */
function covered(index: readonly Entry[], required: readonly Requirement[], order: readonly Entry[]): string[] | null {
  const prefix = index.length - order.length;
  if (prefix < 0) return null;
  const suffixMatches = order.every((entry, i) => {
    const at = index[prefix + i];
    return at?.field === entry.field && at.mode === entry.mode;
  });
  if (!suffixMatches) return null;
  const head = index.slice(0, prefix);
  const fits = head.every(
    (entry, i) =>
      head.findIndex((other) => other.field === entry.field) === i &&
      required.some((r) => r.field === entry.field && r.contains === (entry.mode === 'CONTAINS')),
  );
  return fits ? head.map((entry) => requirementKey(entry.field, entry.mode === 'CONTAINS')) : null;
}

/**
 * The index production would want for a query it refuses, or null when the indexes of `config`
 * (and the automatic ones) serve it. `collectionGroup`: the queried collection's id.
 */
export function missingIndex(
  query: StructuredQuery,
  collectionGroup: string,
  allDescendants: boolean,
  config: IndexConfig,
): MissingIndex | null {
  if (query.findNearest !== undefined) return null;
  const scope: QueryScope = allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION';
  const terms = disjunctiveTerms(query.where);
  const order = normalizedOrder(query);
  for (const term of terms) {
    const required: Requirement[] = [];
    for (const leaf of term) {
      const field = fieldOf(leaf.field);
      const contains = CONTAINS.includes(leaf.op);
      if (field === NAME_FIELD || !(contains || EQUALITIES.includes(leaf.op))) continue;
      if (!required.some((r) => r.field === field && r.contains === contains)) required.push({ field, contains });
    }
    const pinned = new Set(required.filter((r) => !r.contains).map((r) => r.field));
    const termOrder = order.filter((entry) => !pinned.has(entry.field));
    if (required.length === 0 && termOrder.length === 1) continue; // only __name__: the built-in index
    const fields = [...required.map((r) => r.field), ...termOrder.map((entry) => entry.field)];
    const usable = candidates(config, collectionGroup, scope, fields);
    const served = new Set<string>();
    let exact = false;
    for (const index of usable) {
      const met = covered(index, required, termOrder);
      if (met === null) continue;
      exact ||= met.length === 0;
      met.forEach((key) => served.add(key));
    }
    const ok = required.length === 0 ? exact : required.every((r) => served.has(requirementKey(r.field, r.contains)));
    if (!ok) return suggestion(config, collectionGroup, scope, required, termOrder, served);
  }
  return null;
}

/** The smallest index that would serve the disjunction: a single-field one where that suffices. */
function suggestion(
  config: IndexConfig,
  collectionGroup: string,
  queryScope: QueryScope,
  required: readonly Requirement[],
  order: readonly Entry[],
  served: ReadonlySet<string>,
): MissingIndex {
  const name = order.at(-1) as Entry;
  const uncovered = required.find((r) => !served.has(requirementKey(r.field, r.contains)));
  if (order.length === 1 && uncovered) {
    return singleField(
      config,
      collectionGroup,
      queryScope,
      uncovered.field,
      uncovered.contains ? 'CONTAINS' : name.mode,
    );
  }
  if (required.length === 0 && order.length === 2 && order[0]?.mode === name.mode) {
    return singleField(config, collectionGroup, queryScope, order[0].field, name.mode);
  }
  const fields: IndexField[] = [
    ...required.map((r) =>
      r.contains
        ? { fieldPath: r.field, arrayConfig: 'CONTAINS' as const }
        : { fieldPath: r.field, order: 'ASCENDING' as const },
    ),
    ...order.slice(0, -1).map((entry) => ({ fieldPath: entry.field, order: entry.mode as IndexOrder })),
  ];
  const lastOrder = fields.filter((field) => field.order).at(-1)?.order ?? 'ASCENDING';
  if (name.mode !== lastOrder) fields.push({ fieldPath: NAME_FIELD, order: name.mode as IndexOrder });
  return { collectionGroup, queryScope, fields };
}

function singleField(
  config: IndexConfig,
  collectionGroup: string,
  queryScope: QueryScope,
  fieldPath: string,
  need: Mode,
): MissingIndex {
  const index: SingleFieldIndex =
    need === 'CONTAINS' ? { arrayConfig: 'CONTAINS', queryScope } : { order: need, queryScope };
  // An override replaces the field's automatic indexes, so the one to paste keeps them.
  const current = overrideFor(config, collectionGroup, fieldPath)?.indexes ?? [
    { order: 'ASCENDING', queryScope: 'COLLECTION' },
    { order: 'DESCENDING', queryScope: 'COLLECTION' },
    { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
  ];
  return {
    collectionGroup,
    queryScope,
    fields: [need === 'CONTAINS' ? { fieldPath, arrayConfig: 'CONTAINS' } : { fieldPath, order: need }],
    fieldOverride: { collectionGroup, fieldPath, indexes: [...current, index] },
  };
}

/**
 * Production's FAILED_PRECONDITION text for a missing index. Production ends it with a console
 * link whose `create_composite` parameter encodes the index; instead this names the index as it
 * goes into firestore.indexes.json.
 */
export function missingIndexMessage(index: MissingIndex, projectId: string, databaseId: string): string {
  const database = databaseId === '(default)' ? '-default-' : databaseId;
  const link = `https://console.firebase.google.com/project/${projectId}/firestore/databases/${database}/indexes`;
  const field = index.fields[0];
  if (index.fieldOverride && field) {
    const kind = field.arrayConfig ? 'ARRAY_CONTAINS' : field.order === 'DESCENDING' ? 'DESC' : 'ASC';
    return (
      `The query requires a ${index.queryScope}_${kind} index for collection ${index.collectionGroup} and field ` +
      `${field.fieldPath}. You can create it here: ${link} or in firestore.indexes.json, "fieldOverrides": ` +
      JSON.stringify(index.fieldOverride)
    );
  }
  const { collectionGroup, queryScope, fields } = index;
  return (
    `The query requires an index. You can create it here: ${link} or in firestore.indexes.json, "indexes": ` +
    JSON.stringify({ collectionGroup, queryScope, fields })
  );
}
