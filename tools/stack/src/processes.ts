/** Child processes of the stack: started in their own process group, stopped as a group. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';

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
    output: 'inherit' | { logFile: string };
    onLine?: (line: string) => void;
  },
): ManagedProcess {
  let log: WriteStream | undefined;
  if (options.output !== 'inherit') {
    mkdirSync(dirname(options.output.logFile), { recursive: true });
    log = createWriteStream(options.output.logFile, { flags: 'a' });
  }
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (chunk: Buffer, target: NodeJS.WriteStream) => {
    if (log) log.write(chunk);
    else target.write(chunk);
    if (options.onLine) for (const line of chunk.toString('utf8').split('\n')) options.onLine(line);
  };
  child.stdout?.on('data', (chunk: Buffer) => forward(chunk, process.stdout));
  child.stderr?.on('data', (chunk: Buffer) => forward(chunk, process.stderr));
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      log?.end();
      resolve(code);
    });
  });

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
