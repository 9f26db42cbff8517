/**
 * Nothing a replay-protected call writes may land before its App Check token's consumption has
 * settled: the consumption runs beside the call's reads (platform/functions/callable.ts), and a
 * replay must find nothing written. The callable runs its handler inside the call's gate; the
 * ports that write (the stores, Auth's accounts and codes) are wrapped in `gated` where they
 * are built (composition/wiring.ts), so that each write, and each transaction's commit, waits for
 * the gate here. The flows and the domain know nothing of it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const gates = new AsyncLocalStorage<Promise<void>>();

/** Runs `work` as a call whose writes wait for `gate` (which rejects with the call's refusal). */
export function withWriteGate<T>(gate: Promise<void>, work: () => Promise<T>): Promise<T> {
  return gates.run(gate, work);
}

/** Settles when the current call may write: at once outside a gated call. */
export function writeGate(): Promise<void> {
  return gates.getStore() ?? Promise.resolve();
}

type AsyncMethod = (...args: never[]) => Promise<unknown>;
type MethodNames<P> = { [K in keyof P]: P[K] extends AsyncMethod ? K : never }[keyof P];
type Transaction<T> = (work: (tx: T) => Promise<unknown>) => Promise<unknown>;

/**
 * `port` with its `writes` waiting for the gate before they start, and the work of its
 * `transactions` waiting for it after its reads and before the commit (Firestore and the
 * in-memory store buffer a transaction's writes until the work returns).
 */
export function gated<P extends object>(
  port: P,
  names: { writes?: MethodNames<P>[]; transactions?: MethodNames<P>[] },
): P {
  const wrapped: Record<PropertyKey, unknown> = Object.create(port) as Record<PropertyKey, unknown>;
  const methodOf = (name: PropertyKey) => (port as Record<PropertyKey, unknown>)[name] as AsyncMethod;
  for (const name of names.writes ?? []) {
    const write = methodOf(name);
    wrapped[name] = async (...args: never[]) => {
      await writeGate();
      return write.apply(port, args);
    };
  }
  for (const name of names.transactions ?? []) {
    const transaction = methodOf(name) as unknown as Transaction<unknown>;
    wrapped[name] = (work: (tx: unknown) => Promise<unknown>) =>
      transaction.call(port, async (tx) => {
        const value = await work(tx);
        await writeGate();
        return value;
      });
  }
  return wrapped as P;
}
