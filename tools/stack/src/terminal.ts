/**
 * What `npm run dev` shows of the emulators' output. Everything goes to its log file; the
 * terminal gets only what a person acts on: the warnings and errors our functions log, any
 * other output of theirs (an uncaught error's stack), and the emulators' own warnings and
 * errors, but not the few that are explained once in docs/local-stack.md. Requests, function
 * starts and ends, the parameter prompt and the notes of a first start stay in the log.
 */
import { stripVTControlCharacters } from 'node:util';

/** The severities of Cloud Logging that are a warning or worse (firebase-functions' logger writes them). */
const WARNING_OR_WORSE = new Set(['WARNING', 'ERROR', 'CRITICAL', 'ALERT', 'EMERGENCY']);

/**
 * The emulators' warnings that say nothing about our code or the stack's state: each is
 * explained in docs/local-stack.md ("What `npm run dev` prints").
 */
const EXPLAINED_WARNINGS = [
  'The Emulator UI is not starting', // the stack runs no emulator that has a UI
  'canHandleCodeInApp is unsupported in Auth Emulator', // each verification e-mail the web app asks for
];

/**
 * The emulators' errors that firebase-tools prints with its "i" bullet, not a warning sign: a
 * function that timed out or whose request failed (its functionsRuntimeWorker).
 */
const ERRORS_WITHOUT_SIGN = [/^i\s+Your function timed out/, /^i\s+Request to function failed/];

/** The keys of a structured log entry that are not its fields. */
const ENTRY_KEYS = new Set(['severity', 'message']);

/** A function's structured log entry, or null when the line is not one. */
function logEntry(text: string): ({ severity: string; message?: unknown } & Record<string, unknown>) | null {
  try {
    const entry = JSON.parse(text) as unknown;
    if (entry && typeof entry === 'object' && typeof (entry as { severity?: unknown }).severity === 'string')
      return entry as { severity: string } & Record<string, unknown>;
  } catch {
    // not JSON: the function's own output
  }
  return null;
}

/** What to show of one line of a function's output (`>  …`): its warnings and errors, in readable lines. */
function functionLine(text: string): string | null {
  const entry = logEntry(text);
  if (!entry) return `  functions: ${text}`; // not the logger's: an uncaught error's stack, say
  if (!WARNING_OR_WORSE.has(entry.severity)) return null;
  const fields = Object.fromEntries(
    Object.entries(entry).filter(([key]) => !ENTRY_KEYS.has(key) && !key.startsWith('logging.googleapis.com/')),
  );
  const details = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
  return `  functions ${entry.severity}: ${String(entry.message ?? '')}${details}`.replaceAll('\n', '\n    ');
}

/** Whether an emulator's line (ANSI codes removed) is a warning or an error to show. */
function isEmulatorProblem(line: string): boolean {
  if (/^(⚠|✖|!!)/.test(line)) return !EXPLAINED_WARNINGS.some((text) => line.includes(text));
  return ERRORS_WITHOUT_SIGN.some((pattern) => pattern.test(line));
}

/**
 * A filter for the emulators' output, line by line: answers the text to print for a line, or
 * null to leave it to the log. A line that continues a shown one (indented, as a warning's
 * details are) is shown with it.
 */
export function terminalFilter(): (line: string) => string | null {
  let showing = false;
  return (raw) => {
    const line = stripVTControlCharacters(raw).trimEnd();
    if (showing && /^\s+\S/.test(line)) return `  ${line}`;
    showing = false;
    let shown: string | null = null;
    if (line.startsWith('> ')) shown = functionLine(line.slice(2).trimStart());
    else if (isEmulatorProblem(line)) shown = `  ${line}`;
    showing = shown !== null;
    return shown;
  };
}
