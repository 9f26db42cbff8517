/**
 * Runs a command with the running stack's Firestore modelling production's per-document write
 * limit, switched on for it and off again after, whatever its outcome:
 *   tsx tools/stack/hot-documents.ts <model> -- <command> [args...]
 * `<model>` as `FIRESTORE_HOT_DOCUMENTS` spells it (`production`, or `perSecond,burst,maxWaitMs`);
 * the command gets that variable too. So one stack serves the suites without the model and then
 * the hot ones (`npm test`), where two starts were needed before. Needs our emulator: Google's
 * has no such model, and the script says so rather than run the command without it.
 */
import { switchHotDocuments } from './src/hot-documents-mode.js';
import { runToExit } from './src/processes.js';

const [model, separator, command, ...args] = process.argv.slice(2);
if (!model || separator !== '--' || !command) {
  console.error(
    'usage: tsx tools/stack/hot-documents.ts <production|perSecond,burst,maxWaitMs> -- <command> [args...]',
  );
  process.exit(2);
}

console.log(`[hot documents] ${await switchHotDocuments(model)}`);
let code = 1;
try {
  const env = { ...process.env, FIRESTORE_HOT_DOCUMENTS: model };
  code = await runToExit(command, args, { env, forwardSignals: true }).exitCode;
} finally {
  console.log(`[hot documents] ${await switchHotDocuments('off')}`);
}
process.exit(code);
