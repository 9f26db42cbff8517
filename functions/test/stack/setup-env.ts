// Points the Admin SDK at the local stack (the shared test support sets its environment on
// import) before any test module loads firebase-admin.
import '@dayfocus/stack/testing';

/**
 * A callable whose request never got an answer fails as `internal` with no more said (the client
 * SDK answers a fetch that threw as HTTP status 0): the fetch's own cause, printed here with its
 * address, is what tells a connection reset from a refused or timed-out one. Wrapped once per
 * worker (the files share it).
 */
const WRAPPED = Symbol.for('dayfocus.fetchFailuresPrinted');
const scope = globalThis as typeof globalThis & { [WRAPPED]?: true };
if (!scope[WRAPPED]) {
  scope[WRAPPED] = true;
  const fetchOf = globalThis.fetch.bind(globalThis);
  globalThis.fetch = async (input, init) => {
    try {
      return await fetchOf(input, init);
    } catch (error) {
      const url = input instanceof Request ? input.url : String(input);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      process.stderr.write(
        `fetch failed: ${init?.method ?? 'GET'} ${url}: ${cause?.code ?? ''} ${cause?.message ?? String(error)}\n`,
      );
      throw error;
    }
  };
}
