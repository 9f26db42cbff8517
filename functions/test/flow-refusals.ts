import { FlowError } from '../src/platform/domain/errors.js';

/** The FlowError a flow's call was refused with; anything else (an answer, another error) fails the test. */
export async function flowRefusalOf(call: Promise<unknown>): Promise<FlowError> {
  const error = await call.then(
    () => null,
    (refused: unknown) => refused,
  );
  if (!(error instanceof FlowError)) throw new Error(`expected a FlowError, got ${String(error)}`);
  return error;
}
