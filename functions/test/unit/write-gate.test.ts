/**
 * The write gate of the invite flows' ports (platform/adapters/write-gate.ts,
 * invites/adapters/gated-ports.ts): under a call's gate, each method classified as a write
 * starts only once the App Check token's consumption settles, a transaction's work runs its
 * reads at once but commits only then, and a read runs at once. The tables are typed total:
 * the last tests do not compile unless an incomplete or wrong table is refused.
 */
import { describe, expect, it } from 'vitest';
import {
  accountsGate,
  codesGate,
  gatedAccounts,
  gatedCodes,
  gatedInviteStore,
  inviteStoreGate,
} from '../../src/invites/adapters/gated-ports.js';
import type { InviteStore, VerificationCodes } from '../../src/invites/flows/ports.js';

/** A port with a method that answers at once, as a digest does. */
type WithDigest = VerificationCodes & { digest(code: string): string };
import { withWriteGate, type GateRole, type GateTable } from '../../src/platform/adapters/write-gate.js';

type Table = Readonly<Record<string, GateRole>>;

/** Each gated port as the slices' wiring (composition/wiring/) builds it: its table and its wrapper. */
const ports: { port: string; table: Table; wrap: (port: never) => object }[] = [
  { port: 'InviteStore', table: inviteStoreGate, wrap: gatedInviteStore },
  { port: 'AccountLookup', table: accountsGate, wrap: gatedAccounts },
  { port: 'VerificationCodes', table: codesGate, wrap: gatedCodes },
];

/**
 * A port with every method of `table`, each noting in `ran` that it started (a transaction:
 * that its work ran, then that it committed).
 */
function recordingPort(table: Table) {
  const ran: string[] = [];
  const methods = Object.entries(table).map(([name, role]) => [
    name,
    role === 'transaction'
      ? async (work: (tx: object) => Promise<unknown>) => {
          const value = await work({});
          ran.push(`${name}: commit`);
          return value;
        }
      : () => {
          ran.push(name);
          return Promise.resolve(name);
        },
  ]);
  return { port: Object.fromEntries(methods) as Record<string, (...args: unknown[]) => Promise<unknown>>, ran };
}

/** `port`'s method `name`, which the table made it have. */
function method(port: Record<string, (...args: unknown[]) => Promise<unknown>>, name: string) {
  const found = port[name];
  if (!found) throw new Error(`The port has no ${name}`);
  return found;
}

/** A consumption that settles when the test says. */
function consumption() {
  let admit = () => {};
  let refuse = (_error: Error) => {};
  const settled = new Promise<void>((resolve, reject) => {
    admit = resolve;
    refuse = reject;
  });
  return { settled, admit, refuse };
}

/** Long enough for anything not waiting on the gate to have started. */
const aMoment = () => new Promise((resolve) => setTimeout(resolve, 20));

const methods = ports.flatMap(({ port, table, wrap }) =>
  Object.entries(table).map(([name, role]) => ({ port, name, role, table, wrap })),
);

describe('the write gate of the invite flows’ ports', () => {
  it.each(methods)('$name of $port, a $role, starts as its role says', async ({ name, role, table, wrap }) => {
    const { port, ran } = recordingPort(table);
    const gatedPort = wrap(port as never) as typeof port;
    const consumed = consumption();
    const call = withWriteGate(consumed.settled, () =>
      role === 'transaction'
        ? method(
            gatedPort,
            name,
          )(async () => {
            ran.push(`${name}: work`);
            return 'done';
          })
        : method(gatedPort, name)('argument'),
    );
    await aMoment();
    expect(ran).toEqual(role === 'read' ? [name] : role === 'transaction' ? [`${name}: work`] : []);
    consumed.admit();
    await call;
    expect(ran).toEqual(role === 'transaction' ? [`${name}: work`, `${name}: commit`] : [name]);
  });

  it('never starts a write, nor commits a transaction, when the consumption refuses the call', async () => {
    const { port, ran } = recordingPort(inviteStoreGate);
    const store = gatedInviteStore(port as unknown as InviteStore);
    const replayed = new Error('This request was already made once');
    const consumed = consumption();
    const write = withWriteGate(consumed.settled, () =>
      store.ensureBaseUser({ userId: 'mira', email: 'mira@example.com', name: 'Mira', now: '2026-01-01' }),
    );
    const transaction = withWriteGate(consumed.settled, () => store.transaction(() => Promise.resolve()));
    const read = withWriteGate(consumed.settled, () => store.getUser('mira'));
    consumed.refuse(replayed);
    await expect(write).rejects.toBe(replayed);
    await expect(transaction).rejects.toBe(replayed);
    await expect(read).resolves.toBe('getUser');
    expect(ran).toEqual(['getUser']);
  });

  it('lets every method through at once outside a gated call', async () => {
    const { port, ran } = recordingPort(inviteStoreGate);
    const store = gatedInviteStore(port as unknown as InviteStore);
    await store.retireUser('mira', '2026-01-01');
    await store.transaction(() => Promise.resolve());
    expect(ran).toEqual(['retireUser', 'transaction: commit']);
  });

  it('does not compile a table that leaves a method out or misnames a role', () => {
    // Each line below must fail to compile: were the table's type to stop refusing it, the
    // `@ts-expect-error` would be unused and the typecheck would fail.
    const leavesOut = {
      getUser: 'read',
      transaction: 'transaction',
      ensureBaseUser: 'write',
    } as const;
    // @ts-expect-error retireUser, a write, is not classified
    const incomplete: GateTable<InviteStore> = leavesOut;
    // @ts-expect-error digest answers at once: it cannot wait for the gate as a write
    const syncWrite: GateTable<WithDigest> = { check: 'read', apply: 'write', digest: 'write' };
    // @ts-expect-error getUser takes no transaction's work
    const notATransaction: GateTable<InviteStore> = { ...inviteStoreGate, getUser: 'transaction' };
    expect(Object.keys(incomplete)).not.toContain('retireUser');
    expect([syncWrite.digest, notATransaction.getUser]).toEqual(['write', 'transaction']);
  });
});
