/**
 * The functions' Firebase params, each defined from its row of the one table
 * (@dayfocus/contracts/function-params): its name, type, default and description.
 */
import { defineBoolean, defineString, type BooleanParam, type StringParam } from 'firebase-functions/params';
import { functionParam, type FunctionParamOfType } from '@dayfocus/contracts/function-params';

export function stringParam(name: FunctionParamOfType<'string'>): StringParam {
  const { description, default: fallback } = functionParam(name);
  return defineString(name, { description, ...(typeof fallback === 'string' ? { default: fallback } : {}) });
}

export function booleanParam(name: FunctionParamOfType<'boolean'>): BooleanParam {
  const { description, default: fallback } = functionParam(name);
  return defineBoolean(name, { description, ...(typeof fallback === 'boolean' ? { default: fallback } : {}) });
}
