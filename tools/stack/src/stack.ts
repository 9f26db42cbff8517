/**
 * The local Firebase stack: Firestore (our Node emulator, in this process) plus the Auth,
 * Functions and Hosting emulators of firebase-tools (a child process group), all on
 * 127.0.0.1 for project demo-dayfocus. No network is needed.
 */
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFirestoreEmulator } from '@dayfocus/firestore-emulator';
import { emulatorEnv, stack, urls } from './config.js';
import { startProcess, type ManagedProcess } from './processes.js';
import { httpAnswers, portInUse, waitFor } from './readiness.js';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export interface RunningStack {
  /** True when an already running stack was found and is left running on stop(). */
  reused: boolean;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** 'inherit' streams the emulators' output; otherwise it goes to this file. */
  output: 'inherit' | { logFile: string };
  readyTimeoutMs?: number;
  log?: (line: string) => void;
}

const servicePorts = Object.entries({
  Firestore: stack.ports.firestore,
  Auth: stack.ports.auth,
  Functions: stack.ports.functions,
  Hosting: stack.ports.hosting,
});

async function stackIsRunning(): Promise<'all' | 'none' | string[]> {
  const inUse = await Promise.all(servicePorts.map(async ([name, port]) => ((await portInUse(stack.host, port)) ? name : null)));
  const busy = inUse.filter((name): name is string => name !== null);
  if (busy.length === servicePorts.length) return 'all';
  return busy.length === 0 ? 'none' : busy;
}

function firebaseCli(): string {
  const require = createRequire(join(repoRoot, 'tools/stack/package.json'));
  return require.resolve('firebase-tools/lib/bin/firebase.js');
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const running = await stackIsRunning();
  if (running === 'all') {
    log(`Reusing the local stack already running on ${stack.host}.`);
    return { reused: true, stop: async () => {} };
  }
  if (running !== 'none') {
    const ports = running.map((name) => `${name} (${servicePorts.find(([n]) => n === name)?.[1]})`).join(', ');
    throw new Error(`Port(s) in use by something else: ${ports}. Stop it first (a previous stack? \`pkill -f emulators:start\`).`);
  }

  const firestore = await startFirestoreEmulator({ host: stack.host, port: stack.ports.firestore });
  let emulators: ManagedProcess | undefined;
  const stop = async () => {
    await emulators?.stop();
    await firestore.stop();
  };
  try {
    let ready = false;
    emulators = startProcess(
      process.execPath,
      [firebaseCli(), 'emulators:start', '--only', 'auth,functions,hosting', '--project', stack.projectId],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          FIRESTORE_EMULATOR_HOST: emulatorEnv.FIRESTORE_EMULATOR_HOST,
          METADATA_SERVER_DETECTION: emulatorEnv.METADATA_SERVER_DETECTION,
          // No network here: skip update checks and telemetry prompts.
          NO_UPDATE_NOTIFIER: '1',
          FIREBASE_CLI_DISABLE_TELEMETRY: '1',
          CI: process.env.CI ?? 'true',
          FUNCTIONS_EMULATOR_MAX_WORKERS: String(stack.functionsMaxWorkers),
        },
        output: options.output,
        onLine: (line) => {
          if (line.includes('All emulators ready')) ready = true;
        },
      },
    );
    let exitCode: number | null | undefined;
    void emulators.exited.then((code) => {
      exitCode = code;
    });
    const aborted = () =>
      exitCode !== undefined
        ? `firebase emulators:start exited with code ${exitCode}${options.output === 'inherit' ? '' : ` (see ${options.output.logFile})`}`
        : null;
    const timeout = options.readyTimeoutMs ?? 120_000;
    await waitFor('The Firebase emulators', async () => ready, timeout, aborted);
    await waitFor('The Auth emulator', () => httpAnswers(`${urls.auth}/`), timeout, aborted);
    await waitFor('The Hosting emulator', () => httpAnswers(`${urls.hosting}/`), timeout, aborted);
    await waitFor('The Firestore emulator', () => httpAnswers(`${urls.firestore}/`), timeout, aborted);
    return { reused: false, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
