/** Errors of the rules module: load failures that point at the source, and evaluation errors. */

export interface Position {
  line: number;
  col: number;
}

/** A rules file that cannot be loaded: a syntax error or a construct this module does not implement. */
export class RulesError extends Error {
  override name = 'RulesError';
  constructor(
    message: string,
    readonly position?: Position,
  ) {
    super(message);
  }
}

export function syntaxError(what: string, pos: Position): RulesError {
  return new RulesError(`Syntax error at ${pos.line}:${pos.col}: ${what}`, pos);
}

/** Refusing beats misreading: anything not implemented stops the load and says what and where. */
export function unsupported(construct: string, pos: Position): RulesError {
  return new RulesError(`Unsupported rules construct at ${pos.line}:${pos.col}: ${construct}`, pos);
}

/**
 * An error while evaluating a condition (missing field, wrong type, unknown variable). It never
 * escapes the evaluator: it makes the `allow` that raised it false, as in Firestore.
 */
export class EvalError extends Error {
  override name = 'EvalError';
}
