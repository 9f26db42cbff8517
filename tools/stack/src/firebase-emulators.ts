/**
 * firebase-tools' emulators as the stack runs them (stack.ts starts them after its Firestore).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorEnv, firebaseJson, repoRoot, stack } from './config.js';
import { writeLocalFunctionParams, writeLocalFunctionSecrets } from './function-params.js';
import { writeLocalFirebaseJson } from './local-config.js';
import { emailProofEnv } from './local-email-issuer.js';
import { startProcess, type ManagedProcess } from './processes.js';

/** Where firebase-tools' output goes: appended to `logFile`; `onLine` sees each line as well. */
export interface EmulatorOutput {
  logFile: string;
  onLine?: (line: string) => void;
}

function firebaseCli(): string {
  const require = createRequire(join(repoRoot, 'tools/stack/package.json'));
  return require.resolve('firebase-tools/lib/bin/firebase.js');
}

/** Preloaded into firebase-tools and its workers: the heap growth and the kept-alive connections. */
export const PRELOADS = [new URL('./heap-growth.mjs', import.meta.url), new URL('./keep-alive.mjs', import.meta.url)];
const withPreloads = (nodeOptions: string | undefined) =>
  [nodeOptions, ...PRELOADS.map((preload) => `--import "${fileURLToPath(preload)}"`)].filter(Boolean).join(' ');

/**
 * firebase-tools' Auth, Functions and Hosting emulators, in a process group; `onReady` when they
 * say so. The functions' local params and secrets go to their files first (function-params.ts).
 */
export function startEmulators(output: EmulatorOutput, onReady: () => void): ManagedProcess {
  writeLocalFunctionParams();
  writeLocalFunctionSecrets();
  return startProcess(
    process.execPath,
    [
      firebaseCli(),
      'emulators:start',
      '--only',
      'auth,functions,hosting',
      '--project',
      stack.projectId,
      '--config',
      writeLocalFirebaseJson(firebaseJson),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_OPTIONS: withPreloads(process.env.NODE_OPTIONS),
        FIRESTORE_EMULATOR_HOST: emulatorEnv.FIRESTORE_EMULATOR_HOST,
        METADATA_SERVER_DETECTION: emulatorEnv.METADATA_SERVER_DETECTION,
        // No network here: skip update checks and telemetry prompts.
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_TELEMETRY: '1',
        ...emailProofEnv,
        CI: process.env.CI ?? 'true',
        FUNCTIONS_EMULATOR_MAX_WORKERS: String(stack.functionsMaxWorkers),
        FUNCTIONS_EMULATOR_WORKER_CONCURRENCY: String(stack.functionsWorkerConcurrency),
        FUNCTIONS_EMULATOR_SHARED_WORKERS: String(stack.functionsSharedWorkers),
        // How long a new function worker may take to start (firebase-tools' default is 30 s). On a
        // loaded 2-core machine a start took longer, and the emulator then leaves its request
        // unanswered for ever (seen as 3 of 200 concurrent activations timing out).
        FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
      },
      logFile: output.logFile,
      onLine: (line) => {
        if (line.includes('All emulators ready')) onReady();
        output.onLine?.(line);
      },
    },
  );
}
