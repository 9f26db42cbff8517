/**
 * The local Firebase stack: Firestore (our Node emulator, in this process) plus the Auth,
 * Functions and Hosting emulators of firebase-tools (a child process group), on the host,
 * ports and project of firebase.json and .firebaserc. No network is needed.
 *
 * A stack that is already running is reused only when it is this project's: its Firestore
 * emulator answers `GET /emulator/v1/identity` with the marker this module starts it with
 * (the same project id and checkout). Anything else on the ports is an error.
 *
 * With `STACK_FIRESTORE=official`, Google's Firestore emulator (the Cloud SDK's, a child process
 * group) takes our emulator's place, judging clients by the same rules file; it answers no
 * marker, so such a stack is never reused.
 *
 * With `FIRESTORE_HOT_DOCUMENTS=production` (or `perSecond,burst,maxWaitMs`), our emulator models
 * production's per-document write limit (tools/firestore-emulator, "Hot documents"); `npm run dev`
 * and the tests started with it pass it on. A running stack is reused only in the same mode, as
 * its emulator says it is now (hot-documents-mode.ts: it may have been switched since its start).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFirestoreEmulator } from '@dayfocus/firestore-emulator';
import { officialEmulatorVersion, startOfficialFirestoreEmulator } from '@dayfocus/firestore-emulator/official';
import { emulatorJson, firebaseJson, LOCAL_RULES_FILE, repoRoot, stack, urls } from './config.js';
import { prepareSlotConfigDir } from './function-params.js';
import { askedHotDocuments, askedHotDocumentsDescribed, hotDocumentsMismatch } from './hot-documents-mode.js';
import { withLocalEmailIssuer } from './local-email-issuer.js';
import { PRELOADS, startEmulators, type EmulatorOutput } from './firebase-emulators.js';
import type { ManagedProcess } from './processes.js';
import { httpAnswers, portInUse, waitFor } from './readiness.js';

export { repoRoot };

/**
 * The rules (this repository's own, config.ts: firebase.json deploys none) and the indexes
 * `firebase.json` deploys, for the local Firestore to enforce.
 */
function firestoreFiles(): { rules: string; indexes: string } {
  const config = (firebaseJson as { firestore?: { indexes?: string } }).firestore;
  if (!config?.indexes) throw new Error('firebase.json: firestore needs "indexes"');
  return { rules: join(repoRoot, LOCAL_RULES_FILE), indexes: join(repoRoot, config.indexes) };
}

/** The stack's Firestore emulator, started on its port: ours, or Google's (`STACK_FIRESTORE`). */
async function startFirestore(identity: StackIdentity, options: StackOptions): Promise<{ stop(): Promise<void> }> {
  const files = firestoreFiles();
  const hot = askedHotDocuments();
  if (stack.firestore === 'official' && hot) {
    throw new Error(
      "FIRESTORE_HOT_DOCUMENTS needs our Firestore emulator: Google's (STACK_FIRESTORE=official) has no such model.",
    );
  }
  // Where Firestore triggers' events go: firebase-tools registers them with this emulator
  // (FIRESTORE_EMULATOR_HOST, patches/firebase-tools@15.34.2.patch), and it sends them there.
  const functionsEmulator = `${stack.host}:${stack.ports.functions}`;
  if (stack.firestore === 'official') {
    // Google's judges clients by the same rules; it has no notion of missing composite indexes.
    return startOfficialFirestoreEmulator({
      host: stack.host,
      port: stack.ports.firestore,
      rulesFile: files.rules,
      output: options.output,
      readyTimeoutMs: options.readyTimeoutMs,
      functionsEmulator,
    });
  }
  return startFirestoreEmulator({
    host: stack.host,
    port: stack.ports.firestore,
    identity: { ...identity },
    functionsEmulator,
    hotDocuments: hot,
    // What a deploy sends: clients are judged by the rules, queries need their indexes.
    rules: readFileSync(files.rules, 'utf8'),
    indexes: JSON.parse(readFileSync(files.indexes, 'utf8')) as unknown,
  });
}

/** Which Firestore emulator the stack runs, in a few words for its first lines. */
export function firestoreDescription(): string {
  return stack.firestore === 'official'
    ? `Google's emulator (${officialEmulatorVersion()}), STACK_FIRESTORE=official`
    : `our emulator (tools/firestore-emulator${askedHotDocuments() ? `; ${askedHotDocumentsDescribed()}` : ''})`;
}

/** The marker a stack started here serves, and what a reuse must find. */
export interface StackIdentity {
  stack: 'dayfocus-companion';
  projectId: string;
  /** The checkout whose functions and web build the stack serves. */
  root: string;
  pid: number;
  startedAt: string;
  /** Whether its Firestore models hot documents (`describeHotDocuments`); absent: off. */
  hotDocuments?: string;
}

export function ownIdentity(): Omit<StackIdentity, 'pid' | 'startedAt'> {
  return { stack: 'dayfocus-companion', projectId: stack.projectId, root: repoRoot };
}

/** The identity the running stack's Firestore emulator answers, or null when it answers none. */
export async function runningStackIdentity(): Promise<Partial<StackIdentity> | null> {
  const body = await emulatorJson(`${urls.firestore}/emulator/v1/identity`);
  return body && typeof body === 'object' ? (body as Partial<StackIdentity>) : null;
}

/** Why the running stack may not be reused, or null when it is this project's. */
export function reuseProblem(found: Partial<StackIdentity> | null): string | null {
  const own = ownIdentity();
  if (!found || found.stack !== own.stack) return "it is not a stack started by this project's tools (no marker)";
  if (found.projectId !== own.projectId) return `it serves project ${String(found.projectId)}, not ${own.projectId}`;
  if (found.root !== own.root) return `it serves the checkout ${String(found.root)}, not ${own.root}`;
  return null;
}

export interface RunningStack {
  /** True when an already running stack was found and is left running on stop(). */
  reused: boolean;
  /**
   * Settles with the exit code of firebase-tools' emulators if they stop on their own before
   * stop() (a crash); never settles for a reused stack or once stop() was called.
   */
  crashed: Promise<number | null>;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** The emulators' output is appended to `logFile`; `onLine`, if given, sees each line of firebase-tools' as well. */
  output: EmulatorOutput;
  readyTimeoutMs?: number;
  log?: (line: string) => void;
  /**
   * Aborted while the stack starts (`npm run dev`'s Ctrl-C): the start stops what it began at once,
   * rather than wait for firebase-tools, which finishes loading the functions before it acts on a
   * first Ctrl-C, and fails with "Stopped while starting".
   */
  signal?: AbortSignal;
}

const servicePorts = Object.entries({
  Firestore: stack.ports.firestore,
  Auth: stack.ports.auth,
  Functions: stack.ports.functions,
  Hosting: stack.ports.hosting,
});

async function stackIsRunning(): Promise<'all' | 'none' | string[]> {
  const inUse = await Promise.all(
    servicePorts.map(async ([name, port]) => ((await portInUse(stack.host, port)) ? name : null)),
  );
  const busy = inUse.filter((name): name is string => name !== null);
  if (busy.length === servicePorts.length) return 'all';
  return busy.length === 0 ? 'none' : busy;
}

/**
 * A running stack to reuse, or null when the ports are free; an error when something else holds
 * them (a foreign server, another project's or checkout's stack, part of a stack, or any stack
 * while Google's emulator is asked for: it answers no marker).
 */
async function reuseRunningStack(log: (line: string) => void): Promise<RunningStack | null> {
  const running = await stackIsRunning();
  if (running === 'all' && stack.firestore === 'official') {
    throw new Error(
      `Something already listens on the stack's ports (${servicePorts.map(([, port]) => port).join(', ')}). ` +
        "A stack with Google's Firestore emulator is never reused (that emulator answers no marker): stop it first.",
    );
  }
  if (running === 'all') {
    const found = await runningStackIdentity();
    const problem = reuseProblem(found);
    if (problem) {
      throw new Error(
        `Something already listens on the stack's ports (${servicePorts.map(([, port]) => port).join(', ')}) and ${problem}. ` +
          'Stop it first, or change the ports in firebase.json.',
      );
    }
    const mismatch = await hotDocumentsMismatch(found?.hotDocuments);
    if (mismatch) throw new Error(mismatch);
    log(
      `Reusing the local stack already running on ${stack.host} (started ${found?.startedAt ?? '?'} by process ${found?.pid ?? '?'}).`,
    );
    return { reused: true, crashed: new Promise(() => {}), stop: async () => {} };
  }
  if (running !== 'none') {
    const ports = running.map((name) => `${name} (${servicePorts.find(([n]) => n === name)?.[1]})`).join(', ');
    throw new Error(
      `Port(s) in use by something else: ${ports}. Stop it first (a previous stack? \`pkill -f emulators:start\`).`,
    );
  }
  return null;
}

/** Why a start stopped by its `signal` (StackOptions) fails. */
const STOPPED_WHILE_STARTING = 'Stopped while starting';

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const reused = await reuseRunningStack(options.log ?? ((line: string) => console.log(line)));
  if (reused) return reused;
  // This process runs our Firestore emulator: the same heap growth and kept-alive connections as
  // firebase-tools'.
  for (const preload of PRELOADS) await import(preload.href);
  prepareSlotConfigDir();

  const identity: StackIdentity = {
    ...ownIdentity(),
    hotDocuments: askedHotDocumentsDescribed(),
    pid: process.pid,
    startedAt: new Date().toISOString(),
  };
  const firestore = await withLocalEmailIssuer(startFirestore(identity, options));
  let emulators: ManagedProcess | undefined;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    await emulators?.stop();
    await firestore.stop();
  };
  try {
    if (options.signal?.aborted) throw new Error(STOPPED_WHILE_STARTING);
    let ready = false;
    emulators = startEmulators(options.output, () => {
      ready = true;
    });
    let exitCode: number | null | undefined;
    void emulators.exited.then((code) => {
      exitCode = code;
    });
    const aborted = () => {
      if (options.signal?.aborted) return STOPPED_WHILE_STARTING;
      return exitCode !== undefined
        ? `firebase emulators:start exited with code ${exitCode} (see ${options.output.logFile})`
        : null;
    };
    const timeout = options.readyTimeoutMs ?? 120_000;
    const until = { isAborted: aborted, stop: options.signal };
    await waitFor('The Firebase emulators', async () => ready, timeout, until);
    await waitFor('The Auth emulator', (signal) => httpAnswers(`${urls.auth}/`, signal), timeout, until);
    await waitFor('The Hosting emulator', (signal) => httpAnswers(`${urls.hosting}/`, signal), timeout, until);
    await waitFor('The Firestore emulator', (signal) => httpAnswers(`${urls.firestore}/`, signal), timeout, until);
    const exited = emulators.exited;
    const crashed = new Promise<number | null>((resolve) => {
      void exited.then((code) => {
        if (!stopping) resolve(code);
      });
    });
    return { reused: false, crashed, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
