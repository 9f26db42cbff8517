/** What a structured query may ask: its filters' shape and counts, its order, cursors, limit and offset. */
import { invalidArgument } from '../errors.js';
import type { FieldFilterOp, Filter, StructuredQuery } from '../proto.js';
import { INEQUALITY_OPS } from '../query.js';
import { kindOf } from '../values.js';
import { checkCollectionId, checkFieldPath } from './names.js';
import { MAX } from './table.js';
import { checkValueRanges } from './values.js';

const FIELD_OPS: readonly string[] = [
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'EQUAL',
  'NOT_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'ARRAY_CONTAINS_ANY',
  'NOT_IN',
];
const NOT_EQUALS: readonly string[] = ['NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', 'IS_NOT_NULL'];
const ARRAY_FILTERS: Partial<Record<FieldFilterOp, number>> = {
  IN: MAX.inValues,
  ARRAY_CONTAINS_ANY: MAX.arrayContainsAnyValues,
  NOT_IN: MAX.notInValues,
};

/** A field or unary filter of a query: its field and operator. */
export interface Leaf {
  field: string;
  op: string;
  /** How many disjunctions it stands for (IN and ARRAY_CONTAINS_ANY: one per value). */
  disjunctions: number;
}

/** Every field and unary filter of a filter, however nested. */
export function leaves(filter: Filter): Leaf[] {
  if (filter.compositeFilter) return (filter.compositeFilter.filters ?? []).flatMap(leaves);
  if (filter.fieldFilter) {
    const { field, op, value } = filter.fieldFilter;
    const fan = op === 'IN' || op === 'ARRAY_CONTAINS_ANY' ? (value.arrayValue?.values?.length ?? 1) : 1;
    return [{ field: field.fieldPath, op, disjunctions: fan }];
  }
  if (filter.unaryFilter) {
    return [{ field: filter.unaryFilter.field.fieldPath, op: filter.unaryFilter.op, disjunctions: 1 }];
  }
  return [];
}

/** The filter in disjunctive normal form, as lists of leaves (IN and ARRAY_CONTAINS_ANY unexpanded). */
export function disjunctiveTerms(filter: Filter | undefined): Leaf[][] {
  if (!filter) return [[]];
  const composite = filter.compositeFilter;
  if (!composite) return [leaves(filter)];
  const children = (composite.filters ?? []).map(disjunctiveTerms);
  if (composite.op === 'OR') return children.flat();
  return children.reduce<Leaf[][]>((terms, child) => terms.flatMap((term) => child.map((c) => [...term, ...c])), [[]]);
}

/** How many disjunctions the filter has in normal form, IN and ARRAY_CONTAINS_ANY expanded. */
function disjunctionCount(filter: Filter): number {
  const composite = filter.compositeFilter;
  if (!composite) return leaves(filter).reduce((n, leaf) => n * leaf.disjunctions, 1);
  const counts = (composite.filters ?? []).map(disjunctionCount);
  return composite.op === 'OR' ? counts.reduce((a, b) => a + b, 0) : counts.reduce((a, b) => a * b, 1);
}

/** Whether the filter has an OR anywhere (even of one filter). */
function hasOr(filter: Filter): boolean {
  const composite = filter.compositeFilter;
  return composite !== undefined && (composite.op === 'OR' || (composite.filters ?? []).some(hasOr));
}

function checkFilterShape(filter: Filter): void {
  const composite = filter.compositeFilter;
  if (composite) {
    if (composite.op !== 'AND' && composite.op !== 'OR') throw invalidArgument('Unsupported CompositeFilter operator.');
    // An empty AND is accepted (it matches everything); an empty OR is not.
    if (composite.op === 'OR' && (composite.filters ?? []).length === 0) {
      throw invalidArgument('Composite filter must have at least one sub-filter.');
    }
    composite.filters?.forEach(checkFilterShape);
    return;
  }
  if (filter.unaryFilter) {
    checkFieldPath(filter.unaryFilter.field.fieldPath, true);
    return;
  }
  if (!filter.fieldFilter) return;
  const { field, op, value } = filter.fieldFilter;
  if (!FIELD_OPS.includes(op)) throw invalidArgument('Unknown FieldFilter operator.');
  checkFieldPath(field.fieldPath, true);
  const max = ARRAY_FILTERS[op];
  if (max !== undefined) {
    if (kindOf(value) !== 'arrayValue') throw invalidArgument(`'${op}' requires an ArrayValue.`);
    const count = value.arrayValue?.values?.length ?? 0;
    if (count === 0) throw invalidArgument(`'${op}' requires an non-empty ArrayValue.`);
    if (count > max) throw invalidArgument(`'${op}' supports up to ${max} comparison values.`);
  }
  if (field.fieldPath === '__name__') {
    if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') throw invalidArgument('the name __key__ is reserved');
    const values = max !== undefined ? (value.arrayValue?.values ?? []) : [value];
    if (values.some((v) => kindOf(v) !== 'referenceValue')) throw invalidArgument('__key__ filter value must be a Key');
  }
  checkValueRanges(value);
}

/** A structured query production would refuse with INVALID_ARGUMENT (indexes aside: see indexes.ts). */
export function checkQuery(query: StructuredQuery): void {
  if ((query.from ?? []).length > 1) {
    throw invalidArgument('StructuredQuery.from cannot have more than one collection selector.');
  }
  // A kindless query (recursiveDelete's) names no collection.
  for (const selector of query.from ?? []) if (selector.collectionId) checkCollectionId(selector.collectionId);
  for (const field of query.select?.fields ?? []) checkFieldPath(field.fieldPath, true);
  const where = query.where;
  if (where) {
    checkFilterShape(where);
    const all = leaves(where);
    if (all.filter((leaf) => NOT_EQUALS.includes(leaf.op)).length > 1) {
      throw invalidArgument(
        "Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.",
      );
    }
    if (
      all.some((leaf) => leaf.op === 'NOT_IN') &&
      (hasOr(where) || all.some((l) => l.op === 'IN' || l.op === 'ARRAY_CONTAINS_ANY'))
    ) {
      throw invalidArgument("'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.");
    }
    const disjunctions = disjunctionCount(where);
    if (disjunctions > MAX.disjunctions) {
      throw invalidArgument(
        `Too many disjunctions after normalization. Result had ${disjunctions} disjunctions which is more than the maximum of ${MAX.disjunctions}`,
      );
    }
    for (const term of disjunctiveTerms(where)) {
      if (term.filter((leaf) => leaf.op === 'ARRAY_CONTAINS' || leaf.op === 'ARRAY_CONTAINS_ANY').length > 1) {
        throw invalidArgument("A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction.");
      }
    }
    const inequalityFields = [...new Set(all.filter((l) => INEQUALITY_OPS.has(l.op)).map((l) => l.field))].filter(
      (field) => field !== '__name__',
    );
    if (inequalityFields.length > MAX.inequalityFields) {
      throw invalidArgument(
        `The query contains ${inequalityFields.length} distinct inequality fields: [${inequalityFields.join(', ')}]. ` +
          `A query may not have more than ${MAX.inequalityFields} distinct inequality fields.`,
      );
    }
  }
  const ordered = new Set<string>();
  for (const order of query.orderBy ?? []) {
    checkFieldPath(order.field.fieldPath, true);
    if (ordered.has('__name__')) throw invalidArgument('order by clause cannot contain more fields after the key');
    if (ordered.has(order.field.fieldPath)) {
      throw invalidArgument(`order by clause cannot contain duplicate fields ${order.field.fieldPath}`);
    }
    ordered.add(order.field.fieldPath);
  }
  // A cursor may name at most the explicit orders (the SDKs send __name__ explicitly when they page).
  for (const cursor of [query.startAt, query.endAt]) {
    if ((cursor?.values?.length ?? 0) > (query.orderBy ?? []).length) {
      throw invalidArgument('Cursor has too many values.');
    }
  }
  if ((query.limit?.value ?? 0) < 0) throw invalidArgument('limit is negative');
  if ((query.offset ?? 0) < 0) throw invalidArgument('offset is negative');
}
