/**
 * Runs the Firestore emulator until SIGINT / SIGTERM.
 *
 *   tsx tools/firestore-emulator/src/cli.ts --host 127.0.0.1 --port 8080
 */
import { parseArgs } from 'node:util';
import { startFirestoreEmulator } from './index.js';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8080' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port: ${values.port}`);
  process.exit(2);
}

const emulator = await startFirestoreEmulator({ host: values.host, port });
console.log(`Firestore emulator ready on ${emulator.host}:${emulator.port}`);

let stopping = false;
const shutdown = (): void => {
  if (stopping) return;
  stopping = true;
  emulator.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error('Firestore emulator did not stop cleanly:', err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
