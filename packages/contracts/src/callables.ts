/**
 * Every callable function by name, with what it takes and what it answers, read from its row of
 * the functions' manifest (functions.ts): the one list the web app's `callFunction` and the
 * server's `callable` are both typed by, so that a wrong name or payload is a type error on
 * either side.
 */
import type { AnyObjectSchema, InferType } from 'yup';
import { functionManifest, type Answer, type FunctionName } from './functions.js';
import { requestFields, type RequestFields } from './requests.js';

type Rows = typeof functionManifest;

/** The callables: the manifest's rows whose trigger is a call. */
export type CallableName = {
  [N in FunctionName]: Rows[N] extends { trigger: 'callable' } ? N : never;
}[FunctionName];

type SchemaOf<N extends CallableName> = Rows[N] extends {
  request: (fields: RequestFields) => infer S extends AnyObjectSchema;
}
  ? S
  : never;

export type RequestOf<N extends CallableName> = InferType<SchemaOf<N>>;
export type AnswerOf<N extends CallableName> = Rows[N] extends { answer: Answer<infer T> } ? T : never;

/** The request's schema of a callable, built from its row (once per call of this function: keep it). */
export function requestSchemaOf<N extends CallableName>(name: N) {
  const row: { request: (fields: RequestFields) => unknown } = functionManifest[name];
  return row.request(requestFields) as SchemaOf<N>;
}
