/**
 * The field indexes narrow a query's candidates and never change its answer: seeded runs of
 * writes, deletes and queries (now and at past read times) compare every indexed answer with
 * a scan of the whole collection.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { NAME_FIELD, parseDatabaseName } from '../src/paths.js';
import type { Filter, StructuredQuery, Value } from '../src/proto.js';
import { matchesFilter } from '../src/filters.js';
import { orderingsOf, runQuery } from '../src/query.js';
import { DatabaseState, type Time } from '../src/state.js';
import { double, integer, NULL, reference, valueAt } from '../src/values.js';

const ROOT = 'projects/p/databases/(default)/documents';
const string = (s: string): Value => ({ valueType: 'stringValue', stringValue: s });
const boolean = (b: boolean): Value => ({ valueType: 'booleanValue', booleanValue: b });
const map = (fields: Record<string, Value>): Value => ({ valueType: 'mapValue', mapValue: { fields } });

/** Values that equal each other across kinds or spellings (1 and 1.0, two numeric ids), that equal nothing (NaN), and that no index keys (maps). */
const VALUES: readonly Value[] = [
  integer(1),
  double(1),
  integer(2),
  double(-0),
  integer(0),
  double(Number.NaN),
  integer(2n ** 53n + 1n),
  integer(2n ** 53n),
  string('x'),
  string('y'),
  NULL,
  boolean(true),
  reference(`${ROOT}/c/a`),
  // Numeric ids compare by number: these two references are equal.
  reference(`${ROOT}/c/__id5__`),
  reference(`${ROOT}/c/__id05__`),
  map({ k: integer(1) }),
];

function equal(field: string, value: Value): Filter {
  return { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value } };
}

describe('field indexes', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`answer as a scan does, seed ${seed}`, () => {
      const rng = xoroshiro128plus(seed);
      const pick = <T>(items: readonly T[]): T => items[uniformInt(rng, 0, items.length - 1)] as T;
      const database = new DatabaseState(parseDatabaseName('projects/p/databases/(default)'));
      const times: Time[] = [];
      let time: Time = 1_000_000n;

      const randomFields = (): Record<string, Value> => {
        const fields: Record<string, Value> = {};
        for (const field of ['a', 'b']) if (uniformInt(rng, 0, 4) > 0) fields[field] = pick(VALUES);
        if (uniformInt(rng, 0, 1) === 1) fields['m'] = map({ k: pick(VALUES) });
        return fields;
      };
      const leaf = (): Filter => {
        const field = pick(['a', 'b', 'm.k']);
        const op = pick(['EQUAL', 'EQUAL', 'IN', 'NOT_EQUAL', 'GREATER_THAN', 'IS_NULL', 'IS_NOT_NULL']);
        if (op === 'IS_NULL' || op === 'IS_NOT_NULL') return { unaryFilter: { field: { fieldPath: field }, op } };
        const value =
          op === 'IN'
            ? { valueType: 'arrayValue' as const, arrayValue: { values: [pick(VALUES), pick(VALUES)] } }
            : pick(VALUES);
        return { fieldFilter: { field: { fieldPath: field }, op, value } } as Filter;
      };
      const randomQuery = (): StructuredQuery => {
        const shape = uniformInt(rng, 0, 3);
        const where: Filter =
          shape === 0
            ? leaf()
            : { compositeFilter: { op: shape === 1 ? 'OR' : 'AND', filters: [leaf(), leaf(), leaf()] } };
        const query: StructuredQuery = { from: [{ collectionId: 'c' }], where };
        if (shape === 3) query.orderBy = [{ field: { fieldPath: pick(['a', 'b']) }, direction: 'ASCENDING' }];
        return query;
      };

      let compared = 0;
      let matched = 0;
      for (let step = 0; step < 600; step++) {
        time += BigInt(uniformInt(rng, 1, 1000));
        const path = `c/${pick(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])}`;
        const existing = database.get(path);
        const document =
          uniformInt(rng, 0, 5) === 0
            ? null
            : {
                path,
                fields: randomFields(),
                createTime: existing?.createTime ?? time,
                updateTime: time,
              };
        database.put(path, document, time);
        times.push(time);

        if (step % 3 !== 0) continue;
        const query = randomQuery();
        const readTime = uniformInt(rng, 0, 1) === 0 ? undefined : pick(times);
        const indexed = runQuery({ database, parent: '', root: ROOT, readTime }, query).map((d) => d.path);
        const scanned = [...database.documentsIn('c', readTime)]
          .filter((d) => matchesFilter(query.where as Filter, d, `${ROOT}/${d.path}`))
          // A result has a value at every ordered field, the implicit ones of inequalities included.
          .filter((d) =>
            orderingsOf(query).every((o) => o.path === NAME_FIELD || valueAt(d.fields, o.segments) !== undefined),
          )
          .map((d) => d.path);
        expect(indexed.slice().sort(), JSON.stringify({ seed, step, query })).toEqual(scanned.sort());
        compared++;
        matched += indexed.length;
      }
      expect(compared).toBe(200);
      expect(matched).toBeGreaterThan(50); // the queries did find documents, not only empty answers
    });
  }

  it('reads only the documents that hold the value now, as the collection grows and changes', () => {
    const database = new DatabaseState(parseDatabaseName('projects/p/databases/(default)'));
    let time = 1n;
    const write = (id: number, state: Value) => {
      const path = `c/${id}`;
      database.put(path, { path, fields: { state, n: integer(id) }, createTime: 1n, updateTime: time }, time++);
    };
    for (let id = 0; id < 1000; id++) write(id, string('owed'));
    const owed = { field: ['state'], keys: ['s:owed'] };
    expect([...database.documentsMatching('c', owed)]).toHaveLength(1000);
    for (let id = 0; id < 990; id++) write(id, string('done'));
    expect([...database.documentsMatching('c', owed)].map((d) => d.path)).toHaveLength(10);
    // A read at a past time also reads what changed since then: here the last five writes.
    expect([...database.documentsMatching('c', owed, time - 6n)]).toHaveLength(15);
    const ordered = { field: ['missing'], present: true as const };
    expect([...database.documentsMatching('c', ordered)]).toHaveLength(0);
  });

  it('keeps up when a collection empties and fills again', () => {
    const database = new DatabaseState(parseDatabaseName('projects/p/databases/(default)'));
    const query: StructuredQuery = { from: [{ collectionId: 'c' }], where: equal('a', integer(1)) };
    const run = (readTime?: Time) => runQuery({ database, parent: '', root: ROOT, readTime }, query).map((d) => d.path);
    database.put('c/x', { path: 'c/x', fields: { a: integer(1) }, createTime: 1n, updateTime: 1n }, 1n);
    expect(run()).toEqual(['c/x']); // builds the index
    database.put('c/x', null, 2n);
    expect(run()).toEqual([]);
    expect(run(1n)).toEqual(['c/x']); // the version then
    database.put('c/y', { path: 'c/y', fields: { a: double(1) }, createTime: 3n, updateTime: 3n }, 3n);
    expect(run()).toEqual(['c/y']); // 1 equals 1.0
  });
});
