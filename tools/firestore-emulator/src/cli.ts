/**
 * Runs the Firestore emulator until SIGINT / SIGTERM.
 *
 *   tsx tools/firestore-emulator/src/cli.ts --host 127.0.0.1 --port 8080 [--functions_emulator 127.0.0.1:5001]
 *     [--hot_documents production|off|perSecond,burst,maxWaitMs]
 *
 * `--functions_emulator` (Google's emulator's flag): where Firestore trigger events go.
 * `--hot_documents` (default: `FIRESTORE_HOT_DOCUMENTS`, else off): production's per-document
 * write limit (hot-documents.ts).
 */
import { parseArgs } from 'node:util';
import { describeHotDocuments, parseHotDocuments, type HotDocumentsOptions } from './hot-documents.js';
import { startFirestoreEmulator } from './index.js';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8080' },
    functions_emulator: { type: 'string' },
    hot_documents: { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port: ${values.port}`);
  process.exit(2);
}

let hotDocuments: HotDocumentsOptions | false;
try {
  hotDocuments = parseHotDocuments(values.hot_documents ?? process.env.FIRESTORE_HOT_DOCUMENTS);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const functionsEmulator = values.functions_emulator;
const emulator = await startFirestoreEmulator({
  host: values.host,
  port,
  hotDocuments,
  ...(functionsEmulator === undefined ? {} : { functionsEmulator }),
});
// The line is as it always was with the model off; with it on, it says so.
const mode = hotDocuments ? ` (${describeHotDocuments(hotDocuments)})` : '';
console.log(`Firestore emulator ready on ${emulator.host}:${emulator.port}${mode}`);

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
