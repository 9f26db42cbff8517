/**
 * Nothing a replay-protected call writes may land before its App Check token's consumption has
 * settled: the consumption runs beside the call's reads (platform/functions/callable.ts), and a
 * replay must find nothing written. The callable runs its handler inside the call's gate; the
 * ports that write are wrapped in `gated` (invites/adapters/gated-ports.ts), with a table that
 * names the role of each of their methods, so that each write, and each transaction's commit,
 * waits for the gate here. The flows and the domain know nothing of it.
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
type Transaction<T> = (work: (tx: T) => Promise<unknown>) => Promise<unknown>;

/**
 * What a port's member does, as the gate sees it: a `read` runs at once, a `write` waits for the
 * gate before it starts, a `transaction`'s work waits for it before the commit.
 */
export type GateRole = 'read' | 'write' | 'transaction';

/**
 * Every member of `P` with its role, none left out: a method added to a port does not compile
 * until it is classified here, so no new write can slip past the gate unlisted. Only a method
 * taking a transaction's work may be a `transaction`, and only an async one a `write`.
 */
export type GateTable<P> = {
  readonly [K in keyof P]-?: P[K] extends Transaction<unknown>
    ? GateRole
    : P[K] extends AsyncMethod
      ? Exclude<GateRole, 'transaction'>
      : 'read';
};

/**
 * `port` with its writes waiting for the gate before they start, and the work of its
 * transactions waiting for it after its reads and before the commit (Firestore and the
 * in-memory store buffer a transaction's writes until the work returns).
 */
export function gated<P extends object>(port: P, table: GateTable<P>): P {
  const wrapped: Record<PropertyKey, unknown> = Object.create(port) as Record<PropertyKey, unknown>;
  const methodOf = (name: PropertyKey) => (port as Record<PropertyKey, unknown>)[name] as AsyncMethod;
  for (const [name, role] of Object.entries(table) as [string, GateRole][]) {
    if (role === 'write') {
      const write = methodOf(name);
      wrapped[name] = async (...args: never[]) => {
        await writeGate();
        return write.apply(port, args);
      };
    } else if (role === 'transaction') {
      const transaction = methodOf(name) as unknown as Transaction<unknown>;
      wrapped[name] = (work: (tx: unknown) => Promise<unknown>) =>
        transaction.call(port, async (tx) => {
          const value = await work(tx);
          await writeGate();
          return value;
        });
    }
  }
  return wrapped as P;
}
