/**
 * The functions' Firebase params, each defined from its row of the one table
 * (@dayfocus/contracts/function-params): its name, type, default and description.
 */
import {
  defineBoolean,
  defineSecret,
  defineString,
  type BooleanParam,
  type StringParam,
} from 'firebase-functions/params';
import { functionParam, type FunctionParamOfType } from '@dayfocus/contracts/function-params';
import { functionSecrets, type FunctionSecretName } from '@dayfocus/contracts/function-secrets';

export function stringParam(name: FunctionParamOfType<'string'>): StringParam {
  const { description, default: fallback } = functionParam(name);
  return defineString(name, { description, ...(typeof fallback === 'string' ? { default: fallback } : {}) });
}

export function booleanParam(name: FunctionParamOfType<'boolean'>): BooleanParam {
  const { description, default: fallback } = functionParam(name);
  return defineBoolean(name, { description, ...(typeof fallback === 'boolean' ? { default: fallback } : {}) });
}

/** A secret of the table (@dayfocus/contracts/function-secrets): a function that reads it names it in its `secrets`. */
export function secretParam(name: FunctionSecretName): ReturnType<typeof defineSecret> {
  return defineSecret(name, { description: functionSecrets[name].description });
}
