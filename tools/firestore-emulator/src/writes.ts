/**
 * One write applied to one document: preconditions, the update (whole, or through its mask),
 * the field transforms, and the write's result. Stored fields are never changed in place
 * (older versions stay readable at their time): every change copies the maps on its path.
 */
import { status } from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';
import { truncateTimestamp } from './limits/values.js';
import { parseFieldPath } from './paths.js';
import type { FieldTransform, Precondition, Timestamp, Value, Write, WriteResult } from './proto.js';
import { toTimestamp, type StoredDocument, type Time } from './state.js';
import {
  array,
  compareValues,
  double,
  integer,
  integerOf,
  isNaNValue,
  isNumber,
  kindOf,
  NULL,
  saturateInt64,
  timestamp,
  typeOrder,
  valueAt,
} from './values.js';
import { sameFields } from './value-equality.js';

export interface AppliedWrite {
  /** The document after the write (null: it does not exist). */
  document: StoredDocument | null;
  /** Whether anything changed: an unchanged document keeps its update time. */
  changed: boolean;
  result: WriteResult;
}

/** The document path a write is about (its name relative to the root is resolved by the caller). */
export function writeTarget(write: Write): string {
  const name = write.update?.name ?? write.delete ?? write.transform?.document;
  if (!name) throw new FirestoreError(status.INVALID_ARGUMENT, 'A write must have an update, a delete or a transform');
  return name;
}

/**
 * Applies `write` (to the document named `name`, at `path`) on top of `current`, at the commit
 * time `time`. Throws the error production answers when a precondition fails.
 */
export function applyWrite(
  current: StoredDocument | null,
  write: Write,
  path: string,
  name: string,
  time: Time,
): AppliedWrite {
  checkPrecondition(current, write.currentDocument, name);
  if (write.delete !== undefined) {
    return { document: null, changed: current !== null, result: {} };
  }

  let fields: Record<string, Value>;
  if (write.update) {
    const given = truncatedFields(write.update.fields ?? {});
    if (write.updateMask) {
      fields = current?.fields ?? {};
      for (const fieldPath of write.updateMask.fieldPaths ?? []) {
        const segments = parseFieldPath(fieldPath);
        const value = valueAt(given, segments);
        fields = value === undefined ? deleteAt(fields, segments) : setAt(fields, segments, value);
      }
    } else {
      fields = given;
    }
  } else {
    fields = current?.fields ?? {};
  }

  const transforms = (write.updateTransforms ?? write.transform?.fieldTransforms ?? []).map(truncatedTransform);
  const transformResults: Value[] = [];
  for (const transform of transforms) {
    const segments = parseFieldPath(transform.fieldPath);
    const { stored, answered } = transformed(valueAt(fields, segments), transform, time);
    fields = setAt(fields, segments, stored);
    transformResults.push(answered);
  }

  const changed = current === null || !sameFields(current.fields, fields);
  const document: StoredDocument = changed
    ? { path, fields, createTime: current?.createTime ?? time, updateTime: time }
    : current;
  const result: WriteResult = { updateTime: toTimestamp(document.updateTime) };
  if (transforms.length > 0) result.transformResults = transformResults;
  return { document, changed, result };
}

/** Throws the error production answers when `precondition` does not hold of `current`. */
export function checkPrecondition(
  current: StoredDocument | null,
  precondition: Precondition | undefined,
  name: string,
): void {
  if (!precondition) return;
  if (precondition.exists === true && !current) {
    throw new FirestoreError(status.NOT_FOUND, `No document to update: ${name}`);
  }
  if (precondition.exists === false && current) {
    throw new FirestoreError(status.ALREADY_EXISTS, `Document already exists: ${name}`);
  }
  if (precondition.updateTime) {
    const wanted = precondition.updateTime;
    const actual = current ? toTimestamp(current.updateTime) : undefined;
    if (!actual || String(actual.seconds) !== String(wanted.seconds ?? 0) || actual.nanos !== (wanted.nanos ?? 0)) {
      throw new FirestoreError(
        status.FAILED_PRECONDITION,
        current
          ? `the stored version (${JSON.stringify(actual)}) does not match the required base version (${JSON.stringify(wanted)})`
          : `No document to update: ${name}`,
      );
    }
  }
}

// --- Field transforms -------------------------------------------------------------------

/** What a transform stores, and what the write's result reports for it (null for array transforms). */
function transformed(
  current: Value | undefined,
  transform: FieldTransform,
  time: Time,
): { stored: Value; answered: Value } {
  const same = (stored: Value) => ({ stored, answered: stored });
  if (transform.setToServerValue !== undefined) {
    if (transform.setToServerValue !== 'REQUEST_TIME') {
      throw new FirestoreError(status.INVALID_ARGUMENT, `Unknown server value: ${transform.setToServerValue}`);
    }
    return same(timestamp(toTimestamp(time)));
  }
  if (transform.increment) return same(increment(current, numeric(transform.increment)));
  if (transform.maximum) return same(extreme(current, numeric(transform.maximum), 1));
  if (transform.minimum) return same(extreme(current, numeric(transform.minimum), -1));
  const elements = current && kindOf(current) === 'arrayValue' ? (current.arrayValue?.values ?? []) : [];
  if (transform.appendMissingElements) {
    const result = [...elements];
    for (const element of transform.appendMissingElements.values ?? []) {
      if (!result.some((present) => sameElement(present, element))) result.push(element);
    }
    return { stored: array(result), answered: NULL };
  }
  if (transform.removeAllFromArray) {
    const removed = transform.removeAllFromArray.values ?? [];
    const result = elements.filter((element) => !removed.some((gone) => sameElement(gone, element)));
    return { stored: array(result), answered: NULL };
  }
  throw new FirestoreError(status.INVALID_ARGUMENT, `A field transform of ${transform.fieldPath} has no operation`);
}

function numeric(operand: Value): Value {
  if (!isNumber(operand)) throw new FirestoreError(status.INVALID_ARGUMENT, 'The operand must be a number');
  return operand;
}

/** Array transforms: 3 and 3.0 are one element, and so are NaN and NaN. */
function sameElement(a: Value, b: Value): boolean {
  return typeOrder(a) === typeOrder(b) && compareValues(a, b) === 0;
}

/** Integers add as int64, saturating on overflow; a double on either side makes a double. */
function increment(current: Value | undefined, operand: Value): Value {
  if (!current || !isNumber(current)) return operand;
  if (kindOf(current) === 'integerValue' && kindOf(operand) === 'integerValue') {
    const sum = integerOf(current) + integerOf(operand);
    return integer(saturateInt64(sum));
  }
  return double(asDouble(current) + asDouble(operand));
}

/** maximum (direction 1) or minimum (-1): NaN wins, an equal operand leaves the stored value. */
function extreme(current: Value | undefined, operand: Value, direction: 1 | -1): Value {
  if (!current || !isNumber(current)) return operand;
  if (isNaNValue(current)) return current;
  if (isNaNValue(operand)) return operand;
  return compareValues(operand, current) * direction > 0 ? operand : current;
}

function asDouble(value: Value): number {
  return kindOf(value) === 'integerValue' ? Number(integerOf(value)) : (value.doubleValue ?? 0);
}

// --- Copy-on-write field edits ----------------------------------------------------------

/** `fields` with `value` at `segments`, making maps on the way (a non-map on the way is replaced). */
export function setAt(fields: Record<string, Value>, segments: readonly string[], value: Value): Record<string, Value> {
  const [head, ...rest] = segments as [string, ...string[]];
  if (rest.length === 0) return { ...fields, [head]: value };
  const child = fields[head];
  const childFields = child && kindOf(child) === 'mapValue' ? (child.mapValue?.fields ?? {}) : {};
  return { ...fields, [head]: { valueType: 'mapValue', mapValue: { fields: setAt(childFields, rest, value) } } };
}

/** `fields` without the value at `segments` (unchanged when there is none). */
export function deleteAt(fields: Record<string, Value>, segments: readonly string[]): Record<string, Value> {
  const [head, ...rest] = segments as [string, ...string[]];
  if (!(head in fields)) return fields;
  if (rest.length === 0) {
    const { [head]: _removed, ...others } = fields;
    return others;
  }
  const child = fields[head] as Value;
  if (kindOf(child) !== 'mapValue') return fields;
  const childFields = child.mapValue?.fields ?? {};
  const updated = deleteAt(childFields, rest);
  if (updated === childFields) return fields;
  return { ...fields, [head]: { valueType: 'mapValue', mapValue: { fields: updated } } };
}

// --- Timestamps are stored to the microsecond -------------------------------------------

/** A value with every timestamp in it cut to microseconds, as production stores them (the same object when none is finer). */
function truncated(value: Value): Value {
  switch (kindOf(value)) {
    case 'timestampValue': {
      const ts = value.timestampValue as Timestamp;
      return (ts.nanos ?? 0) % 1000 === 0 ? value : timestamp(truncateTimestamp(ts));
    }
    case 'arrayValue': {
      const values = value.arrayValue?.values ?? [];
      const cut = values.map(truncated);
      return cut.every((v, i) => v === values[i]) ? value : array(cut);
    }
    case 'mapValue': {
      const fields = value.mapValue?.fields ?? {};
      const cut = truncatedFields(fields);
      return cut === fields ? value : { valueType: 'mapValue', mapValue: { fields: cut } };
    }
    default:
      return value;
  }
}

function truncatedFields(fields: Record<string, Value>): Record<string, Value> {
  let result = fields;
  for (const [key, value] of Object.entries(fields)) {
    const cut = truncated(value);
    if (cut !== value) result = { ...result, [key]: cut };
  }
  return result;
}

function truncatedTransform(transform: FieldTransform): FieldTransform {
  const elements = transform.appendMissingElements ?? transform.removeAllFromArray;
  if (!elements) return transform;
  const given = array(elements.values ?? []);
  const cut = truncated(given);
  if (cut === given) return transform;
  return transform.appendMissingElements
    ? { ...transform, appendMissingElements: cut.arrayValue ?? {} }
    : { ...transform, removeAllFromArray: cut.arrayValue ?? {} };
}
