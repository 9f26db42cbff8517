/** What the reader (and the emulator's load-time checks) refuse: a message that points at the source. */

export interface Position {
  line: number;
  col: number;
}

/** A rules file that cannot be loaded: a syntax error or a construct the emulator does not implement. */
export class RulesError extends Error {
  override name = 'RulesError';
  constructor(
    message: string,
    readonly position?: Position,
    /** What was refused, without the position: the deploy check words its own message with it. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

export function syntaxError(what: string, pos: Position): RulesError {
  return new RulesError(`Syntax error at ${pos.line}:${pos.col}: ${what}`, pos, what);
}

/** Refusing beats misreading: anything not implemented stops the load and says what and where. */
export function unsupported(construct: string, pos: Position): RulesError {
  return new RulesError(`Unsupported rules construct at ${pos.line}:${pos.col}: ${construct}`, pos, construct);
}
