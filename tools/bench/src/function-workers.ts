/**
 * The Functions emulator's workers (one Node process per instance of a function) and whether each
 * has Skia loaded, read from /proc: which function a worker serves is in its environment
 * (`FUNCTION_TARGET`), what it has loaded in its memory maps (`skia.<platform>.node`, the binary of
 * `@napi-rs/canvas`). Linux only; elsewhere, no workers are found.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface FunctionWorker {
  pid: number;
  /** The function the worker serves. */
  target: string;
  /** Whether Skia's binary is mapped into it. */
  skia: boolean;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // gone since it was listed, or not ours to read
  }
}

/** The emulator's function workers running now, with what each serves and whether it has Skia. */
export function functionWorkers(): FunctionWorker[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids.flatMap((pid) => {
    if (!read(`/proc/${pid}/cmdline`)?.includes('functionsEmulatorRuntime')) return [];
    const target = /(?:^|\0)FUNCTION_TARGET=([^\0]*)/.exec(read(`/proc/${pid}/environ`) ?? '')?.[1];
    const maps = read(`/proc/${pid}/maps`);
    if (!target || maps === null) return [];
    return [{ pid: Number(pid), target, skia: maps.includes('skia.') }];
  });
}

/** "inviteCard: 1 worker, 1 with Skia; the others: 5, none with Skia", for the report. */
export function describeWorkers(workers: FunctionWorker[], target: string): string {
  const [own, others] = [workers.filter((w) => w.target === target), workers.filter((w) => w.target !== target)];
  const withSkia = (list: FunctionWorker[]) => list.filter((w) => w.skia).length;
  return `${target}: ${own.length} worker(s), ${withSkia(own)} with Skia; the other functions: ${others.length}, ${withSkia(others)} with Skia`;
}
