/** RunAggregationQuery's aggregations: count, sum and avg over a query's documents. */
import { status } from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';
import { parseFieldPath } from './paths.js';
import type { Aggregation, Value } from './proto.js';
import type { StoredDocument } from './state.js';
import { double, integer, integerOf, INT64_MAX, INT64_MIN, kindOf, NULL, valueAt } from './values.js';

/**
 * count, sum and avg over the documents. sum and avg take numbers only (other values are
 * skipped); an integer sum that leaves int64 becomes a double, as a sum
 * with any double is; avg is a double, or null with no numbers.
 */
export function aggregate(
  documents: readonly StoredDocument[],
  aggregations: readonly Aggregation[],
): Record<string, Value> {
  // Production serves sum and avg from the index of their field: a document without a value
  // at any aggregated field is in no aggregation of the query, count included.
  const aggregated = aggregations.filter((aggregation) => !aggregation.count).map((a) => parseFieldPath(fieldOf(a)));
  const counted = documents.filter((document) =>
    aggregated.every((segments) => valueAt(document.fields, segments) !== undefined),
  );
  const result: Record<string, Value> = {};
  aggregations.forEach((aggregation, i) => {
    const alias = aggregation.alias || `field_${i + 1}`;
    if (aggregation.count) {
      const upTo = aggregation.count.upTo ? Number(aggregation.count.upTo.value) : Infinity;
      result[alias] = integer(Math.min(counted.length, upTo));
      return;
    }
    const segments = parseFieldPath(fieldOf(aggregation));
    const numbers = counted
      .map((document) => valueAt(document.fields, segments))
      .filter(
        (value): value is Value =>
          value !== undefined && (kindOf(value) === 'integerValue' || kindOf(value) === 'doubleValue'),
      );
    result[alias] = aggregation.sum ? sum(numbers) : average(numbers);
  });
  return result;
}

function fieldOf(aggregation: Aggregation): string {
  const field = aggregation.sum?.field ?? aggregation.avg?.field;
  if (!field) throw new FirestoreError(status.INVALID_ARGUMENT, 'Unknown aggregation');
  return field.fieldPath;
}

function sum(numbers: readonly Value[]): Value {
  if (numbers.every((value) => kindOf(value) === 'integerValue')) {
    const total = numbers.reduce((acc, value) => acc + integerOf(value), 0n);
    if (total <= INT64_MAX && total >= INT64_MIN) return integer(total);
  }
  return double(numbers.reduce((acc, value) => acc + toNumber(value), 0));
}

function average(numbers: readonly Value[]): Value {
  if (numbers.length === 0) return NULL;
  return double(numbers.reduce((acc, value) => acc + toNumber(value), 0) / numbers.length);
}

function toNumber(value: Value): number {
  return kindOf(value) === 'integerValue' ? Number(integerOf(value)) : (value.doubleValue ?? 0);
}
