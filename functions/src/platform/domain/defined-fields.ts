/**
 * The fields of `value` whose value is not `undefined`: what a stored record keeps (Firestore
 * refuses `undefined`, and an update deletes a field set to it). The one place that assumes an
 * object without its undefined fields is still of its type.
 */
export function definedFields<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
