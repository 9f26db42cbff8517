/** The machine's processes as /proc shows them (Linux), for processor-map.ts. */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** One process as last seen: its processor time in clock ticks, its parent, its command line. */
export interface ProcessSighting {
  pid: number;
  ppid: number;
  /** When it started, in clock ticks after boot: with the pid, it names the process across reuse of pids. */
  start: number;
  /** User and system time so far, in clock ticks. */
  ticks: number;
  /** Its minor page faults so far: on a slow day each cost about 14 µs (docs/testing.md, "What a slow day is"). */
  faults: number;
  /** Its command line, words joined by spaces; empty for kernel threads and processes that have ended. */
  command: string;
}

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process ended between the listing and the read
  }
};

/** One process's sighting, or undefined once it is gone. */
function sight(pid: number): ProcessSighting | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // `pid (name) state ppid …`: the name may hold spaces and parentheses, so fields count from its last `)`.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const number = (at: number) => Number(fields[at] ?? 0);
  const command = (read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' ').trim();
  return { pid, ppid: number(1), start: number(19), ticks: number(11) + number(12), faults: number(7), command };
}

/** Every process running now. */
export function processesNow(): ProcessSighting[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => sight(Number(name)) ?? []);
}

/** A process's working folder, or undefined when it is gone or not ours to read. */
export function workingFolder(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}
