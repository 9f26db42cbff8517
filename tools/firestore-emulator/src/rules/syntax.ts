/** The syntax tree of a rules file, as the parser builds it and check.ts and the evaluator read it. */
import type { Position } from './errors.js';
import type { RulesValue } from './value.js';

export type RulesMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export type BinaryOp = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

export type Expr = { pos: Position } & (
  | { kind: 'literal'; value: RulesValue }
  | { kind: 'ident'; name: string }
  | { kind: 'member'; object: Expr; name: string }
  | { kind: 'index'; object: Expr; index: Expr }
  /** A call of a function declared in the rules: `isOwner(userId)`. */
  | { kind: 'call'; name: string; args: Expr[] }
  /** A method of a value: `name.size()`, `data.get('k', 0)`. */
  | { kind: 'method'; object: Expr; name: string; args: Expr[] }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'is'; operand: Expr; typeName: string }
  | { kind: 'ternary'; condition: Expr; then: Expr; otherwise: Expr }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'map'; entries: [Expr, Expr][] }
);

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: { name: string; value: Expr }[];
  body: Expr;
  pos: Position;
}

export interface Allow {
  /** What was written, for decision reasons: `allow read, write`. */
  label: string;
  methods: Set<RulesMethod>;
  /** null for `allow read;` (no condition: always allowed). */
  condition: Expr | null;
  pos: Position;
}

export type Segment =
  | { kind: 'literal'; text: string }
  | { kind: 'wildcard'; name: string }
  /** `{name=**}`: zero or more trailing segments (rules_version 2). */
  | { kind: 'rest'; name: string };

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
  functions: FunctionDecl[];
  matches: MatchBlock[];
}
