/**
 * Google's own Firestore emulator (the Cloud SDK's `gcloud emulators firestore start`), started
 * as a child process group and stopped as a whole: the second judge of our emulator and of the
 * stack suite (README, "Google's emulator as a second judge"). Nothing here downloads anything:
 * it runs only where the Cloud SDK, its Firestore emulator component and Java are installed, and
 * `officialEmulatorProblem()` says in one line what is missing elsewhere.
 */
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

export interface OfficialEmulatorOptions {
  /** Interface to listen on; defaults to 127.0.0.1. */
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /** A rules file (a path): clients are judged by it, the Admin SDK is not. Without it all is allowed. */
  rulesFile?: string;
  /**
   * Where its output goes: streamed ('inherit') or appended to a file; by default only its last
   * lines are kept, for the error when it does not start.
   */
  output?: 'inherit' | { logFile: string };
  /** Default 120 s: a cold JVM on a loaded 2-core machine. */
  readyTimeoutMs?: number;
  /**
   * The Functions emulator's `host:port`, where Firestore trigger events go. gcloud does not pass
   * this flag on, so with it the SDK's own start script is run directly (gcloud runs the same).
   */
  functionsEmulator?: string;
}

export interface OfficialEmulator {
  host: string;
  port: number;
  /** Stops gcloud and the Java process it started. */
  stop(): Promise<void>;
}

/** The install that runs the official emulator: the SDK package that carries it, for messages. */
export const OFFICIAL_EMULATOR_PACKAGE = 'google-cloud-cli-firestore-emulator';

function onPath(command: string, path: string): string | null {
  for (const dir of path.split(delimiter)) {
    const candidate = join(dir, command);
    if (dir !== '' && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The Cloud SDK's root: gcloud is `{sdk}/bin/gcloud`, often behind a symlink such as /usr/bin/gcloud. */
function sdkRoot(env: NodeJS.ProcessEnv = process.env): string | null {
  const gcloud = onPath('gcloud', env.PATH ?? '');
  return gcloud === null ? null : dirname(dirname(realpathSync(gcloud)));
}

/**
 * Why the official emulator cannot run on this machine, or null when it can: gcloud on the PATH,
 * the SDK's Firestore emulator component beside it, and a Java runtime (`JAVA`, else `java`, as
 * the SDK's own start script takes it).
 */
export function officialEmulatorProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  const root = sdkRoot(env);
  if (root === null) return 'gcloud (the Google Cloud SDK) is not on the PATH';
  const jar = join(root, 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar');
  if (!existsSync(jar))
    return `the Cloud SDK's Firestore emulator is not installed (${OFFICIAL_EMULATOR_PACKAGE}; no ${jar})`;
  const java = spawnSync(env.JAVA ?? 'java', ['-version'], { encoding: 'utf8', env });
  if (java.error !== undefined || java.status !== 0) return 'no Java runtime (`java -version` fails)';
  return null;
}

/** "Cloud SDK 528.0.0, cloud-firestore-emulator 1.19.9", as far as the install says. */
export function officialEmulatorVersion(): string {
  const root = sdkRoot();
  if (root === null) return 'unknown';
  const read = (file: string): string | undefined => {
    try {
      return readFileSync(join(root, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  const sdk = read('VERSION')?.trim() ?? '?';
  const snapshot = read('.install/cloud-firestore-emulator.snapshot.json');
  let component = '?';
  if (snapshot !== undefined) {
    const parsed = JSON.parse(snapshot) as { components?: { id: string; version?: { version_string?: string } }[] };
    component = parsed.components?.find((c) => c.id === 'cloud-firestore-emulator')?.version?.version_string ?? '?';
  }
  return `Cloud SDK ${sdk}, cloud-firestore-emulator ${component}`;
}

async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** The emulator's start command: gcloud's, or the SDK's start script where gcloud lacks a flag. */
function startCommand(host: string, port: number, options: OfficialEmulatorOptions): [string, string[]] {
  const rules = options.rulesFile === undefined ? [] : [`--rules=${options.rulesFile}`];
  if (options.functionsEmulator === undefined) {
    return ['gcloud', ['emulators', 'firestore', 'start', `--host-port=${host}:${port}`, ...rules]];
  }
  const script = join(sdkRoot() ?? '', 'platform/cloud-firestore-emulator/cloud_firestore_emulator');
  const flags = [`--host=${host}`, `--port=${port}`, ...rules, `--functions_emulator=${options.functionsEmulator}`];
  return [script, ['start', ...flags]];
}

/** The emulator, in a process group of its own, kept off the network. */
function spawnEmulator([command, args]: [string, string[]]): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(command, args, {
    // Its own group: gcloud starts a shell script that starts Java, and all three stop together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // No prompts, no update checks, no usage reports: nothing that would reach the network.
    env: {
      ...process.env,
      CLOUDSDK_CORE_DISABLE_PROMPTS: '1',
      CLOUDSDK_COMPONENT_MANAGER_DISABLE_UPDATE_CHECK: '1',
      CLOUDSDK_CORE_DISABLE_USAGE_REPORTING: '1',
    },
  });
}

type Log = { write(chunk: Buffer): unknown; end(): unknown };

/** Where its output goes besides this process: this process's stdout, a log file, or nowhere. */
function openLog(output: OfficialEmulatorOptions['output']): Log | undefined {
  if (output === 'inherit') return { write: (chunk) => process.stdout.write(chunk), end: () => undefined };
  if (output === undefined) return undefined;
  mkdirSync(dirname(output.logFile), { recursive: true });
  return createWriteStream(output.logFile, { flags: 'a' });
}

/** Reads its output: into the log, its last 20 lines kept, and whether it said it serves. */
function watchOutput(
  child: ChildProcessByStdio<null, Readable, Readable>,
  log: Log | undefined,
): { serving(): boolean; lastLines: string[] } {
  const lastLines: string[] = [];
  // Its own word that it serves, not only an answer on the port: that could be someone else's.
  let serving = false;
  let partial = '';
  const keep = (chunk: Buffer): void => {
    log?.write(chunk);
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    if (lines.some((line) => line.includes('Dev App Server is now running'))) serving = true;
    lastLines.push(...lines);
    lastLines.splice(0, Math.max(0, lastLines.length - 20));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { serving: () => serving, lastLines };
}

/**
 * Starts it. Its output comes through a pipe this process reads: while it runs, keep this process's event
 * loop free (no spawnSync of a long command). Java blocks on a full pipe, and the emulator then
 * answers nothing.
 */
export async function startOfficialFirestoreEmulator(options: OfficialEmulatorOptions): Promise<OfficialEmulator> {
  const problem = officialEmulatorProblem();
  if (problem !== null) throw new Error(`Google's Firestore emulator cannot start: ${problem}`);
  const host = options.host ?? '127.0.0.1';
  const port = options.port === 0 ? await freePort(host) : options.port;
  const child = spawnEmulator(startCommand(host, port, options));
  const log = openLog(options.output);
  const output = watchOutput(child, log);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      log?.end();
      resolve();
    }),
  );
  const signalGroup = (signal: NodeJS.Signals): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // the group is already gone
    }
  };
  const stop = async (): Promise<void> => {
    if (exitCode === undefined) {
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    signalGroup('SIGKILL'); // Java outlives gcloud when gcloud alone was stopped
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (!(output.serving() && (await answers(`http://${host}:${port}/`)))) {
    const lastOutput = () =>
      output.lastLines.length > 0 ? `; its last output:\n  ${output.lastLines.join('\n  ')}` : '';
    if (exitCode !== undefined) {
      await stop();
      throw new Error(`Google's Firestore emulator exited with code ${exitCode} before it answered${lastOutput()}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Google's Firestore emulator did not answer on ${host}:${port} in time${lastOutput()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { host, port, stop };
}
