/**
 * The probe of companion-rules.ts (`clientAccessProblems`): a Firestore emulator's judgment of the
 * merged rules, request by request. A module of its own because it brings the client SDK and gRPC
 * (half a processor-second to load): the fragment's text checks, which every preflight and the
 * lint run, load without it, and a run whose verdict is already kept never loads it.
 */
import { initializeTestEnvironment } from '@firebase/rules-unit-testing';
import { refusedByRules, wireClient, type PlainData, type WireCaller } from '@dayfocus/firestore-emulator/wire-client';
import { heldState, type Seed } from './probe-seeds.js';
import {
  ownerQueries,
  PROBE_EMAIL,
  PROBE_UID,
  probedCollections,
  shapesOf,
  type Shape,
  type Shapes,
} from './probe-documents.js';

/** True when the client's request went through, false when the rules refused it; anything else throws. */
async function allowed(request: Promise<unknown>): Promise<boolean> {
  try {
    await request;
    return true;
  } catch (error) {
    if (refusedByRules(error)) return false;
    throw error;
  }
}

/** What one caller tries: its name in a problem, its requests, whether it is signed in. */
interface Caller {
  who: string;
  client: WireCaller;
  signedIn: boolean;
}

/** The first shape with which `attempt` goes through after `prepare`; null when none does. */
async function firstThrough(
  tried: Shape[],
  prepare: (shape: Shape) => Promise<unknown>,
  attempt: (shape: Shape) => Promise<unknown>,
): Promise<Shape | null> {
  for (const shape of tried) {
    await prepare(shape);
    if (await allowed(attempt(shape))) return shape;
  }
  return null;
}

/**
 * Whether the caller lists the collection of `path`, holding a document naming it everywhere:
 * plainly (''), or (signed in) with `where(field == its uid or address)` (that query named); null: no.
 */
async function listedBy({ client, signedIn }: Caller, path: string, owned: Shape): Promise<string | null> {
  const parent = path.slice(0, path.lastIndexOf('/'));
  if (await allowed(client.list(parent))) return '';
  if (!signedIn) return null;
  for (const { field, op, value } of ownerQueries(owned.data)) {
    if (await allowed(client.list(parent, { field, op: op === '==' ? 'EQUAL' : 'ARRAY_CONTAINS', value })))
      return `where ${field} ${op} ${value === PROBE_EMAIL ? 'its address' : 'its uid'}`;
  }
  return null;
}

/**
 * Everything one caller tries on one document: read, list (unless `list` is false), create,
 * update and delete, in each of the shapes (`written` for create and update); each operation
 * that goes through is one line, naming the first shape that did.
 */
async function probeDocument(
  caller: Caller,
  seed: Seed,
  path: string,
  { shapes, written, list }: { shapes: Shapes; written: Shape[]; list: boolean },
): Promise<string[]> {
  const { client } = caller;
  const { plain, owned, own } = shapes;
  const seeded = [plain, owned, own];
  const lines: string[] = [];
  const report = (verb: string, detail: string | null | undefined) => {
    if (detail !== null && detail !== undefined)
      lines.push(`${caller.who} may ${verb} ${path}${detail ? ` (${detail})` : ''}`);
  };
  const read = await firstThrough(
    seeded,
    (shape) => seed(path, shape.data),
    () => client.get(path),
  );
  report('read', read?.named);
  if (list) {
    await seed(path, owned.data);
    report('list', await listedBy(caller, path, owned));
  }
  const created = await firstThrough(
    written,
    () => seed(path, null),
    (shape) => client.set(path, shape.data),
  );
  report('create', created?.named);
  const updated = await firstThrough(
    written,
    (shape) => seed(path, shape.data),
    // Unchanged first (for rules on the keys a write changes), then a field changed.
    async (shape) =>
      (await allowed(client.set(path, shape.data))) ? undefined : client.update(path, { planted: 'changed' }),
  );
  report('update', updated?.named);
  const deleted = await firstThrough(
    seeded,
    (shape) => seed(path, shape.data),
    () => client.delete(path),
  );
  report('delete', deleted?.named);
  return lines;
}

/**
 * The emulator that judges: where it listens, and (ours, in this process) its own write, through
 * which the probe seeds its documents without a request each: half the requests a judgment made.
 * The requests it judges always go over the wire.
 */
export interface JudgingEmulator {
  host: string;
  port: number;
  write?: (projectId: string, path: string, data: PlainData | null) => Promise<void>;
}

/**
 * Every way a client gets at one of our collections under `rules`, as a Firestore emulator at
 * `host:port` judges them (`[]`: none), one line per caller, operation and document:
 * `a signed-in client may create _mail/rules-check-user (a document with only to = its address)`.
 *
 * Two callers: anonymous, and signed in as PROBE_UID with a verified address. For each
 * collection of ours, at `{collection}/{uid}`, `{collection}/{address}` and a document below
 * (`{collection}/{uid}/below/{uid}`), the probe tries to
 * - read (get) and delete a document it seeded (with rules off) plainly, naming the caller in
 *   every owner field, and shaped as ours;
 * - list the collection, plainly and, signed in, with `where(field == its uid or address)` on
 *   each such field (ours judges no list rule that reads `resource`: Google's does);
 * - create a document, and update (overwrite unchanged, and change a field of) a seeded one,
 *   in each of those shapes and, signed in at `{collection}/{uid}`, with each owner field alone
 *   (for rules that allow only some keys).
 */
export async function clientAccessProblems(
  rules: string,
  emulator: JudgingEmulator,
  projectId = `demo-rules-${process.pid}-${Date.now().toString(36)}`,
): Promise<string[]> {
  // The rules go in as @firebase/rules-unit-testing loads them; the requests are single gRPC calls
  // (wire-client.ts), judged as the SDKs' own: the same methods' rules (get, list, create, update,
  // delete), the same tokens.
  const env = await initializeTestEnvironment({ projectId, firestore: { ...emulator, rules } });
  const client = wireClient(emulator, projectId);
  // Each of the probe's thousands of refusals comes back as an error whose stacks gRPC formats
  // (the caller's and its own, through source maps under tsx and vitest): a fifth of the probe's
  // processor time, for stacks nobody reads (a refusal is the answer the probe wants). None is
  // taken while it runs; a failure of the probe itself still says what failed in its message.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const admin = client.as('owner'); // the emulators' token for rules-off access
    const { write } = emulator;
    const { seed, tracked } = heldState(
      write
        ? (path, data) => write(projectId, path, data)
        : (path, data) => (data === null ? admin.delete(path) : admin.set(path, data)),
    );
    const callers: Caller[] = [
      { who: 'an anonymous client', client: tracked(client.as(null)), signedIn: false },
      {
        who: 'a signed-in client',
        client: tracked(client.as(unsignedIdToken(projectId, PROBE_UID, { email: PROBE_EMAIL, email_verified: true }))),
        signedIn: true,
      },
    ];
    const problems: string[] = [];
    for (const name of probedCollections()) {
      const shapes = shapesOf(name);
      const [own, byAddress, below] = [
        `${name}/${PROBE_UID}`,
        `${name}/${PROBE_EMAIL}`,
        `${name}/${PROBE_UID}/below/${PROBE_UID}`,
      ];
      for (const caller of callers) {
        const seeded = [shapes.plain, shapes.owned, shapes.own];
        // Each owner field alone, for the caller rules can name, at the document its uid names.
        const written = caller.signedIn ? [...seeded, ...shapes.singles] : seeded;
        problems.push(
          ...(await probeDocument(caller, seed, own, { shapes, written, list: true })),
          // The same collection as `own`'s: no list again.
          ...(await probeDocument(caller, seed, byAddress, { shapes, written: seeded, list: false })),
          ...(await probeDocument(caller, seed, below, { shapes, written: seeded, list: true })),
        );
      }
    }
    return problems;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
    client.close();
    await env.cleanup();
  }
}

/**
 * The ID token @firebase/rules-unit-testing's `authenticatedContext(uid, extra)` gives its client:
 * unsigned (`alg: none`), the claims of a custom sign-in issued at the epoch, `extra` (here the
 * verified address) over them. The emulators check no signature; the rules see the claims.
 */
function unsignedIdToken(projectId: string, uid: string, extra: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    iat: 0,
    exp: 3600,
    auth_time: 0,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'custom', identities: {} },
    ...extra,
  };
  return `${part({ alg: 'none', type: 'JWT' })}.${part(claims)}.`;
}
