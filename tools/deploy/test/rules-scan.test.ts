/**
 * The static half of the judge of the shared project's rules (src/rules-scan.ts): every `allow`
 * whose match can bind a collection of ours, a document below it included, must be `false`.
 * Sound where the probe samples: it reads the paths, not what a condition would say of a
 * document, so a condition keyed on a field, an id or a key the probe never tries is caught too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeIntoAppRules, probedCollections } from '@dayfocus/stack/companion-rules';
import { allowsBindingOurs } from '../src/rules-scan.js';
import { repoRoot } from './tree.js';

const ours = probedCollections();
const typicalAppRules = readFileSync(join(repoRoot, 'tools/stack/test/fixtures/typical-app.rules'), 'utf8');

/** Rules with `body` inside the documents match. */
const inDocuments = (body: string) =>
  `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`;
/** What binds ours in rules with `body` inside the documents match: each allow's statement and collections. */
const bound = (body: string) =>
  allowsBindingOurs(inDocuments(body), ours).map(({ statement, collections }) => ({ statement, collections }));

describe("the allows that can bind a collection of ours, in the app's rules", () => {
  it("are none in the merged good rules, nor in this repository's firestore.rules", () => {
    expect(allowsBindingOurs(mergeIntoAppRules(typicalAppRules), ours)).toEqual([]);
    expect(allowsBindingOurs(readFileSync(join(repoRoot, 'firestore.rules'), 'utf8'), ours)).toEqual([]);
  });

  it("are the app-wide allows the probe's documents never satisfy: a typed field, an id's shape, required keys", () => {
    const conditions = [
      'request.auth != null && request.resource.data.createdAt is timestamp',
      'request.auth != null && docId.size() == 20',
      "request.auth != null && request.resource.data.keys().hasAll(['owner', 'type'])",
    ];
    for (const condition of conditions) {
      const rules = mergeIntoAppRules(
        typicalAppRules.replace(
          'match /Tasks/{taskId} {',
          `match /{collection}/{docId} {\n      allow create: if ${condition};\n    }\n    match /Tasks/{taskId} {`,
        ),
      );
      const lines = rules.split('\n');
      expect(allowsBindingOurs(rules, ours)).toEqual([
        {
          statement: `allow create: if ${condition}`,
          line: lines.findIndex((line) => line.includes(condition)) + 1,
          match: '/databases/{database}/documents/{collection}/{docId}',
          collections: ours,
        },
      ]);
    }
  });

  it.each([
    ['a wildcard collection', 'match /{c}/{d} { allow read: if true; }', ours],
    ['a recursive wildcard', 'match /{rest=**} { allow read: if true; }', ours],
    ['the name itself', 'match /_mail/{id} { allow create: if true; }', ['_mail']],
    ['a subcollection of it', 'match /_accountLocks/{id}/{sub}/{subId} { allow read: if true; }', ['_accountLocks']],
    ['nested matches combined', 'match /{c}/{d} { match /history/{h} { allow read: if true; } }', ours],
    ['a name below a recursive wildcard', 'match /{any=**}/_mail/{id} { allow create: if true; }', ours],
    ['a wildcard collection below a literal', 'match /{c} { match /{d} { allow read: if true; } }', ours],
  ])('bind through %s', (_, body, collections) => {
    expect(bound(body)).toEqual([{ statement: expect.stringMatching(/^allow /), collections }]);
  });

  it('bind from the service itself, above the documents match', () => {
    const rules = (path: string) =>
      `rules_version = '2';\nservice cloud.firestore {\n  match ${path} {\n    allow read: if true;\n  }\n}\n`;
    for (const path of ['/{path=**}', '/databases/{database}/{rest=**}', '/databases/{db}/documents/{c}/{d}'])
      expect(allowsBindingOurs(rules(path), ours).map(({ match }) => match)).toEqual([path]);
  });

  it.each([
    ['another collection', 'match /Users/{userId} { allow read, write: if true; }'],
    ['everything below another collection', 'match /Users/{userId}/{rest=**} { allow read, write: if true; }'],
    ['a collection one letter off', 'match /_mailbox/{id} { allow read, write: if true; }'],
    ['the documents match itself, which binds no document', 'allow read, write: if true;'],
    ['a collection id alone, which names no document', 'match /{collection} { allow read: if true; }'],
  ])('leave alone %s', (_, body) => {
    expect(bound(body)).toEqual([]);
  });
});

describe("an allow's condition counts as false", () => {
  const functions =
    'function never() { return false; }\n' +
    'function closed(request) { let unused = request.auth; return (false); }\n' +
    'function viaAnother() { return never(); }\n' +
    'function signedIn() { return request.auth != null; }\n';
  const grants = (condition: string) =>
    bound(`${functions}match /{c}/{d} { allow read${condition ? `: ${condition}` : ''}; }`).length > 0;

  it.each([
    'if false',
    'if (false)',
    'if request.auth != null && false',
    'if false && request.auth != null',
    'if false || (false)',
    'if never()',
    'if closed(request)',
    'if viaAnother()',
    'if signedIn() && (never() || false)',
  ])('%s: it grants nothing', (condition) => {
    expect(grants(condition)).toBe(false);
  });

  it.each([
    ['no condition at all', ''],
    ['true', 'if true'],
    ['one disjunct not false', 'if false || request.auth != null'],
    ['a negation, which the check does not fold', 'if !true'],
    ['a function that is not false', 'if never() || signedIn()'],
    ['a string', "if 'false'"],
    ['a ternary, which the check does not fold', 'if signedIn() ? false : false'],
    ['a function the rules do not declare', 'if undeclared()'],
  ])('only when it is: %s is not', (_, condition) => {
    expect(grants(condition)).toBe(true);
  });

  it('by the functions the allow can see: an inner one of the same name shadows an outer one', () => {
    const outerFalse =
      'function gate() { return false; }\nmatch /{c}/{d} { function gate() { return true; } allow read: if gate(); }';
    expect(bound(outerFalse)).toHaveLength(1);
    const innerFalse =
      'function gate() { return true; }\nmatch /{c}/{d} { function gate() { return false; } allow read: if gate(); }';
    expect(bound(innerFalse)).toEqual([]);
  });
});

/**
 * Functions whose meaning the reading would have to guess: Firestore refuses a name declared twice
 * in one block (whatever the parameters) and a call with another number of arguments, and only
 * warns of a function named like one of its own; the reading refuses all three, where they stand.
 */
describe('a function the reading cannot pin down', () => {
  const refusal = (rules: string) => () => allowsBindingOurs(inDocuments(rules), ours);

  it('is refused when declared twice in one block: the first grants, the second denies', () => {
    const twice =
      'function mayRead() { return true; }\nfunction mayRead() { return false; }\n' +
      'match /{c}/{d} { allow read: if mayRead(); }';
    expect(refusal(twice)).toThrow(/^line 5:10: function mayRead\(\) is declared twice in one block/);
    const twiceInMatch =
      'match /{c}/{d} {\n  function gate(a) { return true; }\n  allow read: if gate(1);\n' +
      '  function gate() { return false; }\n}';
    expect(refusal(twiceInMatch)).toThrow(/^line 7:12: function gate\(\) is declared twice in one block/);
    const service = `rules_version = '2';\nservice cloud.firestore {\n  function f() { return false; }\n  function f() { return true; }\n}\n`;
    expect(() => allowsBindingOurs(service, ours)).toThrow(/^line 4:12: function f\(\) is declared twice/);
  });

  it('is read when the same name is declared once in each of two blocks, inner or sibling', () => {
    const nested =
      'function gate() { return true; }\nmatch /{c}/{d} { function gate() { return false; } allow read: if gate(); }';
    expect(bound(nested)).toEqual([]);
    const siblings =
      'match /{c}/{d} { function gate() { return false; } allow read: if gate(); }\n' +
      'match /Users/{u} { function gate() { return true; } allow read: if gate(); }';
    expect(bound(siblings)).toEqual([]);
  });

  it.each(['exists', 'existsAfter', 'get', 'getAfter', 'debug', 'int', 'string', 'path', 'math', 'timestamp'])(
    "is refused when named like the rules language's own %s",
    (name) => {
      const shadow = `function ${name}(p) { return false; }\nmatch /{c}/{d} { allow read: if ${name}(1); }`;
      expect(refusal(shadow)).toThrow(
        new RegExp(`^line 4:10: function ${name}\\(\\) is named like one of the rules language's own`),
      );
    },
  );

  it.each([
    [
      'with too many arguments',
      'match /{c}/{d} { allow read: if never(request); }',
      33,
      'never() takes 0 arguments, called with 1',
    ],
    ['with too few', 'match /{c}/{d} { allow read: if closed(); }', 33, 'closed() takes 1 argument, called with 0'],
    ['in another function', 'function via() { return never(1, 2); }', 25, 'never() takes 0 arguments, called with 2'],
    [
      'in a let',
      'function via() { let x = closed(1, 2); return false; }',
      26,
      'closed() takes 1 argument, called with 2',
    ],
    [
      'as the inner declaration of its name takes',
      'match /{c}/{d} { function never(a) { return false; } allow read: if never(); }',
      69,
      'never() takes 1 argument, called with 0',
    ],
  ])('is refused when called %s', (_, statement, col, what) => {
    const functions = 'function never() { return false; }\nfunction closed(request) { return false; }\n';
    const escaped = what.replace(/[()]/g, '\\$&');
    expect(refusal(`${functions}${statement}`)).toThrow(new RegExp(`^line 6:${col}: ${escaped}`));
  });
});

describe('the reading of a rules file', () => {
  it('takes the real grammar: versions, functions with let, comments, strings, get() with path literals, lists of methods', () => {
    const rules = [
      "rules_version = '2';",
      "/* The app's rules.",
      '   match /{document=**} { allow read; } stays a comment */',
      'service cloud.firestore {',
      '  match /databases/{database}/documents {',
      '    // match /{document=**} { allow read; }',
      '    function role(uid) {',
      '      let user = get(/databases/$(database)/documents/Users/$(uid));',
      "      return user.data.get('role', 'member');",
      '    }',
      '    function isAdmin() { return request.auth != null && role(request.auth.uid) in ["admin", "owner"]; }',
      '    match /Users/{userId} {',
      "      allow get, list: if request.auth != null || resource.data.note in ['} allow write; // {', 'it\\'s /* */'];",
      '      allow update: if request.resource.data.diff(resource.data).affectedKeys().hasOnly(["name"]);',
      '      allow create: if exists(/databases/$(database)/documents/Invites/$(request.auth.uid))',
      "        && request.resource.data.size() < 10 && {'a': 1}['a'] == 1 ? true : false;",
      '    }',
      '    match /{collection}/{id}{',
      "      allow list: if b'\\x41' is bytes && [1, 2, 3][1:] == [2, 3,] && {'k': .5,}['k'] == 1. / 2 &&",
      "        exists(/databases/$(database)/documents/a-b.c/$( id )) && '\\x41\\u0041\\101\\b' != '' && false;",
      '      allow delete: if isAdmin();',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n');
    expect(allowsBindingOurs(rules, ours)).toEqual([
      {
        statement: 'allow delete: if isAdmin()',
        line: 21,
        match: '/databases/{database}/documents/{collection}/{id}',
        collections: ours,
      },
    ]);
    // Without rules_version (version 1, where `{x=**}` binds one segment or more): read the same way.
    expect(allowsBindingOurs(rules.replace("rules_version = '2';\n", ''), ours)).toHaveLength(1);
  });

  it('reads allows without a `;` between them, as Google does', () => {
    expect(bound('match /{c}/{d} { allow read: if false allow create: if true }')).toEqual([
      { statement: 'allow create: if true', collections: ours },
    ]);
  });

  it("reads a path literal's segments with the characters Google takes in them", () => {
    const condition = "exists(/databases/$(database)/documents/a~b/c@d:e+f'g&h*i) && false";
    expect(bound(`match /{c}/{d} { allow read: if ${condition}; }`)).toEqual([]);
  });

  it.each([
    ['a match path segment Google refuses', 'match /a(b)/{d} { allow read; }', /^line 4:8: path segment a\(b\)$/],
    [
      'an escape Google does not know',
      "match /{c}/{d} { allow read: if '\\q' == 'q'; }",
      /^line 4:34: string escape '\\q'$/,
    ],
    [
      'a backslash before a line break',
      "match /{c}/{d} { allow read: if 'a\\\nb' == 'ab'; }",
      /^line 4:33: unterminated string$/,
    ],
    ['a parameter named like a literal', 'function f(true) { return false; }', /^line 4:12: expected a parameter name/],
  ])('refuses loudly %s, as Google does', (_, body, message) => {
    expect(() => bound(body)).toThrow(message);
  });

  it.each([
    [
      'an unterminated string',
      inDocuments('match /{c}/{d} { allow read: if "open; }'),
      /^line 4:33: unterminated string$/,
    ],
    ['an unterminated comment', inDocuments('/* match /{c}/{d} { allow read; }'), /^line 4:1: unterminated comment$/],
    [
      'a brace left open',
      inDocuments('match /{c}/{d} { allow read: if true;'),
      /^line 7:1: expected '}', found end of file$/,
    ],
    [
      'a character the language lacks',
      inDocuments('match /{c}/{d} { allow read: if a # b; }'),
      /^line 4:35: unexpected character '#'$/,
    ],
    [
      'a rules file of another service',
      'service firebase.storage {\n}\n',
      /^line 1:9: service firebase\.storage is not cloud\.firestore$/,
    ],
    [
      'a second service',
      'service cloud.firestore {\n}\nservice cloud.firestore {\n}\n',
      /^line 3:1: expected end of file, found 'service'$/,
    ],
    [
      'an allow outside a match',
      "rules_version = '2';\nservice cloud.firestore {\n  allow read;\n}\n",
      /^line 3:3: allow outside a match block$/,
    ],
    ['an unknown method', inDocuments('match /{c}/{d} { allow view: if true; }'), /^line 4:24: unknown method 'view'$/],
    [
      'an unknown rules_version',
      "rules_version = '3';\nservice cloud.firestore {\n}\n",
      /^line 1:17: rules_version '3'$/,
    ],
    ['a malformed wildcard', inDocuments('match /{c}/{d=*} { allow read; }'), /^line 4:12: path segment \{d=\*\}$/],
  ])('refuses loudly, with the line and column, %s', (_, rules, message) => {
    expect(() => allowsBindingOurs(rules, ours)).toThrow(message);
  });
});
