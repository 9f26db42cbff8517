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

/**
 * The emulator's function workers running now, with what each serves and whether it has Skia. A
 * stack whose workers run every function (FUNCTIONS_EMULATOR_SHARED_WORKERS, the tests' default:
 * docs/local-stack.md) is refused: a worker's FUNCTION_TARGET names only the function that started
 * it, and a card drawn in any of them maps Skia there, where production's instances are one
 * function's each.
 */
export function functionWorkers(): FunctionWorker[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids.flatMap((pid) => {
    if (!read(`/proc/${pid}/cmdline`)?.includes('functionsEmulatorRuntime')) return [];
    const environ = read(`/proc/${pid}/environ`) ?? '';
    if (/(?:^|\0)FUNCTIONS_EMULATOR_SHARED_WORKERS=true(?:\0|$)/.test(environ))
      throw new Error(
        'The running stack shares its Functions workers between functions: run this bench on a stack ' +
          'with a worker per function (FUNCTIONS_EMULATOR_SHARED_WORKERS=false, as `npm run bench:card` starts it)',
      );
    const target = /(?:^|\0)FUNCTION_TARGET=([^\0]*)/.exec(environ)?.[1];
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
