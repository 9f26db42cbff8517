import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseIndexConfig, type IndexConfig } from '../src/index-config.js';
import { UNCLEAR_CASES, missingIndex, missingIndexMessage, type MissingIndex } from '../src/indexes.js';
import type { Direction, Filter, StructuredQuery, Value } from '../src/proto.js';

const NONE: IndexConfig = { indexes: [], fieldOverrides: [] };
const PROJECT_CONFIG = parseIndexConfig(
  JSON.parse(readFileSync(new URL('../../../firestore.indexes.json', import.meta.url), 'utf8')),
);

const one: Value = { integerValue: '1' };
const list: Value = { arrayValue: { values: [one, { integerValue: '2' }] } };
type Op = NonNullable<Filter['fieldFilter']>['op'];
const where = (
  field: string,
  op: Op,
  value: Value = op.includes('IN') || op === 'ARRAY_CONTAINS_ANY' ? list : one,
): Filter => ({
  fieldFilter: { field: { fieldPath: field }, op, value },
});
const and = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'OR', filters } });
const by = (fieldPath: string, direction: Direction = 'ASCENDING') => ({ field: { fieldPath }, direction });

/** A query of collection `c`: a filter (or none) and orders. */
function q(filter?: Filter, ...orderBy: ReturnType<typeof by>[]): StructuredQuery {
  return {
    from: [{ collectionId: 'c' }],
    ...(filter ? { where: filter } : {}),
    ...(orderBy.length ? { orderBy } : {}),
  };
}

const composite = (queryScope: 'COLLECTION' | 'COLLECTION_GROUP', ...fields: [string, string][]) => ({
  collectionGroup: 'c',
  queryScope,
  fields: fields.map(([fieldPath, mode]) =>
    mode === 'CONTAINS' ? { fieldPath, arrayConfig: mode } : { fieldPath, order: mode },
  ),
});
const config = (...indexes: ReturnType<typeof composite>[]) => parseIndexConfig({ indexes });
const needs = (query: StructuredQuery, cfg: IndexConfig = NONE, group = false) => missingIndex(query, 'c', group, cfg);

describe('reading firestore.indexes.json', () => {
  it('reads the project’s file', () => {
    expect(PROJECT_CONFIG.indexes).toEqual([
      {
        collectionGroup: 'Friends',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'userId', order: 'ASCENDING' },
          { fieldPath: 'friendId', order: 'ASCENDING' },
        ],
      },
      // Her invitation's people, newest first (myInvitations), a page after another by `__name__`.
      {
        collectionGroup: '_friendJoins',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'inviterId', order: 'ASCENDING' },
          { fieldPath: 'friendship', order: 'ASCENDING' },
          { fieldPath: 'createdAt', order: 'DESCENDING' },
          { fieldPath: '__name__', order: 'DESCENDING' },
        ],
      },
    ]);
    // The deploy check's 30-day figure reads the funnel's shards by collection group (its `day`):
    // the default single-field indexes of `day`, kept, and the collection group's ascending one.
    expect(PROJECT_CONFIG.fieldOverrides).toEqual([
      {
        collectionGroup: 'shards',
        fieldPath: 'day',
        indexes: [
          { order: 'ASCENDING', queryScope: 'COLLECTION' },
          { order: 'DESCENDING', queryScope: 'COLLECTION' },
          { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
          { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
        ],
      },
    ]);
  });

  it('names what is wrong with a malformed file', () => {
    const bad = (json: unknown) => () => parseIndexConfig(json);
    expect(bad([])).toThrow('firestore.indexes.json: the file: must be an object');
    expect(bad({})).toThrow('"indexes": must be an array');
    expect(
      bad({ indexes: [{ ...composite('COLLECTION', ['a', 'ASCENDING'], ['b', 'ASCENDING']), queryScope: 'X' }] }),
    ).toThrow('indexes[0].queryScope: must be one of COLLECTION, COLLECTION_GROUP');
    expect(
      bad({
        indexes: [
          {
            collectionGroup: 'c',
            queryScope: 'COLLECTION',
            fields: [{ fieldPath: 'a' }, { fieldPath: 'b', order: 'ASCENDING' }],
          },
        ],
      }),
    ).toThrow('indexes[0].fields[0]: must have exactly one of "order", "arrayConfig", "vectorConfig", "searchConfig"');
    expect(bad({ indexes: [composite('COLLECTION', ['a', 'UP'], ['b', 'ASCENDING'])] })).toThrow(
      'indexes[0].fields[0].order: must be one of ASCENDING, DESCENDING',
    );
    expect(bad({ indexes: [composite('COLLECTION', ['a', 'ASCENDING'])] })).toThrow(/at least 2 fields/);
    expect(bad({ indexes: [composite('COLLECTION', ['__name__', 'ASCENDING'], ['a', 'ASCENDING'])] })).toThrow(
      '__name__ may only be the last field',
    );
    expect(bad({ indexes: [composite('COLLECTION', ['a..b', 'ASCENDING'], ['c', 'ASCENDING'])] })).toThrow(
      'indexes[0].fields[0].fieldPath: "a..b" is not a valid field path',
    );
    expect(bad({ indexes: [], fieldOverrides: [{ collectionGroup: 'c', fieldPath: 'a' }] })).toThrow(
      'fieldOverrides[0].indexes: must be an array',
    );
    expect(
      bad({
        indexes: [],
        fieldOverrides: [
          { collectionGroup: 'c', fieldPath: 'a', indexes: [{ order: 'ASCENDING', queryScope: 'ALL' }] },
        ],
      }),
    ).toThrow('fieldOverrides[0].indexes[0].queryScope');
  });

  it('leaves vector indexes out and defaults an override’s scope to COLLECTION', () => {
    const parsed = parseIndexConfig({
      indexes: [
        {
          collectionGroup: 'c',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'a', order: 'ASCENDING' },
            { fieldPath: 'v', vectorConfig: { dimension: 3, flat: {} } },
          ],
        },
      ],
      fieldOverrides: [{ collectionGroup: 'c', fieldPath: 'x', ttl: true, indexes: [{ order: 'ASCENDING' }] }],
    });
    expect(parsed.indexes).toEqual([]);
    expect(parsed.fieldOverrides[0]?.indexes).toEqual([{ order: 'ASCENDING', queryScope: 'COLLECTION' }]);
  });
});

describe('queries the automatic single-field indexes serve', () => {
  it('serves no filter, a single equality, range, inequality or array-contains, and an order by one field', () => {
    expect(needs(q())).toBeNull();
    expect(needs(q(where('a', 'EQUAL')))).toBeNull();
    expect(needs(q(where('a', 'IN')))).toBeNull();
    expect(needs(q(where('a', 'LESS_THAN')))).toBeNull();
    expect(needs(q(and(where('a', 'GREATER_THAN'), where('a', 'LESS_THAN_OR_EQUAL'))))).toBeNull();
    expect(needs(q(where('a', 'NOT_EQUAL')))).toBeNull();
    expect(needs(q(where('a', 'NOT_IN')))).toBeNull();
    expect(needs(q({ unaryFilter: { field: { fieldPath: 'a' }, op: 'IS_NOT_NULL' } }))).toBeNull();
    expect(needs(q(where('a', 'ARRAY_CONTAINS')))).toBeNull();
    expect(needs(q(where('a', 'ARRAY_CONTAINS_ANY')))).toBeNull();
    expect(needs(q(undefined, by('a', 'DESCENDING')))).toBeNull();
    expect(needs(q(where('a', 'GREATER_THAN'), by('a', 'DESCENDING')))).toBeNull();
    expect(needs(q(undefined, by('__name__', 'DESCENDING')))).toBeNull();
  });

  it('merges single-field indexes for several equalities, in either __name__ direction', () => {
    expect(needs(q(and(where('a', 'EQUAL'), where('b', 'EQUAL'), where('c', 'IN'))))).toBeNull();
    expect(needs(q(and(where('a', 'EQUAL'), where('b', 'EQUAL')), by('__name__', 'DESCENDING')))).toBeNull();
    expect(needs(q({ unaryFilter: { field: { fieldPath: 'a' }, op: 'IS_NULL' } }))).toBeNull();
  });

  it('ignores an order by a field that an equality pins, and filters on __name__', () => {
    expect(needs(q(where('a', 'EQUAL'), by('a')))).toBeNull();
    expect(needs(q(where('a', 'IN'), by('a', 'DESCENDING')))).toBeNull();
    const ref = { referenceValue: 'projects/p/databases/(default)/documents/c/x' };
    expect(needs(q(and(where('a', 'EQUAL'), where('__name__', 'GREATER_THAN', ref))))).toBeNull();
  });
});

describe('queries that need a composite index', () => {
  it('needs one for an equality with an order by another field, naming it in firestore.indexes.json form', () => {
    const missing = needs(q(where('a', 'EQUAL'), by('b', 'DESCENDING')));
    expect(missing).toEqual({
      collectionGroup: 'c',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', order: 'DESCENDING' },
      ],
    });
    expect(
      needs(
        q(where('a', 'EQUAL'), by('b', 'DESCENDING')),
        config(composite('COLLECTION', ['a', 'ASCENDING'], ['b', 'DESCENDING'])),
      ),
    ).toBeNull();
    // The order's direction must match: an ascending index does not serve it.
    expect(
      needs(
        q(where('a', 'EQUAL'), by('b', 'DESCENDING')),
        config(composite('COLLECTION', ['a', 'ASCENDING'], ['b', 'ASCENDING'])),
      ),
    ).not.toBeNull();
  });

  it('needs one for an equality with a range on another field, the range field last', () => {
    expect(needs(q(and(where('b', 'GREATER_THAN'), where('a', 'EQUAL'))))?.fields).toEqual([
      { fieldPath: 'a', order: 'ASCENDING' },
      { fieldPath: 'b', order: 'ASCENDING' },
    ]);
    expect(needs(q(and(where('a', 'IN'), where('b', 'NOT_EQUAL'))))?.fields).toEqual([
      { fieldPath: 'a', order: 'ASCENDING' },
      { fieldPath: 'b', order: 'ASCENDING' },
    ]);
  });

  it('orders inequality fields after the explicit orders, in field path order, in the last order’s direction', () => {
    const query = q(and(where('z', 'GREATER_THAN'), where('m', 'LESS_THAN')), by('k', 'DESCENDING'));
    expect(needs(query)?.fields).toEqual([
      { fieldPath: 'k', order: 'DESCENDING' },
      { fieldPath: 'm', order: 'DESCENDING' },
      { fieldPath: 'z', order: 'DESCENDING' },
    ]);
    expect(needs(q(and(where('b', 'GREATER_THAN'), where('a', 'LESS_THAN'))))?.fields.map((f) => f.fieldPath)).toEqual([
      'a',
      'b',
    ]);
  });

  it('needs one for two orders, and names __name__ when its direction differs from the last order', () => {
    expect(needs(q(undefined, by('a'), by('b')))?.fields).toEqual([
      { fieldPath: 'a', order: 'ASCENDING' },
      { fieldPath: 'b', order: 'ASCENDING' },
    ]);
    expect(needs(q(undefined, by('a'), by('__name__', 'DESCENDING')))?.fields).toEqual([
      { fieldPath: 'a', order: 'ASCENDING' },
      { fieldPath: '__name__', order: 'DESCENDING' },
    ]);
    const withName = config(composite('COLLECTION', ['a', 'ASCENDING'], ['__name__', 'DESCENDING']));
    expect(needs(q(undefined, by('a'), by('__name__', 'DESCENDING')), withName)).toBeNull();
    expect(needs(q(undefined, by('a')), withName)).toBeNull(); // the single-field index still serves this
  });

  it('needs one for array-contains with an order or a range, the array field CONTAINS', () => {
    expect(needs(q(where('tags', 'ARRAY_CONTAINS'), by('at', 'DESCENDING')))?.fields).toEqual([
      { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
      { fieldPath: 'at', order: 'DESCENDING' },
    ]);
    const served = config(composite('COLLECTION', ['tags', 'CONTAINS'], ['at', 'DESCENDING']));
    expect(needs(q(where('tags', 'ARRAY_CONTAINS_ANY'), by('at', 'DESCENDING')), served)).toBeNull();
  });

  it('matches equality fields in any order and direction, but no extra fields', () => {
    const query = q(and(where('a', 'EQUAL'), where('b', 'EQUAL'), where('c', 'GREATER_THAN')));
    expect(
      needs(query, config(composite('COLLECTION', ['b', 'DESCENDING'], ['a', 'ASCENDING'], ['c', 'ASCENDING']))),
    ).toBeNull();
    expect(
      needs(
        query,
        config(composite('COLLECTION', ['a', 'ASCENDING'], ['b', 'ASCENDING'], ['c', 'ASCENDING'], ['d', 'ASCENDING'])),
      ),
    ).not.toBeNull();
    expect(
      needs(query, config(composite('COLLECTION', ['a', 'ASCENDING'], ['c', 'ASCENDING'], ['b', 'ASCENDING']))),
    ).not.toBeNull();
  });

  it('merges composite indexes that end with the same order', () => {
    const query = q(and(where('category', 'EQUAL'), where('city', 'EQUAL')), by('rating'));
    const merged = config(
      composite('COLLECTION', ['category', 'ASCENDING'], ['rating', 'ASCENDING']),
      composite('COLLECTION', ['city', 'ASCENDING'], ['rating', 'ASCENDING']),
    );
    expect(needs(query, merged)).toBeNull();
    const halfway = config(composite('COLLECTION', ['category', 'ASCENDING'], ['rating', 'ASCENDING']));
    expect(needs(query, halfway)).not.toBeNull();
  });

  it('needs every disjunction of an OR served, each in the whole query’s order', () => {
    expect(needs(q(or(where('a', 'EQUAL'), and(where('b', 'EQUAL'), where('c', 'EQUAL')))))).toBeNull();
    expect(needs(q(or(where('a', 'EQUAL'), where('b', 'EQUAL')), by('d')))?.fields.map((f) => f.fieldPath)).toEqual([
      'a',
      'd',
    ]);
    // The inequality on c orders the whole query by c, the disjunction `a == 1` too.
    const query = q(or(where('a', 'EQUAL'), and(where('b', 'EQUAL'), where('c', 'GREATER_THAN'))));
    expect(needs(query)?.fields.map((f) => f.fieldPath)).toEqual(['a', 'c']);
    const bc = composite('COLLECTION', ['b', 'ASCENDING'], ['c', 'ASCENDING']);
    expect(needs(query, config(bc))?.fields.map((f) => f.fieldPath)).toEqual(['a', 'c']);
    expect(needs(query, config(bc, composite('COLLECTION', ['a', 'ASCENDING'], ['c', 'ASCENDING'])))).toBeNull();
  });

  it('uses only indexes of the queried collection group', () => {
    const other = parseIndexConfig({
      indexes: [{ ...composite('COLLECTION', ['a', 'ASCENDING'], ['b', 'ASCENDING']), collectionGroup: 'd' }],
    });
    expect(needs(q(where('a', 'EQUAL'), by('b')), other)).not.toBeNull();
  });
});

describe('collection group queries', () => {
  it('need nothing without filters or orders beyond __name__', () => {
    expect(needs(q(), NONE, true)).toBeNull();
    expect(needs(q(undefined, by('__name__', 'DESCENDING')), NONE, true)).toBeNull();
  });

  it('need a COLLECTION_GROUP single-field index, which is not automatic', () => {
    const missing = needs(q(where('a', 'EQUAL')), NONE, true);
    expect(missing).toMatchObject({ queryScope: 'COLLECTION_GROUP', fields: [{ fieldPath: 'a', order: 'ASCENDING' }] });
    // The override to paste keeps the field's automatic collection-scope indexes.
    expect(missing?.fieldOverride).toEqual({
      collectionGroup: 'c',
      fieldPath: 'a',
      indexes: [
        { order: 'ASCENDING', queryScope: 'COLLECTION' },
        { order: 'DESCENDING', queryScope: 'COLLECTION' },
        { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
        { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
      ],
    });
    expect(needs(q(undefined, by('a', 'DESCENDING')), NONE, true)?.fields).toEqual([
      { fieldPath: 'a', order: 'DESCENDING' },
    ]);
    expect(needs(q(where('t', 'ARRAY_CONTAINS')), NONE, true)?.fields).toEqual([
      { fieldPath: 't', arrayConfig: 'CONTAINS' },
    ]);
  });

  it('are served by the overrides firestore.indexes.json declares, and by COLLECTION_GROUP composites only', () => {
    const overrides = parseIndexConfig({
      indexes: [],
      fieldOverrides: [
        { collectionGroup: 'c', fieldPath: 'a', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }] },
        { collectionGroup: 'c', fieldPath: 'b', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }] },
      ],
    });
    expect(needs(q(and(where('a', 'EQUAL'), where('b', 'EQUAL'))), overrides, true)).toBeNull();
    expect(needs(q(where('a', 'EQUAL'), by('__name__', 'DESCENDING')), overrides, true)).not.toBeNull();
    const collectionScoped = config(composite('COLLECTION', ['a', 'ASCENDING'], ['b', 'ASCENDING']));
    expect(needs(q(where('a', 'EQUAL'), by('b')), collectionScoped, true)?.queryScope).toBe('COLLECTION_GROUP');
    const groupScoped = config(composite('COLLECTION_GROUP', ['a', 'ASCENDING'], ['b', 'ASCENDING']));
    expect(needs(q(where('a', 'EQUAL'), by('b')), groupScoped, true)).toBeNull();
  });
});

describe('field overrides', () => {
  const exempt = (fieldPath: string) =>
    parseIndexConfig({ indexes: [], fieldOverrides: [{ collectionGroup: 'c', fieldPath, indexes: [] }] });

  it('remove a field’s automatic indexes, for its map subfields too', () => {
    expect(needs(q(where('a', 'EQUAL')), exempt('a'))).toMatchObject({
      fields: [{ fieldPath: 'a', order: 'ASCENDING' }],
    });
    expect(needs(q(where('a.b', 'EQUAL')), exempt('a'))?.fields).toEqual([{ fieldPath: 'a.b', order: 'ASCENDING' }]);
    expect(needs(q(where('ab', 'EQUAL')), exempt('a'))).toBeNull();
    expect(needs(q(where('x', 'EQUAL')), exempt('*'))).not.toBeNull();
  });

  it('keep only the indexes they list', () => {
    const ascendingOnly = parseIndexConfig({
      indexes: [],
      fieldOverrides: [{ collectionGroup: 'c', fieldPath: 'a', indexes: [{ order: 'ASCENDING' }] }],
    });
    expect(needs(q(undefined, by('a')), ascendingOnly)).toBeNull();
    expect(needs(q(undefined, by('a', 'DESCENDING')), ascendingOnly)).not.toBeNull();
    expect(needs(q(where('a', 'ARRAY_CONTAINS')), ascendingOnly)?.fieldOverride?.indexes).toEqual([
      { order: 'ASCENDING', queryScope: 'COLLECTION' },
      { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
    ]);
  });
});

describe('the message', () => {
  it('starts as production’s and names a composite index to paste into firestore.indexes.json', () => {
    const missing = needs(q(where('a', 'EQUAL'), by('b'))) as MissingIndex;
    const message = missingIndexMessage(missing, 'demo-p', '(default)');
    expect(message).toMatch(
      /^The query requires an index\. You can create it here: https:\/\/console\.firebase\.google\.com\/project\/demo-p\//,
    );
    const json = message.slice(message.indexOf('{'));
    expect(JSON.parse(json)).toEqual({
      collectionGroup: 'c',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', order: 'ASCENDING' },
      ],
    });
  });

  it('names a missing single-field index as production does, with the field override to paste', () => {
    const missing = needs(q(where('a', 'EQUAL')), NONE, true) as MissingIndex;
    const message = missingIndexMessage(missing, 'demo-p', 'other-db');
    expect(message).toMatch(
      /^The query requires a COLLECTION_GROUP_ASC index for collection c and field a\. You can create it here: /,
    );
    expect(message).toContain('/databases/other-db/');
    expect(JSON.parse(message.slice(message.indexOf('{')))).toEqual(missing.fieldOverride);
  });
});

describe('the project’s own queries need no index beyond firestore.indexes.json', () => {
  const forGroup = (group: string, query: StructuredQuery) => missingIndex(query, group, false, PROJECT_CONFIG);

  it('Friends: either way round, one OR of two equality pairs (invite-store friendsEitherWay)', () => {
    const between = (x: string, y: string) =>
      and(where('userId', 'EQUAL', { stringValue: x }), where('friendId', 'EQUAL', { stringValue: y }));
    const query = { ...q(or(between('a', 'b'), between('b', 'a'))), limit: { value: 1 } };
    expect(forGroup('Friends', query)).toBeNull();
  });

  it('_friendJoins and _pushBudgets: due documents, oldest first (invite-store due)', () => {
    const due = {
      ...q(where('dueAt', 'LESS_THAN_OR_EQUAL', { stringValue: '2026-01-01T00:00:00.000Z' }), by('dueAt')),
      limit: { value: 50 },
    };
    expect(forGroup('_friendJoins', due)).toBeNull();
    expect(forGroup('_pushBudgets', due)).toBeNull();
  });

  it('_friendJoins: an inviter’s claims being sent (stack testing joinsDelivered)', () => {
    const claims = q(
      and(where('inviterId', 'EQUAL', { stringValue: 'u1' }), where('push', 'EQUAL', { stringValue: 'sending' })),
    );
    expect(forGroup('_friendJoins', claims)).toBeNull();
  });

  it('_friendJoins: an inviter’s joins that owe her batch (owed-work-store deliverBatch)', () => {
    const owed = {
      ...q(and(where('inviterId', 'EQUAL', { stringValue: 'u1' }), where('history', 'EQUAL', { stringValue: 'owed' }))),
      limit: { value: 400 },
    };
    expect(forGroup('_friendJoins', owed)).toBeNull();
  });

  it('_friendJoins: joins whose push no batch decided (owed-work-store dueJoins)', () => {
    const stranded = {
      ...q(
        and(
          where('push', 'EQUAL', { stringValue: 'undecided' }),
          where('history', 'EQUAL', { stringValue: 'written' }),
        ),
      ),
      limit: { value: 200 },
    };
    expect(forGroup('_friendJoins', stranded)).toBeNull();
  });

  it('_devPushOutbox: the pushes to one token (stack testing pushesTo)', () => {
    expect(forGroup('_devPushOutbox', q(where('token', 'EQUAL', { stringValue: 't' })))).toBeNull();
  });
});

describe('unclear cases', () => {
  it('are allowed, and listed', () => {
    expect(needs(q(and(where('tags', 'ARRAY_CONTAINS'), where('status', 'EQUAL'))))).toBeNull();
    expect(needs(q(where('tags', 'ARRAY_CONTAINS'), by('__name__', 'DESCENDING')))).toBeNull();
    const groupIndex = config(composite('COLLECTION_GROUP', ['a', 'ASCENDING'], ['b', 'ASCENDING']));
    expect(needs(q(where('a', 'EQUAL'), by('b')), groupIndex)).toBeNull();
    expect(needs({ ...q(where('a', 'EQUAL'), by('b')), findNearest: {} })).toBeNull();
    expect(UNCLEAR_CASES.length).toBeGreaterThanOrEqual(5);
  });
});
