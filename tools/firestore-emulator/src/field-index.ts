/**
 * Field indexes: per collection, which documents hold which value at a field, so a query
 * reads the documents its filters can match instead of the whole collection. A long-lived
 * stack (a soak, a day of `npm run dev`) would otherwise slow down as its collections grow.
 *
 * An index only narrows: the query still applies its filters to every candidate. It is built
 * for a field the first time a query asks, and kept current on every write after that. A read
 * at a past time also looks at every document changed since then (their value then may
 * differ from now); a read older than the index's memory of changes scans, as before.
 */
import { formatFieldPath } from './paths.js';
import type { Value } from './proto.js';
import { valueAt } from './values.js';
import { equalityKey } from './value-equality.js';

/** Microseconds since the epoch, as the state's commit times. */
type Time = bigint;

/** What an index reads of a document: its fields. */
interface Fields {
  fields: Record<string, Value>;
}

/** Which documents may match: a tree of lookups, each a superset of its filter's matches. */
export type IndexPlan =
  /** Documents whose value at the field has one of these equality keys. */
  | { field: readonly string[]; keys: readonly string[] }
  /** Documents with any value at the field (a filter or order on a missing field matches nothing). */
  | { field: readonly string[]; present: true }
  | { and: readonly IndexPlan[] }
  | { or: readonly IndexPlan[] };

interface FieldIndex {
  segments: readonly string[];
  byKey: Map<string, Set<string>>;
  present: Set<string>;
}

/** The indexes of one collection, and the documents it changed since they were built. */
export class CollectionIndex {
  private readonly fields = new Map<string, FieldIndex>();
  /** Documents changed since the index was built, oldest first, from `head` on. */
  private changes: { time: Time; id: string }[] = [];
  private head = 0;

  /**
   * @param current the collection's documents now, by id
   * @param trustedFrom the last change before the index was built: a read at an earlier time scans
   * @param window how far back reads may look: older changes are forgotten
   */
  constructor(
    private readonly current: () => Iterable<[string, Fields]>,
    private trustedFrom: Time,
    private readonly window: Time,
  ) {}

  /** Records that document `id` changed from `before` to `after` at `time`. */
  update(id: string, before: Fields | null, after: Fields | null, time: Time): void {
    for (const index of this.fields.values()) {
      if (before) remove(index, id, before);
      if (after) add(index, id, after);
    }
    this.changes.push({ time, id });
    // Forget changes older than any read may ask about; reads before them scan.
    const horizon = time - this.window;
    while (this.head < this.changes.length && (this.changes[this.head] as { time: Time }).time <= horizon) {
      this.trustedFrom = (this.changes[this.head] as { time: Time }).time;
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.changes.length) {
      this.changes = this.changes.slice(this.head);
      this.head = 0;
    }
  }

  /**
   * Ids of the documents that may match `plan` as of `readTime` (now when undefined), or
   * undefined when the index cannot tell (the caller scans). The set is read-only.
   */
  candidates(plan: IndexPlan, readTime?: Time): ReadonlySet<string> | undefined {
    if (readTime !== undefined && readTime < this.trustedFrom) return undefined;
    const now = this.resolve(plan);
    const changedSince = this.changedAfter(readTime);
    if (changedSince.length === 0) return now;
    return new Set([...now, ...changedSince]);
  }

  private changedAfter(readTime: Time | undefined): string[] {
    const ids: string[] = [];
    if (readTime === undefined) return ids;
    for (let i = this.changes.length - 1; i >= this.head; i--) {
      const change = this.changes[i] as { time: Time; id: string };
      if (change.time <= readTime) break;
      ids.push(change.id);
    }
    return ids;
  }

  private resolve(plan: IndexPlan): ReadonlySet<string> {
    if ('and' in plan) {
      // Every match is in each part: the smallest part is enough.
      let smallest: ReadonlySet<string> | undefined;
      for (const part of plan.and) {
        const ids = this.resolve(part);
        if (!smallest || ids.size < smallest.size) smallest = ids;
      }
      return smallest ?? new Set();
    }
    if ('or' in plan) return union(plan.or.map((part) => this.resolve(part)));
    const index = this.field(plan.field);
    if ('present' in plan) return index.present;
    return union(plan.keys.map((key) => index.byKey.get(key) ?? EMPTY));
  }

  private field(segments: readonly string[]): FieldIndex {
    const path = formatFieldPath(segments);
    let index = this.fields.get(path);
    if (!index) {
      index = { segments, byKey: new Map(), present: new Set() };
      for (const [id, document] of this.current()) add(index, id, document);
      this.fields.set(path, index);
    }
    return index;
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function union(sets: readonly ReadonlySet<string>[]): ReadonlySet<string> {
  if (sets.length === 1) return sets[0] as ReadonlySet<string>;
  const all = new Set<string>();
  for (const set of sets) for (const id of set) all.add(id);
  return all;
}

function add(index: FieldIndex, id: string, document: Fields): void {
  const value = valueAt(document.fields, index.segments);
  if (value === undefined) return;
  index.present.add(id);
  const key = equalityKey(value);
  if (key === undefined) return;
  let ids = index.byKey.get(key);
  if (!ids) {
    ids = new Set();
    index.byKey.set(key, ids);
  }
  ids.add(id);
}

function remove(index: FieldIndex, id: string, document: Fields): void {
  const value = valueAt(document.fields, index.segments);
  if (value === undefined) return;
  index.present.delete(id);
  const key = equalityKey(value);
  if (key === undefined) return;
  const ids = index.byKey.get(key);
  ids?.delete(id);
  if (ids?.size === 0) index.byKey.delete(key);
}
