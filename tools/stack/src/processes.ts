/** Child processes of the stack: started in their own process group, stopped as a group. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';

export interface ManagedProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(timeoutMs?: number): Promise<void>;
}

export function startProcess(
  command: string,
  args: string[],
  options: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    /** The file its output (stdout and stderr) is appended to. */
    logFile: string;
    /** Called with each whole line of its output, stdout and stderr alike. */
    onLine?: (line: string) => void;
  },
): ManagedProcess {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    stream.on('data', (chunk: Buffer) => log.write(chunk));
    // Whole lines, however the output is cut into chunks.
    if (options.onLine) createInterface({ input: stream, crlfDelay: Infinity }).on('line', options.onLine);
  }
  // The log is closed once its pipes are (output may still arrive after the exit).
  child.on('close', () => log.end());
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group is already gone
    }
  };

  return {
    child,
    exited,
    async stop(timeoutMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) {
        signalGroup('SIGKILL'); // leftovers of the group, if any
        return;
      }
      signalGroup('SIGINT');
      const timer = setTimeout(() => signalGroup('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
      // firebase-tools' function workers live in the same group; make sure none outlives it.
      signalGroup('SIGKILL');
    },
  };
}

/**
 * Runs a command in the foreground to its end and says how it ended: its exit code, or 1 when a
 * signal ended it. With `forwardSignals`, Ctrl-C and SIGTERM given to this process reach it too
 * (a wrapper that stops the stack after it must outlive it, not die first).
 */
export function runToExit(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; stdio?: 'inherit' | 'pipe'; forwardSignals?: boolean } = {},
): { child: ChildProcess; exitCode: Promise<number> } {
  const { stdio = 'inherit', forwardSignals = false, ...rest } = options;
  const child = spawn(command, args, { ...rest, stdio: stdio === 'pipe' ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (forwardSignals) {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  }
  const exitCode = new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
  return { child, exitCode };
}
