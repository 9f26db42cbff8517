import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Value } from '../src/proto.js';
import {
  RulesError,
  compileRules,
  evaluateRules,
  type CompiledRules,
  type RulesAuth,
  type RulesMethod,
  type RulesRequest,
} from '../src/rules/index.js';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const ALICE: RulesAuth = { uid: 'alice', token: { email: 'alice@example.com', admin: false } };
const BOB: RulesAuth = { uid: 'bob', token: { admin: true } };
const METHODS: RulesMethod[] = ['get', 'list', 'create', 'update', 'delete'];

const s = (stringValue: string): Value => ({ valueType: 'stringValue', stringValue });
const i = (n: number): Value => ({ valueType: 'integerValue', integerValue: String(n) });
const f = (doubleValue: number): Value => ({ valueType: 'doubleValue', doubleValue });
const b = (booleanValue: boolean): Value => ({ valueType: 'booleanValue', booleanValue });
const NULL_VALUE: Value = { valueType: 'nullValue', nullValue: 'NULL_VALUE' };
const ts = (date: Date): Value => ({
  valueType: 'timestampValue',
  timestampValue: { seconds: String(Math.floor(date.getTime() / 1000)), nanos: (date.getTime() % 1000) * 1e6 },
});
const arr = (...values: Value[]): Value => ({ valueType: 'arrayValue', arrayValue: { values } });
const obj = (fields: Record<string, Value>): Value => ({ valueType: 'mapValue', mapValue: { fields } });
const ref = (path: string): Value => ({
  valueType: 'referenceValue',
  referenceValue: `projects/demo/databases/(default)/documents/${path}`,
});

/** A request with the defaults most tests want: get, signed out, no document. */
function request(method: RulesMethod, path: string, extra: Partial<RulesRequest> = {}): RulesRequest {
  return { database: '(default)', path, method, auth: null, time: NOW, ...extra };
}

function allowed(rules: CompiledRules, method: RulesMethod, path: string, extra: Partial<RulesRequest> = {}): boolean {
  return evaluateRules(rules, request(method, path, extra)).allowed;
}

/** Rules with the given statements inside the usual `match /databases/{database}/documents`. */
function rules(body: string): CompiledRules {
  return compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}`);
}

/** Whether `condition` holds for a get of `Docs/d1` holding `fields` (an error counts as false). */
function holds(condition: string, fields: Record<string, Value> = {}, auth: RulesAuth | null = ALICE): boolean {
  const compiled = rules(`match /Docs/{id} { allow get: if ${condition}; }`);
  return allowed(compiled, 'get', 'Docs/d1', { auth, resource: fields });
}

/** The message compileRules throws for `source`. */
function loadError(source: string): string {
  try {
    compileRules(source);
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    return (error as RulesError).message;
  }
  throw new Error('the rules loaded');
}

/** The message for `body` placed as line 4 of the wrapper, inside a match block at column 5. */
function bodyError(body: string): string {
  return loadError(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}`);
}

describe('the project firestore.rules', () => {
  const source = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');
  const compiled = compileRules(source);
  const paths = [
    'Users/alice',
    'Users/alice/history/h1',
    'Friends/f1',
    'Notifications/n1',
    'NotificationHistory/h1',
    'History/h1',
    '_appLinks/abc123',
    '_appLinkOwners/alice',
    '_pushBudgets/alice',
    'pushBudgets/alice',
    '_friendJoins/j1',
    '_inviteFunnels/alice/shards/2025-06-01_0',
    '_devPushOutbox/p1',
    '_signUps/alice',
    'any/deeply/nested/path/of/docs',
  ];

  it('denies every method on every path, signed out and signed in', () => {
    for (const path of paths) {
      for (const method of METHODS) {
        for (const auth of [null, ALICE, BOB]) {
          const listPath = path.split('/').slice(0, -1).join('/');
          const decision = evaluateRules(compiled, {
            ...request(method, method === 'list' ? listPath : path),
            auth,
            resource: method === 'list' ? undefined : { owner: s('alice') },
            requestResource: method === 'create' || method === 'update' ? { owner: s('alice') } : undefined,
          });
          expect(decision, `${method} ${path} as ${auth?.uid ?? 'anonymous'}`).toEqual({
            allowed: false,
            // The catch-all, or for our collections the fragment's own match (firestore.companion.rules).
            reason: expect.stringMatching(/'allow read, write' at \d+:\d+ \(match \/[^)]*\{document=\*\*\}\) is false/),
          });
        }
      }
    }
  });

  it('is denied by its condition, not by a failure to match (the same file with `if true` allows)', () => {
    const open = compileRules(source.replaceAll('if false', 'if true'));
    for (const path of paths) {
      for (const method of METHODS) {
        const target = method === 'list' ? path.split('/').slice(0, -1).join('/') : path;
        expect(allowed(open, method, target), `${method} ${target}`).toBe(true);
      }
    }
  });
});

describe('owner-only rules', () => {
  const compiled = rules(`
    match /Users/{userId} {
      allow read, write: if request.auth != null && request.auth.uid == userId;
    }`);

  it('lets the owner do everything on their own document', () => {
    for (const method of ['get', 'create', 'update', 'delete'] as const) {
      const decision = evaluateRules(compiled, request(method, 'Users/alice', { auth: ALICE }));
      expect(decision.allowed, method).toBe(true);
      expect(decision.reason).toContain("allowed by 'allow read, write' at 6:7 (match /Users/{userId})");
    }
  });

  it('denies other users and anonymous callers', () => {
    for (const method of ['get', 'create', 'update', 'delete'] as const) {
      expect(allowed(compiled, method, 'Users/alice', { auth: BOB }), method).toBe(false);
      expect(allowed(compiled, method, 'Users/alice'), method).toBe(false);
    }
  });

  it('does not reach subcollections or other collections', () => {
    expect(allowed(compiled, 'get', 'Users/alice/history/h1', { auth: ALICE })).toBe(false);
    expect(allowed(compiled, 'get', 'Friends/alice', { auth: ALICE })).toBe(false);
    expect(evaluateRules(compiled, request('get', 'Friends/alice', { auth: ALICE })).reason).toContain(
      'no allow statement matches',
    );
  });

  it('denies a list whose condition needs the document id (queries are not modelled)', () => {
    const decision = evaluateRules(compiled, request('list', 'Users', { auth: ALICE }));
    expect(decision.allowed).toBe(false);
    expect(decision.reason).toContain('userId is not available for list requests');
  });

  it('allows a list whose condition does not need the document id', () => {
    const listing = rules(`match /Users/{userId} { allow list: if request.auth != null; }`);
    expect(allowed(listing, 'list', 'Users', { auth: ALICE })).toBe(true);
    expect(allowed(listing, 'list', 'Users')).toBe(false);
    expect(allowed(listing, 'list', 'Users/alice/history', { auth: ALICE })).toBe(false);
  });
});

describe('methods', () => {
  it('expands read and write and keeps single methods apart', () => {
    const compiled = rules(`
    match /A/{id} { allow read; }
    match /B/{id} { allow write; }
    match /C/{id} { allow get, create; }
    match /D/{id} { allow list, update, delete: if true; }`);
    const table: Record<string, RulesMethod[]> = {
      A: ['get', 'list'],
      B: ['create', 'update', 'delete'],
      C: ['get', 'create'],
      D: ['list', 'update', 'delete'],
    };
    for (const [collection, expected] of Object.entries(table)) {
      for (const method of METHODS) {
        const path = method === 'list' ? collection : `${collection}/x`;
        expect(allowed(compiled, method, path), `${method} ${collection}`).toBe(expected.includes(method));
      }
    }
  });

  it('allows when any matching statement allows, across overlapping blocks', () => {
    const compiled = rules(`
    match /Users/{userId} { allow get: if false; }
    match /{document=**} { allow get: if request.auth.uid == 'bob'; }`);
    expect(allowed(compiled, 'get', 'Users/x', { auth: BOB })).toBe(true);
    expect(allowed(compiled, 'get', 'Users/x', { auth: ALICE })).toBe(false);
  });

  it('exposes request.method', () => {
    const compiled = rules(`match /{doc=**} { allow write: if request.method == 'update'; }`);
    expect(allowed(compiled, 'update', 'A/b')).toBe(true);
    expect(allowed(compiled, 'create', 'A/b')).toBe(false);
  });
});

describe('recursive wildcards', () => {
  const compiled = rules(`
    match /Users/{userId}/{rest=**} {
      allow get: if request.auth.uid == userId;
      allow update: if rest[0] == 'history';
    }`);

  it('match zero or more trailing segments', () => {
    expect(allowed(compiled, 'get', 'Users/alice', { auth: ALICE })).toBe(true);
    expect(allowed(compiled, 'get', 'Users/alice/history/h1', { auth: ALICE })).toBe(true);
    expect(allowed(compiled, 'get', 'Users/alice/a/b/c/d', { auth: ALICE })).toBe(true);
    expect(allowed(compiled, 'get', 'Users/bob/history/h1', { auth: ALICE })).toBe(false);
    expect(allowed(compiled, 'get', 'Friends/alice', { auth: ALICE })).toBe(false);
  });

  it('bind the matched segments as a path', () => {
    expect(allowed(compiled, 'update', 'Users/alice/history/h1')).toBe(true);
    expect(allowed(compiled, 'update', 'Users/alice/other/h1')).toBe(false);
    // Zero segments: rest[0] is out of range, an error, so false.
    expect(allowed(compiled, 'update', 'Users/alice')).toBe(false);
    const whole = rules(`match /{path=**} { allow get: if path is path && path[1] == 'b' && path[3] == 'd'; }`);
    expect(allowed(whole, 'get', 'a/b/c/d')).toBe(true);
    expect(allowed(whole, 'get', 'a/x/c/d')).toBe(false);
  });

  it('apply to list requests on any collection', () => {
    const open = rules(`match /{path=**} { allow list: if request.auth != null; }`);
    expect(allowed(open, 'list', 'Users', { auth: ALICE })).toBe(true);
    expect(allowed(open, 'list', 'Users/alice/history', { auth: ALICE })).toBe(true);
    expect(allowed(open, 'list', 'Users')).toBe(false);
  });

  it('combine with nested match blocks', () => {
    const nested = rules(`
    match /Users/{userId} {
      allow get: if userId == 'alice';
      match /history/{entry} {
        allow get: if userId == 'alice' && entry == 'h1';
      }
    }`);
    expect(allowed(nested, 'get', 'Users/alice')).toBe(true);
    expect(allowed(nested, 'get', 'Users/alice/history/h1')).toBe(true);
    expect(allowed(nested, 'get', 'Users/alice/history/h2')).toBe(false);
    expect(allowed(nested, 'get', 'Users/bob/history/h1')).toBe(false);
  });

  it('bind the database wildcard of the outer block', () => {
    const compiled2 = rules(`match /{doc=**} { allow get: if database == '(default)'; }`);
    expect(allowed(compiled2, 'get', 'A/b')).toBe(true);
    expect(evaluateRules(compiled2, { ...request('get', 'A/b'), database: 'other' }).allowed).toBe(false);
  });
});

describe('functions and let', () => {
  const compiled = compileRules(`rules_version = '2';
service cloud.firestore {
  function signedIn() { return request.auth != null; }
  function hasRole(role) {
    let roles = request.auth.token.get('roles', []);
    return role in roles;
  }
  match /databases/{database}/documents {
    match /Users/{userId} {
      function isOwner() {
        let uid = request.auth.uid;
        let unused = request.auth.token.missing.field;
        return signedIn() && uid == userId;
      }
      allow get: if isOwner() || hasRole('admin');
      allow delete: if depth(0);
      function depth(n) { return depth(n + 1); }
    }
  }
}`);

  it('call service and match level functions that see params, lets and wildcards', () => {
    expect(allowed(compiled, 'get', 'Users/alice', { auth: ALICE })).toBe(true);
    expect(allowed(compiled, 'get', 'Users/bob', { auth: ALICE })).toBe(false);
    expect(allowed(compiled, 'get', 'Users/bob')).toBe(false);
    const admin: RulesAuth = { uid: 'carol', token: { roles: ['admin'] } };
    expect(allowed(compiled, 'get', 'Users/bob', { auth: admin })).toBe(true);
  });

  it('evaluate a let only when it is read', () => {
    // `unused` would fail (no such claim), yet isOwner() is true because nothing reads it.
    expect(allowed(compiled, 'get', 'Users/alice', { auth: { uid: 'alice', token: {} } })).toBe(true);
  });

  it('stop runaway recursion with an error instead of a crash', () => {
    const decision = evaluateRules(compiled, request('delete', 'Users/alice'));
    expect(decision.allowed).toBe(false);
    expect(decision.reason).toContain('nested deeper than 20');
  });

  it('let a let see the lets before it, not itself or later ones', () => {
    const lets = rules(`
    function ordered() { let a = 1; let b = a + 1; return b == 2; }
    function itself() { let a = a; return a == 1; }
    function later() { let a = b; let b = 1; return a == 1; }
    match /A/{id} { allow get: if ordered(); allow list: if itself(); allow delete: if later(); }`);
    expect(allowed(lets, 'get', 'A/x')).toBe(true);
    expect(evaluateRules(lets, request('list', 'A')).reason).toContain('unknown variable a');
    expect(evaluateRules(lets, request('delete', 'A/x')).reason).toContain('unknown variable b');
  });

  it('do not see the wildcards of blocks they are not declared in', () => {
    const scoped = rules(`
    function outside() { return userId == 'alice'; }
    match /Users/{userId} { allow get: if outside(); }`);
    expect(evaluateRules(scoped, request('get', 'Users/alice')).reason).toContain('unknown variable userId');
  });
});

describe('errors inside conditions', () => {
  const doc = { n: i(3) };

  it('make || true when the other side is true, either order', () => {
    expect(holds('resource.data.missing == 1 || true', doc)).toBe(true);
    expect(holds('true || resource.data.missing == 1', doc)).toBe(true);
    expect(holds('resource.data.missing == 1 || resource.data.n == 3', doc)).toBe(true);
  });

  it('keep || an error (so false) when the other side is false', () => {
    expect(holds('resource.data.missing == 1 || false', doc)).toBe(false);
    expect(holds('false || resource.data.missing == 1', doc)).toBe(false);
    // An error is not false: negating it does not make it true.
    expect(holds('!(resource.data.missing == 1 || false)', doc)).toBe(false);
  });

  it('make && false when the other side is false, either order', () => {
    expect(holds('!(resource.data.missing == 1 && false)', doc)).toBe(true);
    expect(holds('!(false && resource.data.missing == 1)', doc)).toBe(true);
    expect(holds('!(resource.data.missing == 1 && true)', doc)).toBe(false);
    expect(holds('resource.data.missing == 1 && true', doc)).toBe(false);
  });

  it('only fail their own allow statement', () => {
    const compiled = rules(`
    match /Docs/{id} {
      allow get: if resource.data.missing.deeper == 1;
      allow get: if resource.data.n == 3;
    }`);
    const decision = evaluateRules(compiled, request('get', 'Docs/d1', { resource: doc }));
    expect(decision).toEqual({ allowed: true, reason: expect.stringContaining("'allow get' at 7:7") });
    const denied = evaluateRules(compiled, request('get', 'Docs/d1', { resource: { n: i(4) } }));
    expect(denied.allowed).toBe(false);
    expect(denied.reason).toContain('\'allow get\' at 6:7 (match /Docs/{id}) failed: no field "missing"');
    expect(denied.reason).toContain("'allow get' at 7:7 (match /Docs/{id}) is false");
  });

  it('cover unknown variables, type mismatches and non-bool conditions', () => {
    expect(holds('nobody == 1')).toBe(false);
    expect(holds("1 < 'a'")).toBe(false);
    expect(holds("'a' + 1 == 'a1'")).toBe(false);
    expect(holds('1 / 0 == 0')).toBe(false);
    expect(holds('!1')).toBe(false);
    expect(holds("'yes'")).toBe(false);
    expect(holds('1 && true')).toBe(false);
    expect(holds('9223372036854775807 + 1 > 0')).toBe(false);
    expect(holds('9223372036854775806 + 1 > 0')).toBe(true);
  });

  it('treat a missing document as a null resource', () => {
    const compiled = rules(
      `match /Docs/{id} { allow get: if resource == null; allow delete: if resource.data.n == 3; }`,
    );
    expect(allowed(compiled, 'get', 'Docs/d1', { resource: null })).toBe(true);
    expect(allowed(compiled, 'get', 'Docs/d1', { resource: doc })).toBe(false);
    expect(allowed(compiled, 'delete', 'Docs/d1', { resource: null })).toBe(false);
    expect(allowed(compiled, 'delete', 'Docs/d1', { resource: doc })).toBe(true);
  });

  it('make resource unavailable for list', () => {
    const compiled = rules(`match /Docs/{id} { allow list: if resource == null || resource.data.n == 3; }`);
    const decision = evaluateRules(compiled, request('list', 'Docs', { auth: ALICE }));
    expect(decision.allowed).toBe(false);
    expect(decision.reason).toContain('resource is not available for list requests');
  });
});

describe('types and operators', () => {
  const fields: Record<string, Value> = {
    str: s('hello'),
    int: i(3),
    float: f(2.5),
    whole: f(3),
    bool: b(true),
    nil: NULL_VALUE,
    map: obj({ a: i(1), nested: obj({ b: s('x') }) }),
    list: arr(s('a'), s('b'), i(1)),
    time: ts(new Date('2025-01-01T00:00:00.000Z')),
    ref: ref('Users/alice'),
  };
  const typeOf: Record<string, string[]> = {
    str: ['string'],
    int: ['int', 'number'],
    float: ['float', 'number'],
    whole: ['float', 'number'],
    bool: ['bool'],
    nil: ['null'],
    map: ['map'],
    list: ['list'],
    time: ['timestamp'],
    ref: ['path'],
  };
  const typeNames = ['string', 'int', 'float', 'number', 'bool', 'null', 'map', 'list', 'timestamp', 'path'];

  it('checks types with is', () => {
    for (const [field, types] of Object.entries(typeOf)) {
      for (const type of typeNames) {
        expect(holds(`resource.data.${field} is ${type}`, fields), `${field} is ${type}`).toBe(types.includes(type));
      }
    }
    expect(holds('request.time is timestamp && request.path is path && request.auth is map', fields)).toBe(true);
  });

  it('compares ints and floats by value and other types by structure', () => {
    const truths = [
      'resource.data.int == 3.0',
      'resource.data.whole == 3',
      'resource.data.int < resource.data.float + 1',
      "resource.data.map == {'a': 1, 'nested': {'b': 'x'}}",
      "resource.data.list == ['a', 'b', 1]",
      "resource.data.list != ['a', 'b']",
      'resource.data.str != 3 && resource.data.nil == null && resource.data.str != null',
      "'abc' < 'abd' && 2 >= 2 && 3 > 2.5 && -1 <= 0",
      'resource.data.time < request.time && request.time > resource.data.time',
      "resource.data.ref[3] == 'Users' && resource.data.ref[4] == 'alice'",
    ];
    for (const truth of truths) expect(holds(truth, fields), truth).toBe(true);
    expect(holds('resource.data.int == 4', fields)).toBe(false);
    expect(holds("resource.data.map == {'a': 1}", fields)).toBe(false);
  });

  it('does arithmetic with int and float kept apart', () => {
    const truths = [
      '5 / 2 == 2 && (5 / 2) is int',
      '-7 / 2 == -3 && -7 % 2 == -1',
      '5.0 / 2 == 2.5 && (5.0 / 2) is float',
      '(1 + 2.0) is float && (1 + 2) is int',
      '7 % 3 == 1 && 2 * 3 - 1 == 5 && 1 + 2 * 3 == 7 && (1 + 2) * 3 == 9',
      '-resource.data.int == -3',
      "'a' + 'b' == 'ab' && ['a'] + [1] == ['a', 1]",
      '.5 + 1. == 1.5',
    ];
    for (const truth of truths) expect(holds(truth, fields), truth).toBe(true);
  });

  it('supports in, ternary, index and string quotes', () => {
    const truths = [
      "'a' in resource.data.map && !('z' in resource.data.map)",
      "'b' in resource.data.list && 1 in resource.data.list && !(2 in resource.data.list)",
      "resource.data.map['nested']['b'] == 'x' && resource.data.list[1] == 'b'",
      "(resource.data.int > 2 ? 'big' : 'small') == 'big'",
      '(false ? 1 : true ? 2 : 3) == 2',
      `"double" == 'double' && 'it\\'s' == "it's"`,
    ];
    for (const truth of truths) expect(holds(truth, fields), truth).toBe(true);
    expect(holds('resource.data.list[3] == 1', fields)).toBe(false);
    expect(holds("resource.data.map['zz'] == 1", fields)).toBe(false);
  });

  it('provides string, list, map and timestamp methods', () => {
    const truths = [
      "resource.data.str.size() == 5 && 'héllo'.size() == 5",
      "resource.data.str.matches('h.*o') && !resource.data.str.matches('ell')",
      "'Hello'.lower() == 'hello' && 'Hello'.upper() == 'HELLO' && ' x '.trim() == 'x'",
      "'a,b'.split(',') == ['a', 'b']",
      "resource.data.list.size() == 3 && resource.data.list.hasAny(['z', 'a']) && !resource.data.list.hasAny(['z'])",
      "resource.data.list.hasAll(['a', 1]) && !resource.data.list.hasAll(['a', 'z'])",
      "['a'].hasOnly(['a', 'b']) && !['a', 'c'].hasOnly(['a', 'b'])",
      "resource.data.map.keys() == ['a', 'nested'] && resource.data.map.size() == 2",
      'resource.data.map.values()[0] == 1',
      "resource.data.map.get('a', 0) == 1 && resource.data.map.get('zz', 7) == 7",
      "resource.data.map.get(['nested', 'b'], '') == 'x' && resource.data.map.get(['nested', 'q'], 'd') == 'd'",
      'resource.data.time.toMillis() == 1735689600000',
    ];
    for (const truth of truths) expect(holds(truth, fields), truth).toBe(true);
    // A method on the wrong type is an error, not a refusal at load time.
    expect(holds('resource.data.int.size() == 1', fields)).toBe(false);
    expect(holds("resource.data.str.matches('(') || false", fields)).toBe(false);
  });
});

describe('request data', () => {
  const compiled = rules(`
    match /Users/{userId} {
      function valid(data) {
        return data.keys().hasOnly(['name', 'age', 'owner', 'createdAt'])
          && data.name is string && data.name.size() > 0 && data.name.size() <= 20
          && data.age is int && data.age >= 0
          && data.owner == request.auth.uid;
      }
      allow create: if valid(request.resource.data) && request.resource.data.createdAt == request.time
        && request.resource.id == userId && userId == request.auth.uid;
      allow update: if valid(request.resource.data) && request.resource.data.owner == resource.data.owner;
      allow get: if request.auth.token.admin == true || resource.data.owner == request.auth.uid;
    }`);
  const good = { name: s('Alice'), age: i(30), owner: s('alice'), createdAt: ts(NOW) };

  it('validates request.resource.data on create', () => {
    const create = (data: Record<string, Value>, auth: RulesAuth | null = ALICE): boolean =>
      allowed(compiled, 'create', 'Users/alice', { auth, requestResource: data });
    expect(create(good)).toBe(true);
    expect(create({ ...good, extra: b(true) })).toBe(false);
    expect(create({ ...good, name: s('') })).toBe(false);
    expect(create({ ...good, name: s('x'.repeat(21)) })).toBe(false);
    expect(create({ ...good, age: f(30) })).toBe(false);
    expect(create({ ...good, age: i(-1) })).toBe(false);
    expect(create({ ...good, owner: s('bob') })).toBe(false);
    expect(create({ ...good, createdAt: ts(new Date(NOW.getTime() - 1)) })).toBe(false);
    const { age: _age, ...withoutAge } = good;
    expect(create(withoutAge)).toBe(false);
    expect(create(good, null)).toBe(false);
    expect(allowed(compiled, 'create', 'Users/bob', { auth: ALICE, requestResource: good })).toBe(false);
  });

  it('compares request.resource.data with resource.data on update', () => {
    const update = (before: Record<string, Value>, after: Record<string, Value>): boolean =>
      allowed(compiled, 'update', 'Users/alice', { auth: ALICE, resource: before, requestResource: after });
    expect(update(good, { ...good, age: i(31) })).toBe(true);
    expect(update({ ...good, owner: s('bob') }, good)).toBe(false);
    expect(update(good, { ...good, age: s('31') })).toBe(false);
  });

  it('reads auth token claims and resource fields', () => {
    const stored = { ...good, owner: s('carol') };
    expect(allowed(compiled, 'get', 'Users/carol', { auth: BOB, resource: stored })).toBe(true);
    expect(allowed(compiled, 'get', 'Users/carol', { auth: ALICE, resource: stored })).toBe(false);
    expect(allowed(compiled, 'get', 'Users/alice', { auth: ALICE, resource: good })).toBe(true);
    expect(allowed(compiled, 'get', 'Users/alice', { auth: null, resource: good })).toBe(false);
  });

  it('exposes resource.id, resource.__name__ and request.path', () => {
    const named = rules(`match /Users/{userId} {
      allow get: if resource.id == 'alice' && resource.__name__ == request.path && request.path[4] == 'alice';
    }`);
    expect(allowed(named, 'get', 'Users/alice', { resource: good })).toBe(true);
    expect(allowed(named, 'get', 'Users/bob', { resource: good })).toBe(false);
  });
});

describe('loading', () => {
  it('accepts comments, both quotes, functions at every level and allow without a condition', () => {
    const compiled = compileRules(`rules_version = "2";
/* a block comment */
service cloud.firestore { // trailing comment
  function t() { return true; }
  match /databases/{database}/documents {
    match /_appLinks/{code}{ allow get; }
  }
}`);
    expect(allowed(compiled, 'get', '_appLinks/abc')).toBe(true);
    expect(allowed(compiled, 'list', '_appLinks')).toBe(false);
  });

  it('refuses unsupported constructs, naming them and their line:column', () => {
    const cases: [string, string][] = [
      [
        '    match /Users/{id} {\n      allow get: if getAfter(/databases/$(database)/documents/Users/$(id)).data.x == 1;\n    }',
        'Unsupported rules construct at 5:21: getAfter()',
      ],
      ['    match /A/{id} { allow get: if exists(/databases/x); }', 'Unsupported rules construct at 4:35: exists()'],
      ['    match /A/{id} { allow get: if get(/databases/x).data.a; }', 'Unsupported rules construct at 4:35: get()'],
      [
        '    match /A/{id} { allow update: if request.resource.data.diff(resource.data).affectedKeys().size() == 1; }',
        'Unsupported rules construct at 4:60: diff()',
      ],
      ['    match /A/{id} { allow get: if math.abs(-1) == 1; }', 'Unsupported rules construct at 4:35: math.abs()'],
      [
        '    match /A/{id} { allow get: if request.time < resource.data.t + duration.value(1, "h"); }',
        'Unsupported rules construct at 4:68: duration.value()',
      ],
      [
        '    match /A/{id} { allow list: if request.query.limit <= 10; }',
        'Unsupported rules construct at 4:36: request.query',
      ],
      [
        '    match /A/{id} { allow get: if resource.data.d is duration; }',
        'Unsupported rules construct at 4:54: is duration',
      ],
      [
        '    match /A/{id} { allow get: if [1, 2][0:1] == [1]; }',
        'Unsupported rules construct at 4:43: range index a[i:j]',
      ],
      [
        '    match /A/{id} { allow get: if /databases/x == request.path; }',
        'Unsupported rules construct at 4:35: path literal',
      ],
      [
        '    match /A/{rest=**}/b { allow get; }',
        'Unsupported rules construct at 4:14: {rest=**} before the end of a match path',
      ],
      ['    match /A/{id=*}/b { allow get; }', 'Unsupported rules construct at 4:14: path segment {id=*}'],
      ['    match /A/b*/c { allow get; }', 'Unsupported rules construct at 4:14: path segment b*'],
      [
        "    match /A/{id} { allow get: if 'a\\x41' == 'aA'; }",
        "Unsupported rules construct at 4:37: string escape '\\x'",
      ],
      ['    match /A/{id} { allow get: if int(resource.data.x) == 1; }', 'Unsupported rules construct at 4:35: int()'],
    ];
    for (const [body, message] of cases) expect(bodyError(body)).toBe(message);
  });

  it('refuses other services and rules versions', () => {
    expect(loadError("rules_version = '2';\nservice firebase.storage { }")).toBe(
      'Unsupported rules construct at 2:9: service firebase.storage is not cloud.firestore',
    );
    expect(loadError("rules_version = '1';\nservice cloud.firestore { }")).toBe(
      "Unsupported rules construct at 1:17: rules_version '1'",
    );
    expect(loadError('\n  service cloud.firestore { }')).toBe(
      "Unsupported rules construct at 2:3: rules without rules_version = '2'",
    );
  });

  it('refuses calls of undefined functions or with the wrong number of arguments', () => {
    expect(bodyError('    match /A/{id} { allow get: if isAdmin(); }')).toBe('Undefined function at 4:35: isAdmin()');
    expect(bodyError('    function f(a, b) { return a == b; }\n    match /A/{id} { allow get: if f(1); }')).toBe(
      'Wrong number of arguments at 5:35: f() takes 2, got 1',
    );
    // A function declared in one match block is not visible from a sibling block.
    expect(
      bodyError('    match /A/{id} { function mine() { return true; } }\n    match /B/{id} { allow get: if mine(); }'),
    ).toBe('Undefined function at 5:35: mine()');
  });

  it('refuses a function declared twice in one block, whatever its parameters, as Firestore does', () => {
    expect(
      bodyError(
        '    function mayRead() { return true; }\n    function mayRead() { return false; }\n' +
          '    match /A/{id} { allow get: if mayRead(); }',
      ),
    ).toBe('Syntax error at 5:14: function mayRead() is declared twice in one block, which Firestore refuses');
    expect(
      bodyError('    match /A/{id} {\n      function f() { return true; }\n      function f(a) { return a; }\n    }'),
    ).toBe('Syntax error at 6:16: function f() is declared twice in one block, which Firestore refuses');
    // Once in each of two blocks, nested or side by side, is no second declaration.
    const once = rules(
      '    function gate() { return false; }\n' +
        '    match /A/{id} { function gate() { return true; } allow get: if gate(); }\n' +
        '    match /B/{id} { function gate() { return true; } allow get: if gate(); }',
    );
    expect(allowed(once, 'get', 'A/a')).toBe(true);
    expect(allowed(once, 'get', 'B/b')).toBe(true);
  });

  it('reports syntax errors with line:column', () => {
    const cases: [string, string][] = [
      [
        '    match /A/{id} { allow get: if true true; }',
        "Syntax error at 4:40: expected 'match', 'function' or 'allow', found 'true'",
      ],
      ['    match /A/{id} { allow reed; }', "Syntax error at 4:27: unknown method 'reed'"],
      ["    match /A/{id} { allow get: if 'open == 'open'; }", 'Syntax error at 4:49: unterminated string'],
      ['    match /A/{id} { allow get: if 1 # 2; }', "Syntax error at 4:37: unexpected character '#'"],
      ['    match /A/{id} { allow get: if (1 == 1; }', "Syntax error at 4:42: expected ')', found ';'"],
      ['    match /A/{id} { allow get: if 1 == ; }', "Syntax error at 4:40: expected an expression, found ';'"],
      ['    match A { allow get; }', 'Syntax error at 4:11: expected a path after match'],
      ['    match /A/{id} { allow get: if if; }', "Syntax error at 4:35: expected an expression, found 'if'"],
    ];
    for (const [body, message] of cases) expect(bodyError(body)).toBe(message);
    expect(loadError("rules_version = '2';\nservice cloud.firestore {\n  match /a/{b} {")).toBe(
      "Syntax error at 3:17: expected '}', found end of file",
    );
    expect(loadError("rules_version = '2';\nservice cloud.firestore {\n  allow read;\n}")).toBe(
      'Syntax error at 3:3: allow outside a match block',
    );
    expect(loadError("rules_version = '2';\nservice cloud.firestore { /* open")).toBe(
      'Syntax error at 2:27: unterminated comment',
    );
  });
});
