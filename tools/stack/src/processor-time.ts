/** The machine's processor time, for the stage table (stage-runner.ts) and the machine-speed benchmark. */
import { readFileSync } from 'node:fs';

type ProcessorTime = { busy: number; all: number };

/** The machine's processor time so far (busy, all), from /proc/stat; undefined where there is none. */
export function processorTime(): ProcessorTime | undefined {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9);
    const ticks = fields.map(Number);
    const all = ticks.reduce((sum, tick) => sum + tick, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: all - idle, all };
  } catch {
    return undefined;
  }
}

/** How busy the machine was between two readings (0 to 1); undefined without both, or no time between. */
export function busyShareBetween(
  before: ProcessorTime | undefined,
  after: ProcessorTime | undefined,
): number | undefined {
  return before && after && after.all > before.all ? (after.busy - before.busy) / (after.all - before.all) : undefined;
}
