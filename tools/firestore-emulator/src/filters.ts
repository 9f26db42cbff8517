/** Whether a document matches a query's filter: composite, field and unary filters, as production compares. */
import { NAME_FIELD, parseFieldPath } from './paths.js';
import type { FieldFilter, Filter, UnaryFilter, Value } from './proto.js';
import type { StoredDocument } from './state.js';
import { compareValues, isNaNValue, kindOf, reference, typeOrder, valueAt } from './values.js';
import { valuesEqual } from './value-equality.js';

export function matchesFilter(filter: Filter, document: StoredDocument, name: string): boolean {
  if (filter.compositeFilter) {
    const children = filter.compositeFilter.filters ?? [];
    return filter.compositeFilter.op === 'OR'
      ? children.some((child) => matchesFilter(child, document, name))
      : children.every((child) => matchesFilter(child, document, name));
  }
  if (filter.fieldFilter) return matchesFieldFilter(filter.fieldFilter, document, name);
  if (filter.unaryFilter) return matchesUnaryFilter(filter.unaryFilter, document);
  return true;
}

function fieldValue(fieldPath: string, document: StoredDocument, name: string): Value | undefined {
  return fieldPath === NAME_FIELD ? reference(name) : valueAt(document.fields, parseFieldPath(fieldPath));
}

function matchesFieldFilter(filter: FieldFilter, document: StoredDocument, name: string): boolean {
  const value = fieldValue(filter.field.fieldPath, document, name);
  if (value === undefined) return false; // a missing field matches no filter, `!=` and `not-in` included
  const operand = filter.value;
  const list = operand.arrayValue?.values ?? [];
  const elements = kindOf(value) === 'arrayValue' ? (value.arrayValue?.values ?? []) : undefined;
  switch (filter.op) {
    case 'EQUAL':
      return valuesEqual(value, operand);
    case 'NOT_EQUAL':
      return kindOf(value) !== 'nullValue' && !valuesEqual(value, operand);
    case 'LESS_THAN':
      return comparable(value, operand) && compareValues(value, operand) < 0;
    case 'LESS_THAN_OR_EQUAL':
      return comparable(value, operand) && compareValues(value, operand) <= 0;
    case 'GREATER_THAN':
      return comparable(value, operand) && compareValues(value, operand) > 0;
    case 'GREATER_THAN_OR_EQUAL':
      return comparable(value, operand) && compareValues(value, operand) >= 0;
    case 'ARRAY_CONTAINS':
      return elements?.some((element) => valuesEqual(element, operand)) ?? false;
    case 'ARRAY_CONTAINS_ANY':
      return elements?.some((element) => list.some((wanted) => valuesEqual(element, wanted))) ?? false;
    case 'IN':
      return list.some((wanted) => valuesEqual(value, wanted));
    case 'NOT_IN':
      // `not-in [null, …]` matches nothing, as production.
      if (list.some((unwanted) => kindOf(unwanted) === 'nullValue')) return false;
      return kindOf(value) !== 'nullValue' && !list.some((unwanted) => valuesEqual(value, unwanted));
  }
}

/** Range filters compare within one type only, and NaN is in no range. */
function comparable(value: Value, operand: Value): boolean {
  return typeOrder(value) === typeOrder(operand) && !isNaNValue(value) && !isNaNValue(operand);
}

function matchesUnaryFilter(filter: UnaryFilter, document: StoredDocument): boolean {
  const value = valueAt(document.fields, parseFieldPath(filter.field.fieldPath));
  if (value === undefined) return false;
  const isNull = kindOf(value) === 'nullValue';
  switch (filter.op) {
    case 'IS_NAN':
      return isNaNValue(value);
    case 'IS_NULL':
      return isNull;
    case 'IS_NOT_NAN':
      return !isNull && !isNaNValue(value);
    case 'IS_NOT_NULL':
      return !isNull;
  }
}
