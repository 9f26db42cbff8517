/**
 * What a stack's log says went wrong, for a run that failed: a failed test names its symptom (an
 * `internal` answer, a trigger's 500), and the cause stays in the log (the function's own error, a
 * worker that died or timed out), which CI does not keep. with-stack.ts prints these lines after a
 * failed command, so that the run's output carries them.
 */

/** The emulators' and the runtime's own words for a request or a worker that failed. */
const EMULATOR_TROUBLE =
  /Request to function failed|timed out after|Failed to handle request|Failed to start functions|FATAL|Unhandled|uncaught|exited with code|answered 5\d\d|heap out of memory/i;

const MAX_LINES = 30;
const MAX_CHARS = 300;

/** The first line of a logged text (a stack's first line names the error). */
const firstLine = (text: string) => text.split('\n')[0] ?? '';

/**
 * A function's structured log entry at severity ERROR, as its message and error (first lines), or
 * undefined for any other line.
 */
function functionError(line: string): string | undefined {
  const start = line.indexOf('{"');
  if (start < 0 || !line.includes('"severity":"ERROR"')) return undefined;
  try {
    const entry = JSON.parse(line.slice(start)) as { message?: unknown; error?: unknown };
    const parts = [entry.message, entry.error].filter((part): part is string => typeof part === 'string');
    return parts.length > 0 ? parts.map(firstLine).join(' | ') : undefined;
  } catch {
    return firstLine(line.slice(start));
  }
}

/**
 * The log's error lines, each once with how often it came (ids and numbers left as they were: two
 * lines differ when their subjects do), in the order they first came, at most thirty.
 */
export function logErrors(log: string): string[] {
  const seen = new Map<string, number>();
  for (const line of log.split('\n')) {
    const error = functionError(line) ?? (EMULATOR_TROUBLE.test(line) ? line.trim() : undefined);
    if (error === undefined) continue;
    const key = error.length > MAX_CHARS ? `${error.slice(0, MAX_CHARS)}…` : error;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const lines = [...seen].map(([line, count]) => (count > 1 ? `${line} (×${count})` : line));
  return lines.length > MAX_LINES
    ? [...lines.slice(0, MAX_LINES), `… and ${lines.length - MAX_LINES} more (the log has them all)`]
    : lines;
}
