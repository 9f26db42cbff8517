/**
 * The reader alone (src/rules/reader/, the package's `rules-reader` export): it reads what the
 * emulator does not evaluate into the tree, for the deploy check, and the emulator's load refuses
 * the same file.
 */
import { describe, expect, it } from 'vitest';
import { compileRules } from '../src/rules/index.js';
import { readRules, type Expr } from '../src/rules/reader/index.js';

const source = [
  'service cloud.firestore {',
  '  match /databases/{database}/documents/{rest=**}/B/{id} {',
  "    allow get: if exists(/databases/$(database)/documents/a-b/$( id )) && b'\\x41' is bytes",
  "    allow list: if [1, 2][1:] == [2,] && 'a\\u0041' == 'aA'",
  '  }',
  '}',
].join('\n');

/** The tree without positions, for comparing shapes. */
const shape = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (key, item: unknown) =>
      key === 'pos' || key === 'typePos' ? undefined : typeof item === 'bigint' ? Number(item) : item,
    ),
  );

describe('the rules reader', () => {
  const file = readRules(source);
  const [match] = file.matches;

  it('reads version 1 rules and a recursive wildcard before the end of a path', () => {
    expect(file.version).toBeNull();
    expect(match?.pattern.map((segment) => segment.kind)).toEqual([
      'literal',
      'wildcard',
      'literal',
      'rest',
      'literal',
      'wildcard',
    ]);
  });

  it('reads path literals with their interpolations, bytes, ranges and escapes it leaves as written', () => {
    const [get, list] = match?.allows ?? [];
    expect(get?.statement).toBe(
      "allow get: if exists(/databases/$(database)/documents/a-b/$( id )) && b'\\x41' is bytes",
    );
    const [exists, bytes] = get?.condition?.kind === 'binary' ? [get.condition.left, get.condition.right] : [];
    expect(shape(exists)).toEqual({
      kind: 'call',
      name: 'exists',
      args: [
        {
          kind: 'path',
          parts: [
            { kind: 'text', text: 'databases' },
            { kind: 'expr', expr: { kind: 'ident', name: 'database' } },
            { kind: 'text', text: 'documents' },
            { kind: 'text', text: 'a-b' },
            { kind: 'expr', expr: { kind: 'ident', name: 'id' } },
          ],
        },
      ],
    });
    expect(shape(bytes)).toEqual({ kind: 'is', operand: { kind: 'bytes', text: '\\x41' }, typeName: 'bytes' });
    const condition = list?.condition as Expr & { kind: 'binary' };
    expect(shape(condition.left)).toMatchObject({ kind: 'binary', op: '==', left: { kind: 'range', to: null } });
    expect(condition.right).toMatchObject({
      kind: 'binary',
      left: { kind: 'literal', value: { value: 'a\\u0041' }, escape: { text: '\\u', pos: { line: 4, col: 44 } } },
    });
  });

  it('leaves to the emulator the refusal of what it does not evaluate', () => {
    expect(() => compileRules(source)).toThrow("Unsupported rules construct at 1:1: rules without rules_version = '2'");
    const versioned = `rules_version = '2';\n${source}`;
    expect(() => compileRules(versioned)).toThrow('at 3:41: {rest=**} before the end of a match path');
  });
});
