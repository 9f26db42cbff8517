/**
 * Runs a command with the local stack up: reuses a running stack, or starts one (output to
 * .artifacts/stack.log) and stops it afterwards. Exits with the command's exit code.
 *   tsx tools/stack/with-stack.ts [--hot-documents=production] <command> [args...]
 * `--hot-documents=…` sets FIRESTORE_HOT_DOCUMENTS for the stack and the command (a script's
 * way to set it on any shell): our emulator's model of production's per-document write limit.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { firestoreDescription, repoRoot, stack, startStack } from './src/index.js';
import { logErrors } from './src/log-errors.js';
import { runToExit } from './src/processes.js';

const HOT_FLAG = '--hot-documents=';
const argv = process.argv.slice(2);
if (argv[0]?.startsWith(HOT_FLAG)) process.env.FIRESTORE_HOT_DOCUMENTS = argv.shift()?.slice(HOT_FLAG.length);
const [command, ...args] = argv;
if (!command) {
  console.error('usage: tsx tools/stack/with-stack.ts [--hot-documents=production] <command> [args...]');
  process.exit(2);
}
// Each stack's own log: npm test runs two at once (DAYFOCUS_STACK_SLOT, config.ts).
const logFile = join(repoRoot, '.artifacts', `${stack.slotName('stack')}.log`);
const which =
  stack.slot === 0 ? 'the local stack' : `the local stack of slot ${stack.slot} (ports ${stack.ports.hosting}...)`;
console.log(`Starting ${which} for the tests (Firestore: ${firestoreDescription()}; output to ${logFile})...`);
const started = Date.now();
// The stack appends to its log: this run's part starts here.
const logStart = existsSync(logFile) ? statSync(logFile).size : 0;
const running = await startStack({ output: { logFile } });
console.log(`Local stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

const code = await runToExit(command, args, { cwd: process.cwd(), forwardSignals: true }).exitCode;
await running.stop();
if (code !== 0) {
  // The cause of a failed test is often only in the log (a function's error, a worker that died).
  const errors = logErrors(readFileSync(logFile).subarray(logStart).toString('utf8'));
  console.log(`The stack's log (${logFile}): ${errors.length > 0 ? 'its errors' : 'no error in it'}`);
  for (const line of errors) console.log(`  ${line}`);
}
process.exit(code);
