/** A callable's answer in the functions' manifest (functions.ts): a type only, carried by its row. */
declare const answerType: unique symbol;

/** A callable's answer, as a type: what `AnswerOf` (callables.ts) reads from its row. */
export interface Answer<T> {
  readonly [answerType]?: T;
}

/** An empty object at run time. */
export const answer = <T>(): Answer<T> => ({});
