/**
 * The syntax tree of a rules file, as readRules builds it: the whole language the deploy check
 * meets in an app's rules, including what the emulator refuses at load (check.ts there): path
 * literals, bytes, ranges, version 1, `{x=**}` before a path's end.
 */
import type { Position } from './errors.js';

export type RulesMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export type BinaryOp = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

/** A literal's value, in the shape the emulator's values take. */
export type Literal =
  | { type: 'null' }
  | { type: 'bool'; value: boolean }
  | { type: 'int'; value: bigint }
  | { type: 'float'; value: number }
  | { type: 'string'; value: string };

/** A segment of a path literal: as written, or `$(expression)`. */
export type PathPart = { kind: 'text'; text: string } | { kind: 'expr'; expr: Expr };

export type Expr = { pos: Position } & (
  | {
      kind: 'literal';
      value: Literal;
      /** A string's first `\x41`, `\u0041` or `\101`, which Google takes; kept as written in `value`. */
      escape?: { text: string; pos: Position };
    }
  /** `b'…'`, as written between the quotes. */
  | { kind: 'bytes'; text: string }
  /** `/databases/$(database)/documents/Users/$(uid)`, at its first slash. */
  | { kind: 'path'; parts: PathPart[] }
  | { kind: 'ident'; name: string }
  | { kind: 'member'; object: Expr; name: string }
  | { kind: 'index'; object: Expr; index: Expr }
  /** `list[i:j]`, either end left out; at its colon. */
  | { kind: 'range'; object: Expr; from: Expr | null; to: Expr | null }
  /** A call of a function by name: declared in the rules (`isOwner(userId)`) or the language's (`get(…)`). */
  | { kind: 'call'; name: string; args: Expr[] }
  /** A method of a value: `name.size()`, `data.get('k', 0)`. */
  | { kind: 'method'; object: Expr; name: string; args: Expr[] }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'is'; operand: Expr; typeName: string; typePos: Position }
  | { kind: 'ternary'; condition: Expr; then: Expr; otherwise: Expr }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'map'; entries: [Expr, Expr][] }
);

export interface FunctionDecl {
  name: string;
  namePos: Position;
  params: string[];
  lets: { name: string; value: Expr }[];
  body: Expr;
  pos: Position;
}

export interface Allow {
  /** What was written, for decision reasons: `allow read, write`. */
  label: string;
  /** The whole statement as written, on one line: `allow create: if signedIn()`. */
  statement: string;
  methods: Set<RulesMethod>;
  /** null for `allow read;` (no condition: always allowed). */
  condition: Expr | null;
  pos: Position;
}

export type Segment = { pos: Position } & (
  | { kind: 'literal'; text: string }
  | { kind: 'wildcard'; name: string }
  /** `{name=**}`: zero or more segments (one or more in version 1). */
  | { kind: 'rest'; name: string }
);

export interface MatchBlock {
  /** The path as written, for decision reasons. */
  text: string;
  pattern: Segment[];
  functions: FunctionDecl[];
  allows: Allow[];
  matches: MatchBlock[];
  pos: Position;
}

export interface RulesFile {
  /** `rules_version = '2'`; null when the file names none (version 1). */
  version: { value: '1' | '2'; pos: Position } | null;
  /** Where the file's first statement stands. */
  start: Position;
  functions: FunctionDecl[];
  matches: MatchBlock[];
}
