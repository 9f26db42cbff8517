/**
 * Firestore security rules (rules_version '2'), a subset: compile a rules file once, then
 * decide requests against it. Pure: no I/O, no server.
 *
 * Supported: nested `match` blocks with `{x}` and trailing `{x=**}` wildcards, `allow` for
 * read/write/get/list/create/update/delete with or without a condition, `function`s with
 * `let`, the usual operators (including `in`, `is`, ternary) and a handful of value methods.
 * Anything else (get(), exists(), getAfter(), diff(), math.*, duration.*, request.query, path
 * literals, ...) is refused when the rules are compiled, with its line:column.
 */
import type { Value } from '../proto.js';
import { checkRules } from './check.js';
import { EvalError } from './errors.js';
import {
  Evaluator,
  LIST_PLACEHOLDER,
  constant,
  matchingAllows,
  unavailable,
  type Binding,
  type Scope,
} from './evaluate.js';
import { RulesError, readRules, type RulesFile, type RulesMethod } from './reader/index.js';
import { NULL, fromFields, fromJson, map, path, str, timestampOf, type RulesValue } from './value.js';

export { RulesError };
export type { RulesMethod };

export interface CompiledRules {
  /** The checked syntax tree; treat as opaque. */
  readonly file: RulesFile;
}

export interface RulesAuth {
  uid: string;
  token: Record<string, unknown>;
}

export interface RulesRequest {
  database: string;
  /** Document path under documents/, e.g. 'Users/abc'. For 'list', the path of the collection queried, e.g. 'Users' or 'Users/abc/history' */
  path: string;
  method: RulesMethod;
  auth: RulesAuth | null;
  time: Date;
  /** The stored document's fields, or null when it does not exist (get/update/delete). Absent for list. */
  resource?: Record<string, Value> | null;
  /** The document after the write (create/update). */
  requestResource?: Record<string, Value> | null;
}

export interface RulesDecision {
  allowed: boolean;
  /** for logs and PERMISSION_DENIED messages */
  reason: string;
}

/** Parses and checks a rules file. Throws RulesError on a syntax error or an unsupported construct. */
export function compileRules(source: string): CompiledRules {
  const file = readRules(source);
  checkRules(file);
  return { file };
}

/** Allowed when any `allow` for the method, in any block matching the path, evaluates to true. */
export function evaluateRules(rules: CompiledRules, request: RulesRequest): RulesDecision {
  const documentPath = request.path.split('/').filter((segment) => segment !== '');
  const fullPath = ['databases', request.database, 'documents', ...documentPath];
  // Simplification: a list (query) is matched as if a document of the collection were read,
  // `Users` as `Users/<placeholder>`, so `match /Users/{id}` applies; the placeholder id and
  // `resource` are unavailable (reading them is an error, so that allow is false). Firestore
  // instead proves the query's constraints imply the condition; we do not model queries.
  const segments = request.method === 'list' ? [...fullPath, LIST_PLACEHOLDER] : fullPath;

  const functions = new Map(rules.file.functions.map((fn) => [fn.name, fn]));
  const root: Scope = { vars: globals(request, fullPath), functions, parent: null };
  const where = `${request.method} on /${fullPath.join('/')}`;
  const failures: string[] = [];
  for (const { allow, match, scope } of matchingAllows(rules.file, root, segments)) {
    if (!allow.methods.has(request.method)) continue;
    const at = `'${allow.label}' at ${allow.pos.line}:${allow.pos.col} (match ${match.text})`;
    if (allow.condition === null) return { allowed: true, reason: `${where} allowed by ${at}` };
    try {
      const result = new Evaluator().evaluate(allow.condition, scope);
      if (result.type === 'bool' && result.value) return { allowed: true, reason: `${where} allowed by ${at}` };
      failures.push(result.type === 'bool' ? `${at} is false` : `${at} is not a bool`);
    } catch (error) {
      if (!(error instanceof EvalError)) throw error;
      failures.push(`${at} failed: ${error.message}`);
    }
  }
  if (failures.length === 0) return { allowed: false, reason: `${where}: no allow statement matches` };
  return { allowed: false, reason: `${where} denied: ${failures.join('; ')}` };
}

/** `request` and `resource`, the variables every condition can read. */
function globals(request: RulesRequest, fullPath: string[]): Map<string, Binding> {
  const name = path(fullPath);
  const document = (fields: Record<string, Value>): RulesValue =>
    map({ data: fromFields(fields), id: str(fullPath.at(-1) ?? ''), __name__: name });
  const auth = request.auth ? map({ uid: str(request.auth.uid), token: fromJson(request.auth.token) }) : NULL;
  const requestValue = map({
    auth,
    method: str(request.method),
    path: name,
    time: timestampOf(request.time),
    resource: request.requestResource ? document(request.requestResource) : NULL,
  });
  const resource =
    request.method === 'list'
      ? unavailable('resource')
      : constant(request.resource ? document(request.resource) : NULL);
  return new Map([
    ['request', constant(requestValue)],
    ['resource', resource],
  ]);
}
