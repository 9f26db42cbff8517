/**
 * The result the write callables answer, as the product has always reported it (spec
 * sections 7, 8). Failures are callable errors (invalid-argument, not-found, …) instead of the
 * spec's status-400 results: see the deviations in the docs.
 */
export interface WriteResult {
  status: 200;
  message: string;
}

export const writeSucceeded: WriteResult = { status: 200, message: 'Document successfully written!' };
