/** The evaluation error of the rules module; load failures are the reader's RulesError (reader/errors.ts). */

/**
 * An error while evaluating a condition (missing field, wrong type, unknown variable). It never
 * escapes the evaluator: it makes the `allow` that raised it false, as in Firestore.
 */
export class EvalError extends Error {
  override name = 'EvalError';
}
