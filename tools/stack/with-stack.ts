/**
 * Runs a command with the local stack up: reuses a running stack, or starts one (output to
 * .artifacts/stack.log) and stops it afterwards. Exits with the command's exit code.
 *   tsx tools/stack/with-stack.ts <command> [args...]
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { firestoreDescription, repoRoot, startStack } from './src/index.js';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx tools/stack/with-stack.ts <command> [args...]');
  process.exit(2);
}
const logFile = join(repoRoot, '.artifacts', 'stack.log');
console.log(`Starting the local stack for the tests (Firestore: ${firestoreDescription()}; output to ${logFile})...`);
const started = Date.now();
const running = await startStack({ output: { logFile } });
console.log(`Local stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

const child = spawn(command, args, { stdio: 'inherit', cwd: process.cwd() });
const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
const code = await new Promise<number>((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
await running.stop();
process.exit(code);
