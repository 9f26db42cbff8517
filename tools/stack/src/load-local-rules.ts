/**
 * `tsx tools/stack/src/load-local-rules.ts [host:port]`: loads this repository's rules
 * (`firestore.rules`, config.ts) into a running Firestore emulator, for the project of
 * .firebaserc, as @firebase/rules-unit-testing loads rules (`PUT …:securityRules`).
 *
 * For firebase-tools' own `firebase emulators:start` (Google's Firestore emulator, started by
 * firebase-tools): firebase.json names no rules file (no deploy may send ours to the shared
 * project), so that emulator starts allowing every request until these are loaded. The stack
 * (`npm run dev`, `npm test`, `npm run test:official`) loads them itself and needs no call.
 * Without an argument: the Firestore port of firebase.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_RULES_FILE, repoRoot, stack } from './config.js';

export async function loadLocalRules(
  emulator = `${stack.host}:${stack.ports.firestore}`,
  projectId: string = stack.projectId,
): Promise<void> {
  const content = readFileSync(join(repoRoot, LOCAL_RULES_FILE), 'utf8');
  const response = await fetch(`http://${emulator}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ content }] } }),
  });
  if (!response.ok) throw new Error(`${emulator} refused the rules: ${response.status} ${await response.text()}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const emulator = process.argv[2];
  await loadLocalRules(emulator);
  console.log(
    `Loaded ${LOCAL_RULES_FILE} into the Firestore emulator at ${emulator ?? `${stack.host}:${stack.ports.firestore}`} (${stack.projectId}).`,
  );
}
